/// Decimal text for the numbers in problems, warnings and advice (no Foundation here).
enum NumberText {
    /// `value` with exactly `decimals` places (0…6), rounded half away from zero; `nan`, `inf`, `-inf`
    /// for non-finite values and Swift's own description beyond 1e15.
    static func fixed(_ value: Double, _ decimals: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf") }
        let places = max(0, min(6, decimals))
        var power = 1.0
        for _ in 0..<places { power *= 10 }
        let scaled = (value.magnitude * power).rounded(.toNearestOrAwayFromZero)
        guard scaled < 1e15 else { return "\(value)" }
        let whole = UInt64(scaled)
        var digits = String(whole)
        if digits.count <= places { digits = String(repeating: "0", count: places + 1 - digits.count) + digits }
        let sign = value < 0 && whole != 0 ? "-" : ""
        guard places > 0 else { return sign + digits }
        let split = digits.index(digits.endIndex, offsetBy: -places)
        return sign + digits[..<split] + "." + digits[split...]
    }

    /// Like `fixed`, with trailing zeros (and a bare point) removed: `trimmed(12.0) == "12"`.
    static func trimmed(_ value: Double, _ maxDecimals: Int = 3) -> String {
        var text = fixed(value, maxDecimals)
        guard value.isFinite, text.contains(".") else { return text }
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
