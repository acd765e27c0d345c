import GateSpeedPlatform
import Synchronization

/// Who may change things: the holder of `web.token`, or of a token got by pairing. A phone asks
/// to pair (`POST /api/pair` → an id); a short press of the box's button within
/// `windowSeconds` completes the newest waiting pairing; the phone then collects its token
/// once (`GET /api/pair/ID`). Physical presence is the password. Only SHA-256 hashes of tokens are
/// kept, in memory and (with a `TokenFile`) on disk, so they survive a restart; the file is
/// looked at again at most once a second when a request is checked, so `gatespeed pair --revoke`
/// or deleting the file revokes at once. Time is a parameter (seconds, any monotonic clock).
public final class Pairing: Sendable {
    public enum Claim: Equatable, Sendable {
        /// The button was pressed: the token, given this once.
        case token(String)
        /// Not yet pressed; ask again.
        case waiting
        /// No such pairing (never made, expired, or its token was already collected).
        case unknown
    }

    private struct Pending {
        var id: String
        var requestedAt: Double
        var token: String?
        var label: String
    }

    private struct State {
        var pending: [Pending] = []
        var tokens: [StoredToken] = []
        /// The token file's version last read or written, and when it was last looked at.
        var fileVersion: [Int]?
        var lastFileCheck: Double?
    }

    /// Seconds a pairing waits for the button, and then for the phone to collect its token.
    public let windowSeconds: Double
    /// Pairings waiting at once (a flood of requests replaces the oldest).
    public static let maximumPending = 8
    /// Tokens handed out and still valid (the oldest is forgotten past this).
    public static let maximumTokens = 64
    /// Seconds between looks at the token file (when requests are checked).
    public static let fileCheckSeconds = 1.0
    private let fixedTokenHash: [UInt8]?
    private let state = Mutex<State>(State())
    private let tokenFile: TokenFile?
    private let log: Log
    private let makeSecret: @Sendable () -> String
    private let wallClock: @Sendable () -> String

    /// `tokenFile` keeps paired tokens across restarts (nil: memory only). `makeSecret` gives a new
    /// unguessable string (ids and tokens); the default draws 32 random bytes from the system's
    /// generator. `wallClock` stamps a token's creation.
    public init(fixedToken: String?, windowSeconds: Double = 30, tokenFile: TokenFile? = nil,
                log: Log = .silent,
                makeSecret: @escaping @Sendable () -> String = Pairing.randomSecret,
                wallClock: @escaping @Sendable () -> String = TokenFile.timestamp) {
        self.fixedTokenHash = fixedToken.map { SHA256.hash(Array($0.utf8)) }
        self.windowSeconds = windowSeconds
        self.tokenFile = tokenFile
        self.log = log
        self.makeSecret = makeSecret
        self.wallClock = wallClock
        state.withLock { state in reload(&state) }
    }

    /// Starts a pairing; its id. `label` (e.g. the phone's user agent) names the token it gets.
    public func begin(now: Double, label: String? = nil) -> String {
        let id = makeSecret()
        state.withLock { state in
            expire(&state.pending, now: now)
            if state.pending.count >= Self.maximumPending { state.pending.removeFirst() }
            state.pending.append(Pending(id: id, requestedAt: now, token: nil, label: Self.cleanLabel(label)))
        }
        return id
    }

    /// A press of the button: completes the newest pairing waiting for one. True when one was
    /// waiting (the press then means nothing else). `revokingOthers` (a long press while a phone
    /// waits) first forgets every other paired token, so only this phone holds one.
    public func buttonPressed(now: Double, revokingOthers: Bool = false) -> Bool {
        let token = makeSecret()
        return state.withLock { state in
            expire(&state.pending, now: now)
            guard let index = state.pending.lastIndex(where: { $0.token == nil }) else { return false }
            reloadIfChanged(&state, now: nil)
            if revokingOthers { state.tokens.removeAll() }
            state.pending[index].token = token
            state.pending[index].requestedAt = now
            state.tokens.append(StoredToken(hash: SHA256.hash(Array(token.utf8)), created: wallClock(),
                                            label: state.pending[index].label))
            if state.tokens.count > Self.maximumTokens { state.tokens.removeFirst() }
            persist(&state)
            return true
        }
    }

