import GateSpeedEvents

/// Writes a `JSONValue` back as text, two spaces per level, keys in their order and numbers as
/// they were written: a config file edited by a program (`PUT /api/course`) keeps the look of
/// the one a person wrote.
enum JSONWriter {
    static func text(_ value: JSONValue) -> String {
        var out = ""
        write(value, indent: "", into: &out)
        return out + "\n"
    }

    private static func write(_ value: JSONValue, indent: String, into out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .number(_, let literal): out += literal
        case .string(let text): out += JSONObject.quoted(text)
        case .array(let elements):
            // Short arrays of plain values (a post's `[x, y]`) stay on one line.
            if elements.allSatisfy({ !$0.isContainer }) {
                var parts: [String] = []
                for element in elements {
                    var part = ""
                    write(element, indent: indent, into: &part)
                    parts.append(part)
                }
                out += "[" + parts.joined(separator: ", ") + "]"
                return
            }
            out += "[\n"
            for (index, element) in elements.enumerated() {
                out += indent + "  "
                write(element, indent: indent + "  ", into: &out)
                out += index + 1 < elements.count ? ",\n" : "\n"
            }
            out += indent + "]"
        case .object(let members):
            guard !members.isEmpty else { out += "{}"; return }
            out += "{\n"
            for (index, member) in members.enumerated() {
                out += indent + "  " + JSONObject.quoted(member.key) + ": "
                write(member.value, indent: indent + "  ", into: &out)
                out += index + 1 < members.count ? ",\n" : "\n"
            }
            out += indent + "}"
        }
    }
}

extension JSONValue {
    var isContainer: Bool {
        switch self {
        case .array, .object: true
        default: false
        }
    }
}
