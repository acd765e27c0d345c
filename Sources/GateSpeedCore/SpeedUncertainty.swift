/// How sure a measured average speed is: the half-width of its ~95 % interval.
///
/// The speed is `length / elapsed`. Its relative error is the elapsed time's relative error
/// (each end's crossing-time sigma: timestamps, interpolation, detection and depth) combined
/// with the relative error of the distance between the start and finish gates (each end post's
/// position sigma from the geometry solve), all independent, in quadrature.
public enum SpeedUncertainty {
    /// Standard normal quantile of a two-sided 95 % interval.
    public static let coverageFactor = 1.96

    /// Half-width of the ~95 % interval of `speedKmh`, km/h. Sigmas in seconds
    /// (`startSigma`, `finishSigma`) and in the post unit (`startPostSigma`, `finishPostSigma`,
    /// relative to `postSpan`, the first-to-last post distance in that unit). 0 when unknown.
    public static func halfWidthKmh(speedKmh: Double, elapsedSeconds: Double, startSigma: Double, finishSigma: Double,
                                    startPostSigma: Double, finishPostSigma: Double, postSpan: Double) -> Double {
        guard speedKmh.isFinite, speedKmh > 0, elapsedSeconds > 0 else { return 0 }
        let time = (square(startSigma) + square(finishSigma)).squareRoot() / elapsedSeconds
        let distance = postSpan > 0 ? (square(startPostSigma) + square(finishPostSigma)).squareRoot() / postSpan : 0
        let relative = (time * time + distance * distance).squareRoot()
        let halfWidth = coverageFactor * relative * speedKmh
        return halfWidth.isFinite ? halfWidth : 0
    }

    /// True when `speedKmh ± halfWidthKmh` contains the pass speed.
    public static func isCloseCall(speedKmh: Double, halfWidthKmh: Double, thresholdKmh: Double) -> Bool {
        halfWidthKmh > 0 && (speedKmh - thresholdKmh).magnitude <= halfWidthKmh
    }

    private static func square(_ value: Double) -> Double {
        value.isFinite && value > 0 ? value * value : 0
    }
}
