/// The one rule for writing a speed beside its verdict: the voice, the clip's overlay, the
/// clip's file name and the log all write it through here, so none can contradict the others
/// or the verdict (decided on the unrounded speed: `speedKmh >= thresholdKmh`).
///
/// A figure is rounded to the nearest unit of its precision, except within `decimalBandKmh`
/// of the threshold: there a fail is cut down (29.96 -> "29.9", or 29 in whole km/h) and a
/// pass is rounded but never below the threshold (30.04 -> "30.0"). Outside the band,
/// rounding cannot cross the threshold.
public struct SpeedText: Sendable, Equatable {
    /// Within this many km/h of the threshold, rounding is directed by the verdict (and the
    /// voice says one decimal).
    public static let decimalBandKmh = 1.0
    /// A figure beyond this is written as this (a speed no course gives, e.g. from a tampered journal).
    public static let largestKmh = 9_999.0

    /// The figure in units of 10^-`decimals` km/h: 299 with one decimal is 29.9 km/h.
    public let scaled: Int
    public let decimals: Int

    /// `speedKmh` with `decimals` places (0...3), agreeing with its verdict against `thresholdKmh`.
    public init(_ speedKmh: Double, thresholdKmh: Double, decimals: Int) {
        let places = min(max(decimals, 0), 3)
        var unit = 1
        for _ in 0..<places { unit *= 10 }
        let speed = speedKmh.isFinite ? min(max(speedKmh, 0), Self.largestKmh) : 0
        let pass = speedKmh >= thresholdKmh
        let inBand = (speedKmh - thresholdKmh).magnitude < Self.decimalBandKmh
        let rule: FloatingPointRoundingRule = inBand && !pass ? .down : .toNearestOrAwayFromZero
        // `speed * unit` is at most 9.999e6: the conversion cannot trap.
        var figure = Int((speed * Double(unit)).rounded(rule))
        if inBand && thresholdKmh.isFinite {
            // Guard against the scaling itself rounding across the threshold.
            if pass {
                while Double(figure) / Double(unit) < thresholdKmh { figure += 1 }
            } else {
                while figure > 0 && Double(figure) / Double(unit) >= thresholdKmh { figure -= 1 }
            }
        }
        scaled = figure
        self.decimals = places
    }

    /// What the voice says: whole km/h, one decimal within the band.
    public static func spoken(_ speedKmh: Double, thresholdKmh: Double) -> SpeedText {
        let inBand = (speedKmh - thresholdKmh).magnitude < decimalBandKmh
        return SpeedText(speedKmh, thresholdKmh: thresholdKmh, decimals: inBand ? 1 : 0)
    }

    /// What the clip's overlay shows: one decimal.
    public static func shown(_ speedKmh: Double, thresholdKmh: Double) -> SpeedText {
        SpeedText(speedKmh, thresholdKmh: thresholdKmh, decimals: 1)
    }

    /// What the clip's file name carries: whole km/h.
    public static func filed(_ speedKmh: Double, thresholdKmh: Double) -> Int {
        SpeedText(speedKmh, thresholdKmh: thresholdKmh, decimals: 0).scaled
    }

    /// "29.9", "31".
    public var text: String { DecimalFormat.text(scaled: scaled, decimals: decimals) }

    /// The figure as a number, km/h.
    public var kmh: Double {
        var unit = 1.0
        for _ in 0..<decimals { unit *= 10 }
        return Double(scaled) / unit
    }
}
