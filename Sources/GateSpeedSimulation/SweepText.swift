/// Short decimal text for the sweep's descriptions and report lines (no Foundation here).
enum SweepText {
    /// `value` rounded to `decimals` places (0…4): `number(0.1234, 2) == "0.12"`, `number(-3, 1) == "-3.0"`.
    /// Non-finite values read "nan", "inf", "-inf"; magnitudes beyond 1e12 are written by Swift.
    static func number(_ value: Double, _ decimals: Int) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }
        let places = min(4, max(0, decimals))
        let unit = [1, 10, 100, 1000, 10000][places]
        guard value.magnitude < 1e12 else { return "\(value)" }
        let total = Int((value.magnitude * Double(unit)).rounded())
        let head = String(total / unit)
        let negative = value < 0 && total != 0
        guard places > 0 else { return (negative ? "-" : "") + head }
        let tail = String(total % unit)
        return (negative ? "-" : "") + head + "." + String(repeating: "0", count: places - tail.count) + tail
    }

    /// A fraction as a percentage with `decimals` places: `percent(0.125, 1) == "12.5 %"`.
    static func percent(_ fraction: Double, _ decimals: Int = 1) -> String {
        number(fraction * 100, decimals) + " %"
    }
}
