import Synchronization

/// Who may change things: the holder of `web.token`, or of a token got by pairing. A phone asks
/// to pair (`POST /api/pair` → an id); a short press of the box's button within
/// `windowSeconds` completes the newest waiting pairing; the phone then collects its token
/// once (`GET /api/pair/ID`). Physical presence is the password. Tokens live in memory (a
/// restart, or `revokeAll`, forgets them). Time is a parameter (seconds, any monotonic clock).
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
    }

    /// Seconds a pairing waits for the button, and then for the phone to collect its token.
    public let windowSeconds: Double
    /// Pairings waiting at once (a flood of requests replaces the oldest).
    public static let maximumPending = 8
    /// Tokens handed out and still valid (the oldest is forgotten past this).
    public static let maximumTokens = 64
    private let fixedToken: [UInt8]?
    private let state = Mutex<(pending: [Pending], tokens: [[UInt8]])>(([], []))
    private let makeSecret: @Sendable () -> String

    /// `makeSecret` gives a new unguessable string (ids and tokens); the default draws 32 random
    /// bytes from the system's generator.
    public init(fixedToken: String?, windowSeconds: Double = 30,
                makeSecret: @escaping @Sendable () -> String = Pairing.randomSecret) {
        self.fixedToken = fixedToken.map { Array($0.utf8) }
        self.windowSeconds = windowSeconds
        self.makeSecret = makeSecret
    }

    /// Starts a pairing; its id.
    public func begin(now: Double) -> String {
        let id = makeSecret()
        state.withLock { state in
            expire(&state.pending, now: now)
            if state.pending.count >= Self.maximumPending { state.pending.removeFirst() }
            state.pending.append(Pending(id: id, requestedAt: now))
        }
        return id
    }

    /// A short press of the button: completes the newest pairing waiting for one. True when one
    /// was waiting (the press then means nothing else).
    public func buttonPressed(now: Double) -> Bool {
        let token = makeSecret()
        return state.withLock { state in
            expire(&state.pending, now: now)
            guard let index = state.pending.lastIndex(where: { $0.token == nil }) else { return false }
            state.pending[index].token = token
            state.pending[index].requestedAt = now
            state.tokens.append(Array(token.utf8))
            if state.tokens.count > Self.maximumTokens { state.tokens.removeFirst() }
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

    /// Whether `authorization` (the header's value) carries a valid token.
    public func authorizes(_ authorization: String?) -> Bool {
        guard let authorization, authorization.count > 7, authorization.lowercased().hasPrefix("bearer ") else { return false }
        let presented = Array(authorization.dropFirst(7).utf8)
        if let fixedToken, Self.equal(fixedToken, presented) { return true }
        return state.withLock { state in state.tokens.contains { Self.equal($0, presented) } }
    }

    /// Forgets every paired token (the fixed one stays: it is the config's).
    public func revokeAll() {
        state.withLock { state in
            state.tokens.removeAll()
            state.pending.removeAll()
        }
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
