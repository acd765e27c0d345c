#if canImport(Glibc)
import Glibc
import GateSpeedPlatform
#endif

extension GateSpeedConfig {
    /// Reads and checks a config file.
    ///
    /// - Parameters:
    ///   - path: the file, e.g. `GateSpeedConfig.defaultPath`.
    ///   - displayName: how messages name the file; defaults to its last path component
    ///     (`config.json: course.posts[2]: …`).
    ///   - missingFileIsDefault: when true, a file that does not exist gives the defaults
    ///     (for `gatespeed run` without `--config` on a machine without `/etc/gatespeed`).
    /// - Throws: `ConfigError` naming the file, the line or key path, and the problem.
    public static func load(path: String, displayName: String? = nil,
                            missingFileIsDefault: Bool = false) throws(ConfigError) -> GateSpeedConfig {
        if missingFileIsDefault {
            return try loadIfPresent(path: path, displayName: displayName) ?? GateSpeedConfig()
        }
        let name = displayName ?? path.split(separator: "/").last.map(String.init) ?? path
        let bytes: [UInt8]
        switch readFile(path) {
        case .success(let contents): bytes = contents
        case .failure(let error): throw ConfigError(source: name, location: "", problem: error.problem)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ConfigError(source: name, location: "", problem: "is not UTF-8 text")
        }
        return try parse(json: text, source: name)
    }

    /// As `load(path:displayName:)`, but nil when there is no file at `path` (ENOENT, or a
    /// parent that is not a directory): the caller then uses the defaults and says so.
    public static func loadIfPresent(path: String, displayName: String? = nil) throws(ConfigError) -> GateSpeedConfig? {
        var info = stat()
        if stat(path, &info) != 0 && (errno == ENOENT || errno == ENOTDIR) { return nil }
        return try load(path: path, displayName: displayName)
    }

    /// Parses config JSON text; `source` names it in messages (nil for none).
    public static func parse(json text: String, source: String? = "config.json") throws(ConfigError) -> GateSpeedConfig {
        let document: JSONValue
        do {
            document = try JSONParser.parse(text)
        } catch {
            throw ConfigError(source: source, location: "line \(error.line)", problem: "invalid JSON (\(error.detail))")
        }
        return try GateSpeedConfig(document: document, source: source)
    }

    /// The largest config file read, bytes; a config is a few kB.
    public static let maximumFileBytes = 1_000_000

    private struct ReadError: Error {
        var errno: Errno
        /// Said instead of strerror when the errno alone would mislead (a FIFO, a huge file).
        var detail: String?
        /// The phrase after the file name: `cannot be read (Permission denied)`, `is a FIFO …`.
        var problem: String { detail ?? "cannot be read (\(errno))" }
    }

    /// Reads a regular file of at most `maximumFileBytes`. A FIFO, a device, a socket or a
    /// directory is refused without reading (and without blocking: the file is opened
    /// non-blocking and checked with fstat before the first read).
    private static func readFile(_ path: String) -> Result<[UInt8], ReadError> {
        var info = stat()
        guard stat(path, &info) == 0 else { return .failure(ReadError(errno: .current)) }
        if let refusal = refusal(info) { return .failure(refusal) }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else { return .failure(ReadError(errno: .current)) }
        defer { close(descriptor) }
        // The path may have been swapped between stat and open: check what was opened.
        guard fstat(descriptor, &info) == 0 else { return .failure(ReadError(errno: .current)) }
        if let refusal = refusal(info) { return .failure(refusal) }
        return DurableFile.readAll(fd: descriptor, limit: maximumFileBytes).mapError { failure in
            switch failure {
            case .system(let failure): ReadError(errno: failure)
            case .tooLarge: tooLarge()
            }
        }
    }

    /// Why a file of this kind or size is not read, or nil for a regular file that fits.
    private static func refusal(_ info: stat) -> ReadError? {
        let kind: String
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            return info.st_size > maximumFileBytes ? tooLarge(info.st_size) : nil
        case S_IFDIR: return ReadError(errno: Errno(EISDIR), detail: "is a directory, not a file")
        case S_IFIFO: kind = "a FIFO (named pipe)"
        case S_IFCHR: kind = "a character device"
        case S_IFBLK: kind = "a block device"
        case S_IFSOCK: kind = "a socket"
        default: kind = "not a regular file"
        }
        return ReadError(errno: Errno(EINVAL), detail: "is \(kind), not a regular file")
    }

    private static func tooLarge(_ size: Int = 0) -> ReadError {
        let shown = size > 0 ? "\(size) bytes" : "more than \(maximumFileBytes) bytes"
        return ReadError(errno: Errno(EFBIG), detail: "is too large (\(shown); a config file is at most 1 MB)")
    }
}
