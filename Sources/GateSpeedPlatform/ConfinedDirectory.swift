#if canImport(Glibc)
import Glibc
#endif

/// The one way names read from files (a clip index's `file`, a journal's `date`, a folder
/// listing) become paths: each is a single plain entry name, and every step below the root
/// is taken by descriptor with `O_NOFOLLOW`, so a crafted `"../../victim.txt"`, an absolute
/// path or a symbolic link pointing out can never make the program read, write or delete
/// anything outside the folder.
///
/// The root itself is the operator's choice (a config path, `replay --clips DIR`) and may be
/// reached through a link; nothing under it is.
public final class ConfinedDirectory {
    /// The directory's path, for messages and for handing whole paths to libraries.
    public let path: String
    private let fd: Int32

    private init(path: String, fd: Int32) {
        self.path = path
        self.fd = fd
    }

    deinit { close(fd) }

    /// Why `name` cannot be used as an entry name, or nil when it can: not empty, at most
    /// 255 bytes, no `/` (so neither absolute nor nested), no NUL, and not `.` or `..`.
    public static func problem(withName name: String) -> String? {
        if name.isEmpty { return "is empty" }
        if name == "." || name == ".." { return "'\(name)' leaves the folder" }
        if name.utf8.contains(UInt8(ascii: "/")) {
            return name.hasPrefix("/") ? "'\(Self.shortened(name))' is an absolute path"
                                       : "'\(Self.shortened(name))' is not a plain file name (it has a '/')"
        }
        if name.utf8.contains(0) { return "has a NUL byte" }
        if name.utf8.count > 255 { return "is longer than 255 bytes" }
        return nil
    }

    /// Opens the root folder, creating it and its parents when `create` is set.
    public static func openRoot(_ path: String, create: Bool) throws(DurableFileError) -> ConfinedDirectory {
        if create { try DurableFile.createDirectory(path) }
        let fd = open(path.isEmpty ? "." : path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw DurableFileError(.open, path: path, errno: .current) }
        return ConfinedDirectory(path: path, fd: fd)
    }

    /// Opens the sub-directory `name` (creating it when asked); a link or a file there is refused.
    public func subdirectory(_ name: String, create: Bool) throws(DurableFileError) -> ConfinedDirectory {
        let child = try checked(name)
        if create, mkdirat(fd, name, 0o755) == 0 {
            fsync(fd)
        } else if create, errno != EEXIST {
            throw DurableFileError(.createDirectory, path: child, errno: .current)
        }
        let opened = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard opened >= 0 else {
            // A link (even to a directory) answers ELOOP or ENOTDIR: both mean "not a folder of ours".
            throw DurableFileError(.open, path: child, errno: .current)
        }
        return ConfinedDirectory(path: child, fd: opened)
    }

    /// Walks `names` down from here, each step a `subdirectory`.
    public func subdirectory(_ names: [String], create: Bool) throws(DurableFileError) -> ConfinedDirectory {
        var current = self
        for name in names { current = try current.subdirectory(name, create: create) }
        return current
    }

    /// The names in this directory (without `.` and `..`), unsorted; empty when unreadable.
    public func entryNames() -> [String] {
        let listing = dup(fd)
        guard listing >= 0, let stream = fdopendir(listing) else {
            if listing >= 0 { close(listing) }
            return []
        }
        defer { closedir(stream) }
        rewinddir(stream)
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// What an entry is, never following a link.
    public enum EntryKind: Equatable, Sendable {
        case missing
        /// A regular file of `bytes`, last modified `modified` (seconds since 1970).
        case file(bytes: Int, modified: Double)
        case directory
        /// A symbolic link, device, socket, …: never opened.
        case other
    }

    public func kind(of name: String) -> EntryKind {
        guard Self.problem(withName: name) == nil else { return .other }
        var info = stat()
        guard fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            let modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
            return .file(bytes: Int(clamping: info.st_size), modified: modified)
        case S_IFDIR: return .directory
        default: return .other
        }
    }

