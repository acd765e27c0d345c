import GateSpeedCore

/// A fixed-capacity line of text (Unicode scalar values) built without allocating:
/// literals, integers and fixed-point decimals. Characters beyond the capacity are dropped.
struct OverlayText {
    private var scalars: [UInt32]
    private(set) var count = 0

    init(capacity: Int = 64) {
        scalars = [UInt32](repeating: 0, count: capacity)
    }

    mutating func clear() { count = 0 }

    mutating func append(scalar: UInt32) {
        guard count < scalars.count else { return }
        scalars[count] = scalar
        count += 1
    }

    /// Appends a string; allocation-free for literals (their storage is static).
    mutating func append(_ text: String) {
        for scalar in text.unicodeScalars { append(scalar: scalar.value) }
    }

    mutating func append(_ value: Int) {
        if value < 0 { append(scalar: 0x2D) }
        var magnitude = value.magnitude
        var divisor: UInt = 1
        while magnitude / divisor >= 10 { divisor *= 10 }
        repeat {
            append(scalar: 0x30 + UInt32(magnitude / divisor))
            magnitude %= divisor
            divisor /= 10
        } while divisor > 0
    }

    /// Appends `value` rounded to `fractionDigits` decimals (e.g. 1.42).
    /// Rounded as `DecimalFormat` rounds (half away from zero). A figure beyond ±9e15 units,
    /// which no course gives (e.g. an average restored from a tampered journal), shows as a dash.
    mutating func append(_ value: Double, fractionDigits: Int) {
        let places = min(max(fractionDigits, 0), 9)
        guard let scaled = DecimalFormat.scaledInteger(value, decimals: places, rounding: .toNearestOrAwayFromZero) else {
            append("–")
            return
        }
        append(scaled: scaled, decimals: places)
    }

    /// Appends `scaled` units of 10^-`decimals` (a `SpeedText`): 299 with 1 decimal is "29.9".
    mutating func append(scaled: Int, decimals: Int) {
        var unit = 1
        for _ in 0..<min(max(decimals, 0), 9) { unit *= 10 }
        if scaled < 0 { append(scalar: 0x2D) }
        let magnitude = Int(scaled.magnitude % UInt(Int.max))
        append(magnitude / unit)
        guard unit > 1 else { return }
        append(scalar: 0x2E)
        var remainder = magnitude % unit
        var digitScale = unit / 10
        while digitScale > 0 {
            append(scalar: 0x30 + UInt32(remainder / digitScale))
            remainder %= digitScale
            digitScale /= 10
        }
    }

    /// Calls `body` with the scalars written so far.
    func withScalars<R>(_ body: (UnsafeBufferPointer<UInt32>) -> R) -> R {
        scalars.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[0..<count])) }
    }

    /// The text as a `String` (for tests and logs; allocates).
    var string: String {
        var result = ""
        withScalars { for value in $0 { if let scalar = Unicode.Scalar(value) { result.unicodeScalars.append(scalar) } } }
        return result
    }
}
