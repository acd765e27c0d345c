/// A JSON syntax error at a 1-based line of the input.
struct JSONSyntaxError: Error, Equatable {
    var line: Int
    var detail: String
}

/// A small strict JSON parser (RFC 8259) for config files: no comments, no trailing commas,
/// no duplicate keys. It reports the line of the first error, which `JSONSerialization`
/// does not do reliably on Linux.
struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private static let maximumDepth = 64

    static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        var bytes = Array(text.utf8)
        // Some editors start UTF-8 files with a byte order mark; it is not part of the JSON.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        var parser = JSONParser(bytes: bytes)
        return try parser.parseDocument()
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
        skipWhitespace()
        if index == bytes.count { throw fail("the file is empty") }
        let value = try parseValue(depth: 0)
        skipWhitespace()
        if index < bytes.count { throw fail("unexpected \(describeCurrent()) after the end of the document") }
        return value
    }

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth < Self.maximumDepth else { throw fail("nested more than \(Self.maximumDepth) levels deep") }
        guard let byte = current else { throw fail("unexpected end of file") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw fail("unexpected \(describeCurrent())")
        }
    }

    private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        index += 1  // {
        var members: [(key: String, value: JSONValue)] = []
        skipWhitespace()
        if current == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else {
                if current == UInt8(ascii: "}") { throw fail("trailing comma before '}'") }
                throw fail("expected a quoted key, found \(describeCurrent())")
            }
            let key = try parseString()
            if members.contains(where: { $0.key == key }) { throw fail("duplicate key \"\(MessageText.clipped(key))\"") }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else {
                throw fail("expected ':' after \"\(MessageText.clipped(key))\", found \(describeCurrent())")
            }
            index += 1
            skipWhitespace()
            members.append((key, try parseValue(depth: depth + 1)))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; return .object(members)
            default: throw fail("expected ',' or '}' after \"\(MessageText.clipped(key))\", found \(describeCurrent())")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        index += 1  // [
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") { index += 1; return .array(elements) }
        while true {
            skipWhitespace()
            if current == UInt8(ascii: "]") { throw fail("trailing comma before ']'") }
            elements.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; return .array(elements)
            default: throw fail("expected ',' or ']' in an array, found \(describeCurrent())")
            }
        }
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1  // opening quote
        var utf8: [UInt8] = []
        while let byte = current {
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try appendEscape(to: &utf8)
            case 0..<0x20:
                index -= 1
                throw fail(byte == 0x0A ? "unterminated string" : "control character in a string")
            default:
                utf8.append(byte)
            }
        }
        throw fail("unterminated string")
    }

    private mutating func appendEscape(to utf8: inout [UInt8]) throws(JSONSyntaxError) {
        guard let escape = current else { throw fail("unterminated string") }
        index += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try parseHex4()
            if (0xD800..<0xDC00).contains(scalar), current == UInt8(ascii: "\\"),
               index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") {
                index += 2
                let low = try parseHex4()
                guard (0xDC00..<0xE000).contains(low) else { throw fail("invalid surrogate pair in \\u escape") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw fail("invalid \\u escape") }
            utf8.append(contentsOf: Array(String(Character(unicode)).utf8))
        default:
            index -= 1
            throw fail("invalid escape \\\(describeCurrent())")
        }
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = Self.hexDigit(byte) else { throw fail("invalid \\u escape") }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        if current == UInt8(ascii: "0") {
            index += 1
            if let byte = current, Self.isDigit(byte) { throw fail("numbers must not have leading zeros") }
        } else {
            guard try skipDigits() else { throw fail("invalid number") }
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard try skipDigits() else { throw fail("invalid number: digits must follow '.'") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard try skipDigits() else { throw fail("invalid number: digits must follow the exponent") }
        }
        let literal = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(literal), value.isFinite else { throw fail("number \(MessageText.clipped(literal)) is out of range") }
        return .number(value, literal: literal)
    }

    /// Skips decimal digits; true when there was at least one.
    private mutating func skipDigits() throws(JSONSyntaxError) -> Bool {
        let start = index
        while let byte = current, Self.isDigit(byte) { index += 1 }
        return index > start
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func expectWord(_ word: StaticString) throws(JSONSyntaxError) {
        let start = index
        for expected in UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount) {
            guard current == expected else {
                index = start
                throw fail("unexpected \(describeCurrent())")
            }
            index += 1
        }
        if let byte = current, byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") {
            index = start
            throw fail("unexpected \(describeCurrent())")
        }
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current {
            switch byte {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A: index += 1; line += 1
            default: return
            }
        }
    }

    /// The current character or word for a message: `'x'`, `word 'True'` or `end of file`.
    private func describeCurrent() -> String {
        guard let byte = current else { return "end of file" }
        let isLetter = { (b: UInt8) in (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") }
        if isLetter(byte) {
            var end = index
            while end < bytes.count, isLetter(bytes[end]) || bytes[end] == UInt8(ascii: "_"), end - index < 20 { end += 1 }
            return "word '\(String(decoding: bytes[index..<end], as: UTF8.self))'"
        }
        if byte < 0x20 { return "control character" }
        if byte >= 0x80 { return "non-ASCII character" }
        return "'\(Character(Unicode.Scalar(byte)))'"
    }

    /// The error at the current position; the line counts newlines consumed so far.
    private func fail(_ detail: String) -> JSONSyntaxError {
        JSONSyntaxError(line: line, detail: detail)
    }
}
