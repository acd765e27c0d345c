/// A strict little JSON reader for the tests (RFC 8259 grammar; numbers as Double), so that
/// `courseJSON` is checked by parsing, not by looking at its text.
indirect enum TinyJSON: Equatable {
    case object([String: TinyJSON], keys: [String])
    case array([TinyJSON])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    struct Failure: Error { let message: String }

    static func parse(_ text: String) throws -> TinyJSON {
        var reader = Reader(bytes: Array(text.utf8))
        let value = try reader.value()
        reader.skipSpace()
        guard reader.index == reader.bytes.count else { throw Failure(message: "text after the value") }
        return value
    }

    subscript(key: String) -> TinyJSON? {
        if case .object(let members, _) = self { return members[key] }
        return nil
    }
    subscript(index: Int) -> TinyJSON? {
        if case .array(let items) = self, index < items.count { return items[index] }
        return nil
    }
    var number: Double? { if case .number(let n) = self { return n }; return nil }
    var keys: [String] { if case .object(_, let keys) = self { return keys }; return [] }
    var count: Int { if case .array(let items) = self { return items.count }; return 0 }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func expect(_ c: UInt8) throws {
            skipSpace()
            guard index < bytes.count, bytes[index] == c else {
                throw Failure(message: "expected \(Character(UnicodeScalar(c))) at \(index)")
            }
            index += 1
        }

        mutating func peek() -> UInt8? { skipSpace(); return index < bytes.count ? bytes[index] : nil }

        mutating func value() throws -> TinyJSON {
            guard let c = peek() else { throw Failure(message: "unexpected end") }
            switch c {
            case UInt8(ascii: "{"):
                index += 1
                var members: [String: TinyJSON] = [:], keys: [String] = []
                if peek() == UInt8(ascii: "}") { index += 1; return .object(members, keys: keys) }
                while true {
                    guard case .string(let key) = try value() else { throw Failure(message: "key must be a string") }
                    guard members[key] == nil else { throw Failure(message: "duplicate key \(key)") }
                    try expect(UInt8(ascii: ":"))
                    members[key] = try value()
                    keys.append(key)
                    if peek() == UInt8(ascii: ",") { index += 1; continue }
                    try expect(UInt8(ascii: "}"))
                    return .object(members, keys: keys)
                }
            case UInt8(ascii: "["):
                index += 1
                var items: [TinyJSON] = []
                if peek() == UInt8(ascii: "]") { index += 1; return .array(items) }
                while true {
                    items.append(try value())
                    if peek() == UInt8(ascii: ",") { index += 1; continue }
                    try expect(UInt8(ascii: "]"))
                    return .array(items)
                }
            case UInt8(ascii: "\""):
                index += 1
                var scalars: [UInt8] = []
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    guard bytes[index] != UInt8(ascii: "\\"), bytes[index] >= 0x20 else {
                        throw Failure(message: "escapes and control characters are not expected here")
                    }
                    scalars.append(bytes[index]); index += 1
                }
                try expect(UInt8(ascii: "\""))
                return .string(String(decoding: scalars, as: UTF8.self))
            case UInt8(ascii: "t"): try word("true"); return .bool(true)
            case UInt8(ascii: "f"): try word("false"); return .bool(false)
            case UInt8(ascii: "n"): try word("null"); return .null
            default: return .number(try number())
            }
        }

        mutating func word(_ w: String) throws {
            for c in w.utf8 {
                guard index < bytes.count, bytes[index] == c else { throw Failure(message: "bad literal") }
                index += 1
            }
        }

        /// -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?
        mutating func number() throws -> Double {
            let start = index
            func digits() -> Int {
                var n = 0
                while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1; n += 1 }
                return n
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count else { throw Failure(message: "bad number") }
            if bytes[index] == UInt8(ascii: "0") { index += 1 } else if digits() == 0 { throw Failure(message: "bad number at \(start)") }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard digits() > 0 else { throw Failure(message: "bad fraction") }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                guard digits() > 0 else { throw Failure(message: "bad exponent") }
            }
            guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else {
                throw Failure(message: "bad number")
            }
            return value
        }
    }
}
