/// A parsed JSON value that keeps what the config checks need and `JSONSerialization`
/// loses: the order of keys, whether a number was written as a whole number, and
/// (through `JSONParser`) the line of every syntax error.
enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    /// A number and how it was written, so messages can echo it back unchanged.
    case number(Double, literal: String)
    case string(String)
    case array([JSONValue])
    /// Members in file order. Duplicate keys are rejected by the parser.
    case object([(key: String, value: JSONValue)])

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.number(a, _), .number(b, _)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    /// How the value reads in a message: strings quoted, numbers as written,
    /// containers by kind ("an array"), so `must be a number, not "28"` reads naturally.
    var shortDescription: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(_, let literal): return MessageText.clipped(literal)
        case .string(let text): return "\"\(MessageText.clipped(text))\""
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