    /// The whole content of the regular file `name`, or nil when it does not exist.
    /// A link or anything but a regular file is refused; so is a file over `limit` bytes.
    public func read(_ name: String, limit: Int = 16 << 20) throws(DurableFileError) -> [UInt8]? {
        let child = try checked(name)
        let file = openat(fd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard file >= 0 else {
            if errno == ENOENT { return nil }
            throw DurableFileError(.open, path: child, errno: .current)
        }
        defer { close(file) }
        var info = stat()
        guard fstat(file, &info) == 0 else { throw DurableFileError(.read, path: child, errno: .current) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw DurableFileError(.read, path: child, errno: Errno(EINVAL)) }
        guard info.st_size <= limit else { throw DurableFileError(.read, path: child, errno: Errno(EFBIG)) }
        switch DurableFile.readAll(fd: file, limit: limit) {
        case .success(let bytes): return bytes
        case .failure(.system(let failure)): throw DurableFileError(.read, path: child, errno: failure)
        case .failure(.tooLarge): throw DurableFileError(.read, path: child, errno: Errno(EFBIG))
        }
    }

    /// Opens the regular file `name` for reading (never through a link) and gives its
    /// descriptor, which the caller closes, and its size in bytes; nil when it does not exist.
    public func openForReading(_ name: String) throws(DurableFileError) -> (descriptor: Int32, bytes: Int)? {
        let child = try checked(name)
        let file = openat(fd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard file >= 0 else {
            if errno == ENOENT { return nil }
            throw DurableFileError(.open, path: child, errno: .current)
        }
        var info = stat()
        guard fstat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(file)
            throw DurableFileError(.open, path: child, errno: Errno(EINVAL))
        }
        return (file, Int(clamping: info.st_size))
    }

    /// Removes the entry `name` (a file, or a link itself: never what a link points to).
    public func remove(_ name: String) throws(DurableFileError) {
        let child = try checked(name)
        guard unlinkat(fd, name, 0) == 0 || errno == ENOENT else {
            throw DurableFileError(.remove, path: child, errno: .current)
        }
    }

    /// Renames the entry `from` to `to`, both in this directory; with `replacing: false` an
    /// existing `to` is never overwritten (EEXIST).
    public func rename(_ from: String, to: String, replacing: Bool) throws(DurableFileError) {
        _ = try checked(from)
        let target = try checked(to)
        if replacing {
            guard renameat(fd, from, fd, to) == 0 else { throw DurableFileError(.rename, path: target, errno: .current) }
        } else {
            // link + unlink: atomic "create if absent" without renameat2.
            if linkat(fd, from, fd, to, 0) == 0 {
                unlinkat(fd, from, 0)
            } else {
                let code = errno
                // FAT (a USB stick) has no hard links: check, then rename (one writer: us).
                guard code == EPERM || code == EOPNOTSUPP || code == EMLINK, kind(of: to) == .missing else {
                    throw DurableFileError(.rename, path: target, errno: Errno(code == EPERM ? EEXIST : code))
                }
                guard renameat(fd, from, fd, to) == 0 else { throw DurableFileError(.rename, path: target, errno: .current) }
            }
        }
        guard fsync(fd) == 0 else { throw DurableFileError(.sync, path: path, errno: .current) }
    }

    /// The one atomic writer: replaces the entry `name` with `bytes` (temp + fsync + rename +
    /// directory fsync), so a reader or a restart sees the old file or the new one, never a mix.
    /// A link planted at the temporary name is removed, never written through. With
    /// `replacing: false` an existing `name` is left alone (EEXIST; `rename`'s rules).
    public func writeAtomically(_ bytes: [UInt8], to name: String, replacing: Bool = true,
                                calls: DiskWrites = .system) throws(DurableFileError) {
        _ = try checked(name)
        let temporary = name + ".tmp"
        unlinkat(fd, temporary, 0)
        let file = openat(fd, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard file >= 0 else { throw DurableFileError(.open, path: path + "/" + temporary, errno: .current) }
        do throws(DurableFileError) {
            try DurableFile.writeAll(fd: file, bytes, path: path + "/" + temporary, calls: calls)
            guard calls.fsync(file) == 0 else { throw DurableFileError(.sync, path: path + "/" + temporary, errno: .current) }
        } catch {
            close(file)
            unlinkat(fd, temporary, 0)
            throw error
        }
        close(file)
        do throws(DurableFileError) {
            try rename(temporary, to: name, replacing: replacing)
        } catch {
            unlinkat(fd, temporary, 0)
            throw error
        }
    }

    /// The full path of entry `name`, after checking it is a plain name.
    public func checked(_ name: String) throws(DurableFileError) -> String {
        guard Self.problem(withName: name) == nil else {
            throw DurableFileError(.open, path: path + "/" + Self.shortened(name), errno: Errno(EPERM))
        }
        return path + "/" + name
    }

    /// At most 80 characters of `text`, for messages about hostile names.
    public static func shortened(_ text: String) -> String {
        text.count <= 80 ? text : String(text.prefix(77)) + "..."
    }
}
