/// A run whose own uncertainty is wider than the timing promises is refused, not announced.
///
/// The speed's ± (`SpeedUncertainty`, 95 %) holds everything the run knows of its errors: each
/// end crossing's sigma (timestamps, interpolation, the position's error where it was read, the
/// crossings' scatter about a steady ride) and the gates' distance from the camera's solve. When
/// its one-sigma share of the speed is over `largestRelativeSigma`, the run cannot be said to be
/// timed to the 2 % the timing promises: a speed announced then is a guess (seen with a rider a
/// few pixels tall, or the view's course band only a few dozen rows: a pixel of foot height is
/// over a metre of depth, and the end crossings move by a tenth of a second or more).
extension TimingMachine {
    /// Largest one-sigma uncertainty of an announced speed, as a share of it.
    public static let largestRelativeSigma = 0.02

    /// Whether a speed of `speedKmh` with the 95 % half-width `halfWidthKmh` is too uncertain to announce.
    func isImprecise(speedKmh: Double, halfWidthKmh: Double) -> Bool {
        guard speedKmh > 0, halfWidthKmh.isFinite else { return false }
        return halfWidthKmh / SpeedUncertainty.coverageFactor > Self.largestRelativeSigma * speedKmh
    }
}
