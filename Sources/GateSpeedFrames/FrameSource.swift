/// What asking a frame source for its next frame gave.
public enum FrameOutcome: Sendable, Equatable {
    /// A frame was handed to the closure.
    case delivered
    /// No frame this time, but the source is healthy (a corrupt frame skipped, a
    /// non-blocking camera with nothing ready). Ask again.
    case skipped
    /// The source is in a fault state (camera unplugged, reopening with backoff).
    /// The loop treats the rider as lost; `reason` is one line for the log.
    case fault(reason: String)
    /// A file or a finite simulation has no more frames.
    case endOfStream
}

/// Counters every source keeps, reported in the `summary` event.
public struct FrameSourceStatistics: Sendable, Equatable {
    /// Frames handed to the loop.
    public var delivered: Int = 0
    /// Frames missing by sequence number or timestamp.
    public var dropped: Int = 0
    /// Frames that arrived but could not be read, skipped.
    public var corrupt: Int = 0
    public init(delivered: Int = 0, dropped: Int = 0, corrupt: Int = 0) {
        self.delivered = delivered
        self.dropped = dropped
        self.corrupt = corrupt
    }
}

/// The seam between the frame loop and where frames come from: a V4L2 camera,
/// a video file, or the simulated course. The loop is generic over it (no existentials
/// on the per-frame path).
public protocol FrameSource: ~Copyable {
    /// Frame size in pixels as delivered (before any orientation mapping).
    var frameWidth: Int { get }
    var frameHeight: Int { get }
    /// Nominal frames per second (0 when unknown, e.g. a variable-rate file).
    var nominalFramesPerSecond: Double { get }
    var statistics: FrameSourceStatistics { get }

    /// Waits for the next frame and hands it to `body`. The frame's memory is valid
    /// only during `body`.
    mutating func nextFrame(_ body: (VideoFrame) -> Void) -> FrameOutcome
}
