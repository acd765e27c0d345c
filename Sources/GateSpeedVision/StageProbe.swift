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
    /// One byte, so that each probe has an address of its own. ThreadSanitizer instruments the
    /// `inout` access to the probe; an empty value has no storage, and the address it was given
    /// (a placeholder inside `TimingPipeline.process`) was the same on every thread, so two
    /// pipelines on two threads were reported as racing on one variable.
    private var unused: UInt8 = 0
    public init() {}
    @inline(__always) public mutating func stageEnded(_ stage: FrameStage) {}
}
