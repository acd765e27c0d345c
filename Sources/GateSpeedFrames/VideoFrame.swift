/// A view over one decoded or captured frame, with no copy.
///
/// The memory belongs to the frame source and is valid only while the closure that
/// received the frame runs (see `FrameSource.nextFrame`). Anything that must outlive
/// that closure (the recorder, say) copies what it needs into its own buffers.
/// Not `Sendable`: the memory is lent for the duration of a closure, so a view must not be
/// handed to another thread, which could read it after the lender took it back.
public struct VideoFrame {
    /// Luma (brightness). Width and height are the frame's size in pixels.
    public let luma: Plane
    /// Chroma planes (Cb, Cr), when the source has colour. Their size tells the subsampling
    /// (half width and half height for 4:2:0, half width and full height for 4:2:2).
    public let chromaBlue: Plane?
    public let chromaRed: Plane?
    /// Seconds on the source's clock: the media timestamp of a file, the driver's
    /// monotonic buffer timestamp of a camera, the simulated time of the built-in course.
    public let timestamp: Double
    /// The source's frame counter. A gap between consecutive frames means frames were dropped.
    public let sequence: UInt64

    public init(luma: Plane, chromaBlue: Plane? = nil, chromaRed: Plane? = nil, timestamp: Double, sequence: UInt64) {
        self.luma = luma
        self.chromaBlue = chromaBlue
        self.chromaRed = chromaRed
        self.timestamp = timestamp
        self.sequence = sequence
    }

    public var width: Int { luma.width }
    public var height: Int { luma.height }
}
