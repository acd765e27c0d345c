/// Decimal text for `Double`s without Foundation: fixed decimals, trimmed decimals,
/// and integers scaled by a power of ten. Used for spoken words, config messages and
/// anything else a person reads.
public enum DecimalFormat {
    /// The largest number of decimals honoured; more are clamped to this.
    public static let maximumDecimals = 9

    /// `value` rounded to exactly `decimals` places, half away from zero as the value
    /// appears after scaling: `fixed(29.96, decimals: 1) == "30.0"`, `fixed(-0.04, decimals: 1) == "0.0"`.
    /// Non-finite values give `"nan"`, `"inf"` or `"-inf"`.
    public static func fixed(_ value: Double, decimals: Int) -> String {
        let places = clampedDecimals(decimals)
        guard let scaled = scaledInteger(value, decimals: places, rounding: .toNearestOrAwayFromZero) else {
            return fallbackText(value)
        }
        return text(scaled: scaled, decimals: places)
    }

    /// Like `fixed`, with trailing zeros beyond `minDecimals` removed (and the point
    /// when nothing follows it): `trimmed(10.0) == "10"`, `trimmed(0.3, minDecimals: 2) == "0.30"`,
    /// `trimmed(12.5) == "12.5"`.
    public static func trimmed(_ value: Double, maxDecimals: Int = 6, minDecimals: Int = 0) -> String {
        let places = clampedDecimals(maxDecimals)
        let keep = min(clampedDecimals(minDecimals), places)
        guard var scaled = scaledInteger(value, decimals: places, rounding: .toNearestOrAwayFromZero) else {
            return fallbackText(value)
        }
        var shown = places
        while shown > keep && scaled % 10 == 0 {
            scaled /= 10
            shown -= 1
        }
        return text(scaled: scaled, decimals: shown)
    }

    /// The text of `scaled` units of 10^-`decimals`: `text(scaled: 299, decimals: 1) == "29.9"`,
    /// `text(scaled: -5, decimals: 2) == "-0.05"`, `text(scaled: 7, decimals: 0) == "7"`.
    public static func text(scaled: Int, decimals: Int) -> String {
        let places = max(0, decimals)
        let digits = String(scaled.magnitude)
        let padded = digits.count > places
            ? digits
            : String(repeating: "0", count: places + 1 - digits.count) + digits
        let sign = scaled < 0 ? "-" : ""
        guard places > 0 else { return sign + padded }
        let split = padded.index(padded.endIndex, offsetBy: -places)
        return sign + padded[..<split] + "." + padded[split...]
    }

    /// `value` in at least `width` digits, zero-padded after any sign: `zeroPadded(7, width: 4) == "0007"`,
    /// `zeroPadded(12345, width: 4) == "12345"` (run numbers, file numbers).
    public static func zeroPadded(_ value: Int, width: Int) -> String {
        let digits = String(value.magnitude)
        let padded = digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
        return value < 0 ? "-" + padded : padded
    }

    /// `value` × 10^`decimals` rounded with `rule`, or nil when not finite or too large
    /// for exact integer arithmetic.
    public static func scaledInteger(_ value: Double, decimals: Int, rounding rule: FloatingPointRoundingRule) -> Int? {
        guard value.isFinite else { return nil }
        return integer(value * powerOfTen(decimals), rounding: rule)
    }

    /// `value` rounded to an integer with `rule`, or nil when not finite or beyond ±9e15.
    /// Done with integer conversion rather than `Double.rounded`, which would need libm.
    static func integer(_ value: Double, rounding rule: FloatingPointRoundingRule) -> Int? {
        guard value.isFinite, value.magnitude < 9.0e15 else { return nil }
        let truncated = Int(value)  // toward zero
        let fraction = value - Double(truncated)  // exact below 2^53
        switch rule {
        case .towardZero:
            return truncated
        case .down:
            return fraction < 0 ? truncated - 1 : truncated
        case .up:
            return fraction > 0 ? truncated + 1 : truncated
        case .awayFromZero:
            return fraction > 0 ? truncated + 1 : (fraction < 0 ? truncated - 1 : truncated)
        case .toNearestOrEven:
            if fraction.magnitude == 0.5 {
                return truncated % 2 == 0 ? truncated : truncated + (fraction > 0 ? 1 : -1)
            }
            return integer(value, rounding: .toNearestOrAwayFromZero)
        case .toNearestOrAwayFromZero:
            if fraction >= 0.5 { return truncated + 1 }
            if fraction <= -0.5 { return truncated - 1 }
            return truncated
        @unknown default:
            return integer(value, rounding: .toNearestOrAwayFromZero)
        }
    }

    static func powerOfTen(_ decimals: Int) -> Double {
        var result = 1.0
        for _ in 0..<clampedDecimals(decimals) { result *= 10 }
        return result
    }

    private static func clampedDecimals(_ decimals: Int) -> Int {
        min(max(decimals, 0), maximumDecimals)
    }

    /// Text for values the fixed-point path cannot hold (non-finite or huge).
    private static func fallbackText(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }
        return value.description
    }
}
