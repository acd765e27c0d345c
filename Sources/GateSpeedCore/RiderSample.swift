/// Where the tracked rider was in one analysed frame.
public struct RiderSample: Sendable, Equatable {
    /// Seconds on the source's clock (the camera buffer timestamp, or the media timestamp).
    public var t: Double
    /// The rider's position along the timing axis, in the course's post unit (`Course.postUnit`):
    /// normalised view x of the rider's horizontal centre (0 = left edge, 1 = right edge) for
    /// image-rule posts, metres along the course for gate-plane posts. Nil when nobody is tracked.
    public var x: Double?
    /// How sure the tracker is, 0...1.
    public var confidence: Double
    /// One standard deviation of `x` (same unit): detection and depth noise. A slowly varying
    /// error (a depth estimate smoothed over the track) counts in full at every sample.
    public var xSigma: Double
    /// One standard deviation of `t`, seconds: the source's timestamp jitter.
    public var tSigma: Double

    public init(t: Double, x: Double?, confidence: Double = 1, xSigma: Double = 0, tSigma: Double = 0) {
        self.t = t
        self.x = x
        self.confidence = confidence
        self.xSigma = xSigma
        self.tSigma = tSigma
    }

    /// A frame in which nobody was tracked.
    public static func empty(t: Double) -> RiderSample {
        RiderSample(t: t, x: nil, confidence: 0)
    }
}
