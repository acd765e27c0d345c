import Foundation
import GateSpeedPlatform

/// One paired token as the token file keeps it: only its SHA-256, when it was made and a label.
public struct StoredToken: Equatable, Sendable {
    /// SHA-256 of the token's UTF-8 (32 bytes).
    public var hash: [UInt8]
    /// When it was paired (ISO 8601, UTC), as text.
    public var created: String
    /// Who asked (the pairing phone's user agent, clipped) or "paired".
    public var label: String

    public init(hash: [UInt8], created: String, label: String) {
        self.hash = hash
        self.created = created
        self.label = label
    }
}

/// Why a token file was refused.
public struct TokenFileProblem: Error, Equatable, Sendable {
    public let text: String
    init(_ text: String) { self.text = text }
}

/// The paired tokens kept across restarts: `web-tokens.json` beside the journal,
/// `{"version":1,"tokens":[{"sha256":"…","created":"…","label":"…"}]}`, replaced atomically
/// (DurableFile). A file that is not that (corrupt, hostile, too big) is renamed to
/// `web-tokens.json.corrupt-N` and counts as no tokens: nothing is lost and nothing crashes.
public struct TokenFile: Sendable {
    public enum Loaded: Equatable, Sendable {
        /// No file: no tokens (deleting the file revokes every paired token).
        case missing
        case tokens([StoredToken])
        /// Set aside to `movedTo` (nil when even that failed) because of `problem`.
        case setAside(problem: String, movedTo: String?)
    }

    /// Where the file is.
    public let path: String
    /// Bytes read at most; a bigger file is hostile.
    public static let maximumBytes = 64 << 10
    /// The label's length at most (characters).
    public static let maximumLabel = 80

    public init(path: String) { self.path = path }

    /// `web-tokens.json` in the folder of the journal at `journalPath` (the service's state folder).
    public static func besideJournal(_ journalPath: String) -> TokenFile {
        let folder = (journalPath as NSString).deletingLastPathComponent
        return TokenFile(path: (folder.isEmpty ? "." : folder) + "/web-tokens.json")
    }

    /// What identifies the file's present version (device, inode, size, modification time), or
    /// nil when there is none: a change means another process replaced or edited it.
    public func version() -> [Int]? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return [Int(truncatingIfNeeded: info.st_dev), Int(truncatingIfNeeded: info.st_ino), Int(info.st_size),
                Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec)]
    }

    /// Reads the file; a bad one is set aside (see `Loaded`).
    public func load() -> Loaded {
        switch read() {
        case .missing: return .missing
        case .bytes(let bytes):
            switch Self.parse(bytes) {
            case .success(let tokens): return .tokens(tokens)
            case .failure(let problem): return setAside(problem.text)
            }
        case .unreadable(let problem): return setAside(problem)
        }
    }

    /// Replaces the file with `tokens` atomically.
    public func save(_ tokens: [StoredToken]) throws(DurableFileError) {
        try DurableFile.writeAtomically(Array(Self.encode(tokens).utf8), to: path)
    }

    /// The file's text for `tokens`.
    public static func encode(_ tokens: [StoredToken]) -> String {
        let entries: [[String: Any]] = tokens.map { ["sha256": SHA256.hex($0.hash), "created": $0.created, "label": $0.label] }
        let root: [String: Any] = ["version": 1, "tokens": entries]
        guard let data = try? JSONSerialization.data(withJSONObject: root, options: [.sortedKeys]) else {
            return "{\"tokens\":[],\"version\":1}"
        }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// The tokens in `bytes`, or why they are not a token file.
    static func parse(_ bytes: [UInt8]) -> Result<[StoredToken], TokenFileProblem> {
        guard let root = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any] else {
            return .failure(TokenFileProblem("not a JSON object"))
        }
        guard (root["version"] as? Int) == 1 else { return .failure(TokenFileProblem("\"version\" is not 1")) }
        guard let entries = root["tokens"] as? [Any] else { return .failure(TokenFileProblem("\"tokens\" is not a list")) }
        guard entries.count <= Pairing.maximumTokens else {
            return .failure(TokenFileProblem("more than \(Pairing.maximumTokens) tokens"))
        }
        var tokens: [StoredToken] = []
        for (index, entry) in entries.enumerated() {
            guard let object = entry as? [String: Any],
                  let hex = object["sha256"] as? String, let hash = SHA256.bytes(fromHex: hex), hash.count == 32,
                  let created = object["created"] as? String, created.count <= 40,
                  let label = object["label"] as? String, label.count <= maximumLabel else {
                return .failure(TokenFileProblem("token \(index + 1) is not {\"sha256\": 64 hex digits, \"created\": text, \"label\": text}"))
            }
            tokens.append(StoredToken(hash: hash, created: created, label: Pairing.cleanLabel(label)))
        }
        return .success(tokens)
    }

    private enum Read { case missing, bytes([UInt8]), unreadable(String) }

    private func read() -> Read {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else {
            let failure = Errno.current
            return failure == .noEntry ? .missing : .unreadable("cannot open (\(failure.numbered))")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return .unreadable("not a regular file") }
        guard info.st_size <= Self.maximumBytes else { return .unreadable("bigger than \(Self.maximumBytes) bytes") }
        switch DurableFile.readAll(fd: fd, limit: Self.maximumBytes) {
        case .success(let bytes): return .bytes(bytes)
        case .failure(.system(let failure)): return .unreadable("cannot read (\(failure.numbered))")
        case .failure(.tooLarge): return .unreadable("bigger than \(Self.maximumBytes) bytes")
        }
    }

    private func setAside(_ problem: String) -> Loaded {
        for number in 1...100 {
            let target = path + ".corrupt-\(number)"
            var info = stat()
            if lstat(target, &info) == 0 { continue }
            if rename(path, target) == 0 { return .setAside(problem: problem, movedTo: target) }
            break
        }
        return .setAside(problem: problem, movedTo: nil)
    }

    /// Now, as the file's "created" text (ISO 8601, UTC, whole seconds).
    public static func timestamp() -> String {
        WallClockText.iso8601(WallClockText.now())
    }
}