    /// True while a pairing waits for the button (the page says "press the button now").
    public func isWaitingForButton(now: Double) -> Bool {
        state.withLock { state in
            expire(&state.pending, now: now)
            return state.pending.contains { $0.token == nil }
        }
    }

    /// What the phone with pairing `id` gets.
    public func claim(_ id: String, now: Double) -> Claim {
        state.withLock { state in
            expire(&state.pending, now: now)
            guard let index = state.pending.firstIndex(where: { Self.equal(Array($0.id.utf8), Array(id.utf8)) }) else {
                return .unknown
            }
            guard let token = state.pending[index].token else { return .waiting }
            state.pending.remove(at: index)
            return .token(token)
        }
    }

    /// Whether `authorization` (the header's value) carries a valid token. Compares SHA-256
    /// hashes, each in constant time, and looks at the token file first when it may have changed.
    public func authorizes(_ authorization: String?, now: Double) -> Bool {
        guard let authorization, authorization.count > 7, authorization.lowercased().hasPrefix("bearer ") else { return false }
        let presented = SHA256.hash(Array(authorization.dropFirst(7).utf8))
        var matched = false
        if let fixedTokenHash, Self.equal(fixedTokenHash, presented) { matched = true }
        return state.withLock { state in
            reloadIfChanged(&state, now: now)
            for token in state.tokens where Self.equal(token.hash, presented) { matched = true }
            return matched
        }
    }

    /// The paired tokens now (hashes, dates and labels).
    public var tokens: [StoredToken] { state.withLock { $0.tokens } }

    /// Forgets every paired token, also in the token file (the fixed one stays: it is the config's).
    public func revokeAll() {
        state.withLock { state in
            state.tokens.removeAll()
            state.pending.removeAll()
            persist(&state)
        }
    }

    private func reloadIfChanged(_ state: inout State, now: Double?) {
        guard let tokenFile else { return }
        if let now, let last = state.lastFileCheck, now - last < Self.fileCheckSeconds, now >= last { return }
        if let now { state.lastFileCheck = now }
        if tokenFile.version() != state.fileVersion { reload(&state) }
    }

    private func reload(_ state: inout State) {
        guard let tokenFile else { return }
        state.fileVersion = tokenFile.version()
        switch tokenFile.load() {
        case .missing: state.tokens = []
        case .tokens(let tokens): state.tokens = tokens
        case .setAside(let problem, let movedTo):
            state.tokens = []
            state.fileVersion = tokenFile.version()
            log.warning("pages: \(tokenFile.path): \(problem); "
                + (movedTo.map { "set aside as \($0); " } ?? "could not set it aside; ") + "no paired tokens")
        }
    }

    private func persist(_ state: inout State) {
        guard let tokenFile else { return }
        do throws(DurableFileError) {
            try tokenFile.save(state.tokens)
        } catch {
            log.error("pages: cannot save \(tokenFile.path): \(error); paired tokens last until a restart")
        }
        state.fileVersion = tokenFile.version()
    }

    /// A label fit for the file and for `pair --list`: printable, at most `TokenFile.maximumLabel` characters.
    static func cleanLabel(_ label: String?) -> String {
        let printable = String(String.UnicodeScalarView((label ?? "").unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7f }))
        let clipped = String(printable.prefix(TokenFile.maximumLabel))
        return clipped.isEmpty ? "paired" : clipped
    }

    private func expire(_ pending: inout [Pending], now: Double) {
        pending.removeAll { now - $0.requestedAt > windowSeconds || now < $0.requestedAt - windowSeconds }
    }

    /// Compares without stopping at the first difference (no timing hint of how much matched).
    static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }

    /// 32 random bytes from the system's generator (getrandom), as 64 hex digits.
    public static let randomSecret: @Sendable () -> String = {
        var generator = SystemRandomNumberGenerator()
        var text = ""
        for _ in 0..<4 {
            let word = generator.next() as UInt64
            let hex = String(word, radix: 16)
            text += String(repeating: "0", count: 16 - hex.count) + hex
        }
        return text
    }
}
