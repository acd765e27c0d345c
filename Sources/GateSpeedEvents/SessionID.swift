/// Which session a result belongs to: the local calendar date it started on and its
/// number within that date (1, 2, … ; a `new session` command starts the next one).
public struct SessionID: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Local date, `YYYY-MM-DD`.
    public var date: String
    /// 1-based number within `date`.
    public var number: Int

    public init(date: String, number: Int) {
        self.date = date
        self.number = number
    }

    public var description: String { "\(date) session \(number)" }

    /// The highest session number of a day. Lines beyond it are not believed, and a new
    /// session after it keeps it (no overflow, whatever a journal says).
    public static let maximumNumber = 1_000_000

    /// The session after this one on the same date (never past `maximumNumber`).
    public var nextNumber: Int { number < Self.maximumNumber ? max(number, 0) + 1 : Self.maximumNumber }

    /// True for `YYYY-MM-DD` with a month 01…12 and a day 01…31: the only dates a session
    /// (and the clip folder named after it) can have.
    public static func isLocalDate(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return false }
        var digits: [Int] = []
        for (index, byte) in bytes.enumerated() where index != 4 && index != 7 {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return false }
            digits.append(Int(byte - UInt8(ascii: "0")))
        }
        let month = digits[4] * 10 + digits[5], day = digits[6] * 10 + digits[7]
        return (1...12).contains(month) && (1...31).contains(day)
    }
}
