import GateSpeedCore

/// The geometry's short spellings of `DecimalFormat` (the one fixed-point formatter) for the
/// numbers in problems, warnings and advice.
enum NumberText {
    /// `value` with exactly `decimals` places (0…6), rounded half away from zero; `nan`, `inf`, `-inf`
    /// for non-finite values.
    static func fixed(_ value: Double, _ decimals: Int) -> String {
        DecimalFormat.fixed(value, decimals: max(0, min(6, decimals)))
    }

    /// Like `fixed`, with trailing zeros (and a bare point) removed: `trimmed(12.0) == "12"`.
    static func trimmed(_ value: Double, _ maxDecimals: Int = 3) -> String {
        DecimalFormat.trimmed(value, maxDecimals: max(0, min(6, maxDecimals)))
    }
}
