/// The seam between the camera source and the kernel: one method per V4L2 call the source
/// makes, with Swift values instead of C structs, so a scripted fake can stand in for a camera.
///
/// Real implementation: `KernelV4L2Device` (raw libc `ioctl` or libv4l2). Enumeration calls
/// return nil at the end of the list (the driver's EINVAL). Everything else throws `V4L2Error`
/// with the errno. Typed throws: no error boxing (allocation) on the per-frame path.
public protocol V4L2DeviceIO {
    /// Opens the device node non-blocking (waiting is done by `poll`).
    mutating func open(path: String) throws(V4L2Error)
    /// Closes the device; safe to call when not open.
    mutating func close()

    func queryCapability() throws(V4L2Error) -> DeviceCapability
    /// VIDIOC_ENUM_FMT for single-planar capture; nil past the last format.
    func enumerateFormat(index: Int) throws(V4L2Error) -> FormatDescriptor?
    /// VIDIOC_ENUM_FRAMESIZES; nil past the last size.
    func enumerateFrameSize(format: PixelFormat, index: Int) throws(V4L2Error) -> FrameSizeOffer?
    /// VIDIOC_ENUM_FRAMEINTERVALS; nil past the last interval.
    func enumerateFrameInterval(format: PixelFormat, width: Int, height: Int,
                                index: Int) throws(V4L2Error) -> FrameIntervalOffer?

    func getFormat() throws(V4L2Error) -> CaptureFormat
    /// VIDIOC_S_FMT; returns the format the driver actually set (it may differ from the request).
    func setFormat(_ format: PixelFormat, width: Int, height: Int) throws(V4L2Error) -> CaptureFormat
    /// VIDIOC_G_PARM: the current time per frame, seconds as a fraction.
    func getFrameInterval() throws(V4L2Error) -> Fraction
    /// VIDIOC_S_PARM; returns the interval the driver actually set.
    func setFrameInterval(_ interval: Fraction) throws(V4L2Error) -> Fraction

    /// VIDIOC_REQBUFS with MMAP memory; returns the count granted. 0 frees the buffers.
    func requestBuffers(count: Int) throws(V4L2Error) -> Int
    /// VIDIOC_QUERYBUF: where buffer `index` lives for `map`.
    func queryBuffer(index: Int) throws(V4L2Error) -> BufferLocation
    func queueBuffer(index: Int) throws(V4L2Error)
    /// VIDIOC_DQBUF; nil when no buffer is ready (EAGAIN).
    func dequeueBuffer() throws(V4L2Error) -> DequeuedBuffer?
    func streamOn() throws(V4L2Error)
    func streamOff() throws(V4L2Error)

    /// VIDIOC_QUERYCTRL; nil when the camera has no such control.
    func queryControl(id: UInt32) throws(V4L2Error) -> ControlInfo?
    func getControl(id: UInt32) throws(V4L2Error) -> Int32
    func setControl(id: UInt32, value: Int32) throws(V4L2Error)

    /// mmap of a buffer, read-only use but mapped shared read/write as drivers expect.
    func map(_ location: BufferLocation) throws(V4L2Error) -> UnsafeMutableRawPointer
    func unmap(_ address: UnsafeMutableRawPointer, length: Int)
    /// Waits up to `timeout` seconds for a frame to be ready.
    func poll(timeout: Double) throws(V4L2Error) -> PollResult

    /// Which path the calls take ("raw ioctl", "libv4l2"), for log lines; empty for fakes.
    var ioDescription: String { get }
}

extension V4L2DeviceIO {
    public var ioDescription: String { "" }
}

/// A rational number (V4L2 frame intervals are seconds as numerator / denominator).
public struct Fraction: Sendable, Hashable {
    public var numerator: Int
    public var denominator: Int
    public init(_ numerator: Int, _ denominator: Int) {
        self.numerator = numerator
        self.denominator = denominator
    }
    public var value: Double { denominator == 0 ? 0 : Double(numerator) / Double(denominator) }
    /// For an interval in seconds: frames per second (0 when the interval is 0).
    public var framesPerSecond: Double { numerator == 0 ? 0 : Double(denominator) / Double(numerator) }
}

/// VIDIOC_QUERYCAP, reduced to what the source and the catalog use.
public struct DeviceCapability: Sendable, Equatable {
    public var driver: String
    public var card: String
    public var busInfo: String
    /// The node's own capabilities (`device_caps` when the driver reports it, else `capabilities`).
    public var deviceCapabilities: UInt32

    public init(driver: String, card: String, busInfo: String, deviceCapabilities: UInt32) {
        self.driver = driver
        self.card = card
        self.busInfo = busInfo
        self.deviceCapabilities = deviceCapabilities
    }

