import GateSpeedCore

/// The sweep's short spellings of `DecimalFormat` (the one fixed-point formatter) for its
/// descriptions and report lines.
enum SweepText {
    /// `value` rounded to `decimals` places (0…4): `number(0.1234, 2) == "0.12"`, `number(-3, 1) == "-3.0"`.
    /// Non-finite values read "nan", "inf", "-inf".
    static func number(_ value: Double, _ decimals: Int) -> String {
        DecimalFormat.fixed(value, decimals: min(4, max(0, decimals)))
    }

    /// A fraction as a percentage with `decimals` places: `percent(0.125, 1) == "12.5 %"`.
    static func percent(_ fraction: Double, _ decimals: Int = 1) -> String {
        number(fraction * 100, decimals) + " %"
    }
}
