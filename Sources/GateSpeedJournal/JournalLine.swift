/// One line of `results.jsonl`. The field names follow the `result`, `invalid` and
/// `session` events of the interface, plus where the line belongs (`session`, `date`)
/// and the wall-clock time it was written (`wall`, ISO 8601 UTC).
struct JournalLine: Codable, Equatable {
    /// "result", "invalid" or "session".
    var event: String
    /// Seconds on the source's clock (absent on session lines).
    var t: Double?
    var wall: String
    var date: String
    var session: Int
    // result
    var valid: Bool?
    var direction: String?
    var elapsed_s: Double?
    var speed_kmh: Double?
    var pass: Bool?
    var uncertainty_kmh: Double?
    var close_call: Bool?
    // invalid
    var reason: String?
    var announcement: String?

    static let resultEvent = "result"
    static let invalidEvent = "invalid"
    static let sessionEvent = "session"
}

/// A valid run as journaled (mirrors the `result` event).
public struct JournalResult: Sendable, Equatable {
    /// Seconds on the source's clock (the finish crossing).
    public var t: Double
    /// "ltr" or "rtl".
    public var direction: String
    public var elapsedSeconds: Double
    public var speedKmh: Double
    public var pass: Bool
    /// The exact words spoken.
    public var announcement: String
    /// Half-width of the speed's ~95 % interval, km/h.
    public var uncertaintyKmh: Double
    /// The interval contains the pass speed.
    public var closeCall: Bool

    public init(t: Double, direction: String, elapsedSeconds: Double, speedKmh: Double, pass: Bool,
                announcement: String, uncertaintyKmh: Double = 0, closeCall: Bool = false) {
        self.uncertaintyKmh = uncertaintyKmh
        self.closeCall = closeCall
        self.t = t
        self.direction = direction
        self.elapsedSeconds = elapsedSeconds
        self.speedKmh = speedKmh
        self.pass = pass
        self.announcement = announcement
    }
}

/// An invalid attempt as journaled (mirrors the `invalid` event).
public struct JournalInvalid: Sendable, Equatable {
    public var t: Double
    /// One of the interface's reasons (`inner_start`, `timeout`, …).
    public var reason: String
    public var announcement: String

    public init(t: Double, reason: String, announcement: String) {
        self.t = t
        self.reason = reason
        self.announcement = announcement
    }
}
