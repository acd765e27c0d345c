/// Where the tracked rider was in one analysed frame.
public struct RiderSample: Sendable, Equatable {
    /// Seconds on the source's clock (the camera buffer timestamp, or the media timestamp).
    public var t: Double
    /// Normalised view x of the rider's horizontal centre (0 = left edge, 1 = right edge,
    /// top-left origin); nil when nobody is tracked in this frame.
    public var x: Double?
    /// How sure the tracker is, 0...1.
    public var confidence: Double

    public init(t: Double, x: Double?, confidence: Double = 1) {
        self.t = t
        self.x = x
        self.confidence = confidence
    }

    /// A frame in which nobody was tracked.
    public static func empty(t: Double) -> RiderSample {
        RiderSample(t: t, x: nil, confidence: 0)
    }
}
