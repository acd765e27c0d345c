/// The stages of the per-frame path, for `gatespeed bench`.
public enum FrameStage: Int, Sendable, CaseIterable {
    /// Reading the view grid out of the frame.
    case sampling
    /// Background comparison, gain and model update (or learning while calibrating).
    case segmentation
    /// Connected regions of the foreground.
    case components
    /// Following the people and choosing the rider.
    case tracking
    /// The timing machine (crossings, rules, events).
    case timing
}

/// Told when each stage of a frame ends. The frame loop uses `NoStageProbe`, which the
/// compiler removes entirely; the benchmark passes one that reads a clock.
public protocol StageProbe {
    mutating func stageEnded(_ stage: FrameStage)
}

public struct NoStageProbe: StageProbe {
    public init() {}
    @inline(__always) public mutating func stageEnded(_ stage: FrameStage) {}
}
