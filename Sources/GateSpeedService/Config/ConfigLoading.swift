#if canImport(Glibc)
import Glibc
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
        let name = displayName ?? path.split(separator: "/").last.map(String.init) ?? path
        let bytes: [UInt8]
        switch readFile(path) {
        case .success(let contents): bytes = contents
        case .failure(let error):
            if error.code == ENOENT && missingFileIsDefault { return GateSpeedConfig() }
            throw ConfigError(source: name, location: "", problem: "cannot be read (\(error.reason))")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ConfigError(source: name, location: "", problem: "is not UTF-8 text")
        }
        return try parse(json: text, source: name)
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

    private struct ReadError: Error {
        var code: Int32
        var reason: String { String(cString: strerror(code)) }
    }

    private static func readFile(_ path: String) -> Result<[UInt8], ReadError> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(ReadError(code: errno)) }
        defer { close(descriptor) }
        var contents: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let limit = 4 * 1024 * 1024  // a config file is a few kB; refuse to read a disk image
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(ReadError(code: errno))
            }
            if count == 0 { return .success(contents) }
            contents.append(contentsOf: chunk[0..<count])
            if contents.count > limit { return .failure(ReadError(code: EFBIG)) }
        }
    }
}
