#if canImport(Glibc)
import Glibc
#endif

/// Why a durable write failed: the operation, the path and the system's `Errno`.
public struct DurableFileError: Error, Equatable, CustomStringConvertible {
    public enum Operation: String, Sendable { case open, read, write, sync, rename, remove, truncate, createDirectory }
    public let operation: Operation
    public let path: String
    public let errno: Errno

    public init(_ operation: Operation, path: String, errno: Errno) {
        self.operation = operation
        self.path = path
        self.errno = errno
    }

    public var description: String {
        "cannot \(operation.rawValue) \(path): \(errno)"
    }
}

/// The two system calls every durable write goes through, as a seam: `system` makes the
/// real calls; tests pass one that fails with ENOSPC or EIO to prove that nothing is lost
/// when the disk fills. Each returns what the call returns and leaves `errno` set on failure.
public struct DiskWrites: Sendable {
    public var write: @Sendable (_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int
    public var fsync: @Sendable (_ fd: Int32) -> Int32

    public init(write: @escaping @Sendable (Int32, UnsafeRawBufferPointer) -> Int,
                fsync: @escaping @Sendable (Int32) -> Int32) {
        self.write = write
        self.fsync = fsync
    }

    public static let system = DiskWrites(write: { fd, bytes in FileDescriptor.systemWrite(fd, bytes) },
                                          fsync: { Glibc.fsync($0) })
}

/// Small POSIX helpers for files that must survive a power cut: whole-file replacement
/// by temp + fsync + rename, directory fsync, and durable appends.
public enum DurableFile {
    /// Replaces `path` with `bytes` atomically: a reader (or a restart after a crash)
    /// sees either the old file or the new one, never a mix.
    /// A link planted at the temporary name is removed, never written through.
    /// With `replacing: false` an existing file at `path` is left alone (EEXIST).
    /// The one atomic writer is `ConfinedDirectory.writeAtomically`, in the folder holding `path`.
    public static func writeAtomically(_ bytes: [UInt8], to path: String, replacing: Bool = true) throws(DurableFileError) {
        let folder = directoryPart(of: path)
        let directory = try ConfinedDirectory.openRoot(folder.isEmpty ? "." : folder, create: false)
        try directory.writeAtomically(bytes, to: namePart(of: path), replacing: replacing)
    }

    /// fsyncs the directory holding `path`, so a create, rename or unlink in it is durable.
    public static func syncDirectory(containing path: String) throws(DurableFileError) {
        let directory = directoryPart(of: path)
        let fd = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw DurableFileError(.open, path: directory, errno: .current) }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw DurableFileError(.sync, path: directory, errno: .current) }
    }

    /// The directory part of `path` ("" for a bare name, "/" for a file in the root), as
    /// `NSString.deletingLastPathComponent` gives it.
    public static func directoryPart(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        if slash == trimmed.startIndex { return "/" }
        return String(trimmed[..<slash])
    }

    /// The last part of `path` (its file name), as `NSString.lastPathComponent` gives it.
    public static func namePart(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return String(trimmed) }
        if trimmed.count == 1 { return String(trimmed) }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// Puts a finished file in place: fsyncs `temporary` (written by someone else, e.g. a
    /// muxer), renames it to `path` and fsyncs the directory. On failure `temporary` is removed
    /// and nothing appears at `path`. With `directorySyncRequired: false` a failed directory sync
    /// (after which the file is complete and in place) is not an error.
    public static func moveIntoPlace(_ temporary: String, to path: String,
                                     directorySyncRequired: Bool = true) throws(DurableFileError) {
        let fd = open(temporary, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let code = Glibc.errno
            unlink(temporary)
            throw DurableFileError(.open, path: temporary, errno: Errno(code))
        }
        let synced = fsync(fd) == 0
        let syncCode = Glibc.errno
        close(fd)
        guard synced else {
            unlink(temporary)
            throw DurableFileError(.sync, path: temporary, errno: Errno(syncCode))
        }
        guard rename(temporary, path) == 0 else {
            let code = Glibc.errno
            unlink(temporary)
            throw DurableFileError(.rename, path: path, errno: Errno(code))
        }
        do {
            try syncDirectory(containing: path)
        } catch {
            if directorySyncRequired { throw error }
        }
    }

    /// Creates `path` and its parents when missing (`mkdir -p`), naming the errno on failure.
    public static func createDirectory(_ path: String) throws(DurableFileError) {
        guard !path.isEmpty else { return }
        var built = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            built += "/" + component
            if mkdir(built, 0o755) != 0 && errno != EEXIST {
                throw DurableFileError(.createDirectory, path: built, errno: .current)
            }
        }
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw DurableFileError(.createDirectory, path: path, errno: .notDirectory)
        }
    }

    /// Why `readAll` stopped: a read failed (with its `Errno`), or more than its limit arrived.
    public enum ReadAllFailure: Error {
        case system(Errno)
        case tooLarge
    }

    /// Reads `fd` to its end, retrying EINTR, refusing more than `limit` bytes.
    public static func readAll(fd: Int32, limit: Int) -> Result<[UInt8], ReadAllFailure> {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(.system(.current))
            }
            if count == 0 { return .success(bytes) }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > limit { return .failure(.tooLarge) }
        }
    }

    /// Writes all of `bytes` to `fd`, retrying partial writes and EINTR.
    public static func writeAll(fd: Int32, _ bytes: [UInt8], path: String,
                                calls: DiskWrites = .system) throws(DurableFileError) {
        do {
            try FileDescriptor(rawValue: fd).writeAll(bytes, using: calls.write)
        } catch {
            throw DurableFileError(.write, path: path, errno: error)
        }
    }
}

/// A file opened for durable appends: `append` returns only once the bytes are on disk.
/// A failed append is rolled back (truncated away) so the file never keeps half a record.
/// Not thread-safe on its own; its owner serialises calls.
public final class AppendOnlyFile {
    public let path: String
    private let fd: Int32
    private let calls: DiskWrites
    public private(set) var size: Int

    /// Opens (creating when missing) `path`, first cutting any bytes after `validLength`
    /// (a torn tail from a crash mid-write).
    public init(path: String, validLength: Int?, calls: DiskWrites = .system) throws(DurableFileError) {
        let existed = access(path, F_OK) == 0
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw DurableFileError(.open, path: path, errno: .current) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            close(fd)
            throw DurableFileError(.read, path: path, errno: .current)
        }
        var size = Int(info.st_size)
        if let validLength, validLength < size {
            guard ftruncate(fd, off_t(validLength)) == 0, fsync(fd) == 0 else {
                let code = errno
                close(fd)
                throw DurableFileError(.truncate, path: path, errno: Errno(code))
            }
            size = validLength
        }
        self.fd = fd
        self.path = path
        self.size = size
        self.calls = calls
        if !existed { try DurableFile.syncDirectory(containing: path) }
    }

    deinit { close(fd) }

    public func append(_ bytes: [UInt8]) throws(DurableFileError) {
        do throws(DurableFileError) {
            try DurableFile.writeAll(fd: fd, bytes, path: path, calls: calls)
            guard calls.fsync(fd) == 0 else { throw DurableFileError(.sync, path: path, errno: .current) }
            size += bytes.count
        } catch {
            // Cut whatever part of the record reached the file; it was never acknowledged.
            _ = ftruncate(fd, off_t(size))
            throw error
        }
    }
}