    public static let videoCapture: UInt32 = 0x0000_0001
    public static let videoM2M: UInt32 = 0x0000_8000
    public static let videoM2MMultiplanar: UInt32 = 0x0000_4000
    public static let streaming: UInt32 = 0x0400_0000

    /// A single-planar capture node that streams: a camera, not a metadata node or a codec.
    public var isStreamingCamera: Bool {
        deviceCapabilities & Self.videoCapture != 0
            && deviceCapabilities & Self.streaming != 0
            && deviceCapabilities & (Self.videoM2M | Self.videoM2MMultiplanar) == 0
    }
}

/// One entry of VIDIOC_ENUM_FMT.
public struct FormatDescriptor: Sendable, Equatable {
    public var format: PixelFormat
    public var description: String
    /// Offered by libv4l2's conversion, not by the camera itself (V4L2_FMT_FLAG_EMULATED).
    public var isEmulated: Bool
    public init(format: PixelFormat, description: String, isEmulated: Bool = false) {
        self.format = format
        self.description = description
        self.isEmulated = isEmulated
    }
}

/// One entry of VIDIOC_ENUM_FRAMESIZES: a size, or a range of sizes (pixels).
public enum FrameSizeOffer: Sendable, Equatable {
    case discrete(width: Int, height: Int)
    /// Continuous ranges are stepwise with steps of 1.
    case stepwise(minWidth: Int, maxWidth: Int, stepWidth: Int, minHeight: Int, maxHeight: Int, stepHeight: Int)
}

/// One entry of VIDIOC_ENUM_FRAMEINTERVALS: seconds per frame, or a range of them.
public enum FrameIntervalOffer: Sendable, Equatable {
    case discrete(Fraction)
    case stepwise(min: Fraction, max: Fraction, step: Fraction)
}

/// The format the driver set (VIDIOC_G_FMT / S_FMT), single-planar.
public struct CaptureFormat: Sendable, Equatable {
    public var format: PixelFormat
    public var width: Int
    public var height: Int
    /// Bytes per row of the first plane (0 for compressed formats).
    public var bytesPerLine: Int
    /// Bytes of one whole image (maximum for compressed formats).
    public var sizeImage: Int
    public init(format: PixelFormat, width: Int, height: Int, bytesPerLine: Int, sizeImage: Int) {
        self.format = format
        self.width = width
        self.height = height
        self.bytesPerLine = bytesPerLine
        self.sizeImage = sizeImage
    }
}

/// VIDIOC_QUERYBUF for MMAP memory: the offset to pass to mmap and the length to map.
public struct BufferLocation: Sendable, Equatable {
    public var index: Int
    public var offset: Int
    public var length: Int
    public init(index: Int, offset: Int, length: Int) {
        self.index = index
        self.offset = offset
        self.length = length
    }
}

/// A filled buffer from VIDIOC_DQBUF.
public struct DequeuedBuffer: Sendable, Equatable {
    public var index: Int
    public var bytesUsed: Int
    /// The driver's timestamp, seconds (`timeval` converted).
    public var timestamp: Double
    public var sequence: UInt32
    /// Raw `v4l2_buffer.flags`.
    public var flags: UInt32

    public init(index: Int, bytesUsed: Int, timestamp: Double, sequence: UInt32, flags: UInt32) {
        self.index = index
        self.bytesUsed = bytesUsed
        self.timestamp = timestamp
        self.sequence = sequence
        self.flags = flags
    }

    public static let errorFlag: UInt32 = 0x0000_0040
    public static let timestampMask: UInt32 = 0x0000_e000
    public static let timestampMonotonic: UInt32 = 0x0000_2000

    /// The driver marked the data as damaged (V4L2_BUF_FLAG_ERROR).
    public var isDamaged: Bool { flags & Self.errorFlag != 0 }
    /// The timestamp is CLOCK_MONOTONIC, taken by the driver when the frame was captured.
    public var hasMonotonicTimestamp: Bool { flags & Self.timestampMask == Self.timestampMonotonic }
}

/// VIDIOC_QUERYCTRL, reduced.
public struct ControlInfo: Sendable, Equatable {
    public var id: UInt32
    public var name: String
    public var minimum: Int32
    public var maximum: Int32
    public var defaultValue: Int32
    public var flags: UInt32
    public init(id: UInt32, name: String, minimum: Int32, maximum: Int32, defaultValue: Int32, flags: UInt32 = 0) {
        self.id = id
        self.name = name
        self.minimum = minimum
        self.maximum = maximum
        self.defaultValue = defaultValue
        self.flags = flags
    }
    /// Disabled (0x1) or read-only (0x4): cannot be set.
    public var isSettable: Bool { flags & 0x0001 == 0 && flags & 0x0004 == 0 }
}

public enum PollResult: Sendable, Equatable {
    case ready
    case timedOut
    /// A signal interrupted the wait; ask again.
    case interrupted
}
