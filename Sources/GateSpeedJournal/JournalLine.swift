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
