import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Why a durable write failed. `code` is the POSIX errno.
public struct DurableFileError: Error, Equatable, CustomStringConvertible {
    public enum Operation: String, Sendable { case open, read, write, sync, rename, remove, truncate, createDirectory }
    public let operation: Operation
    public let path: String
    public let code: Int32

    public init(_ operation: Operation, path: String, code: Int32) {
        self.operation = operation
        self.path = path
        self.code = code
    }

    public var description: String {
        "cannot \(operation.rawValue) \(path): \(String(cString: strerror(code)))"
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

    public static let system = DiskWrites(write: { fd, bytes in Glibc.write(fd, bytes.baseAddress, bytes.count) },
                                          fsync: { Glibc.fsync($0) })
}

/// Small POSIX helpers for files that must survive a power cut: whole-file replacement
/// by temp + fsync + rename, directory fsync, and durable appends.
public enum DurableFile {
    /// Replaces `path` with `bytes` atomically: a reader (or a restart after a crash)
    /// sees either the old file or the new one, never a mix.
    /// A link planted at the temporary name is removed, never written through.
    public static func writeAtomically(_ bytes: [UInt8], to path: String) throws(DurableFileError) {
        let temporary = path + ".tmp"
        unlink(temporary)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw DurableFileError(.open, path: temporary, code: errno) }
        do throws(DurableFileError) {
            try writeAll(fd: fd, bytes, path: temporary)
            guard fsync(fd) == 0 else { throw DurableFileError(.sync, path: temporary, code: errno) }
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        close(fd)
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw DurableFileError(.rename, path: path, code: code)
        }
        try syncDirectory(containing: path)
    }

    /// fsyncs the directory holding `path`, so a create, rename or unlink in it is durable.
    public static func syncDirectory(containing path: String) throws(DurableFileError) {
        let directory = (path as NSString).deletingLastPathComponent
        let fd = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw DurableFileError(.open, path: directory, code: errno) }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw DurableFileError(.sync, path: directory, code: errno) }
    }

    /// Creates `path` and its parents when missing (`mkdir -p`), naming the errno on failure.
    public static func createDirectory(_ path: String) throws(DurableFileError) {
        guard !path.isEmpty else { return }
        var built = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            built += "/" + component
            if mkdir(built, 0o755) != 0 && errno != EEXIST {
                throw DurableFileError(.createDirectory, path: built, code: errno)
            }
        }
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw DurableFileError(.createDirectory, path: path, code: ENOTDIR)
        }
    }

    /// Why `readAll` stopped: a read failed (`code`, the errno), or more than its limit arrived.
    enum ReadAllFailure: Error {
        case system(Int32)
        case tooLarge
    }

    /// Reads `fd` to its end, retrying EINTR, refusing more than `limit` bytes.
    static func readAll(fd: Int32, limit: Int) -> Result<[UInt8], ReadAllFailure> {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(.system(errno))
            }
            if count == 0 { return .success(bytes) }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > limit { return .failure(.tooLarge) }
        }
    }

    /// Writes all of `bytes` to `fd`, retrying partial writes and EINTR.
    static func writeAll(fd: Int32, _ bytes: [UInt8], path: String,
                         calls: DiskWrites = .system) throws(DurableFileError) {
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { raw -> Int in
                calls.write(fd, UnsafeRawBufferPointer(rebasing: raw[written...]))
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw DurableFileError(.write, path: path, code: errno)
            }
            written += result
        }
    }
}

/// A file opened for durable appends: `append` returns only once the bytes are on disk.
/// A failed append is rolled back (truncated away) so the file never keeps half a record.
/// Not thread-safe on its own; its owner serialises calls.
final class AppendOnlyFile {
    let path: String
    private let fd: Int32
    private let calls: DiskWrites
    private(set) var size: Int

    /// Opens (creating when missing) `path`, first cutting any bytes after `validLength`
    /// (a torn tail from a crash mid-write).
    init(path: String, validLength: Int?, calls: DiskWrites = .system) throws(DurableFileError) {
        let existed = access(path, F_OK) == 0
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw DurableFileError(.open, path: path, code: errno) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            close(fd)
            throw DurableFileError(.read, path: path, code: errno)
        }
        var size = Int(info.st_size)
        if let validLength, validLength < size {
            guard ftruncate(fd, off_t(validLength)) == 0, fsync(fd) == 0 else {
                let code = errno
                close(fd)
                throw DurableFileError(.truncate, path: path, code: code)
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

    func append(_ bytes: [UInt8]) throws(DurableFileError) {
        do throws(DurableFileError) {
            try DurableFile.writeAll(fd: fd, bytes, path: path, calls: calls)
            guard calls.fsync(fd) == 0 else { throw DurableFileError(.sync, path: path, code: errno) }
            size += bytes.count
        } catch {
            // Cut whatever part of the record reached the file; it was never acknowledged.
            _ = ftruncate(fd, off_t(size))
            throw error
        }
    }
}
