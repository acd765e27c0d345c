import CFFmpeg

/// The video codec of recorded clips and test videos.
public enum VideoCodecChoice: String, Sendable {
    /// H.264: the Pi 4's hardware encoder (h264_v4l2m2m) where present, else libx264.
    case h264
    /// Motion JPEG: every frame a keyframe; used for test videos.
    case mjpeg
}

/// What to encode and how.
public struct EncoderSettings: Sendable {
    public var codec: VideoCodecChoice = .h264
    /// Frame size in pixels, even numbers.
    public var width: Int
    public var height: Int
    /// Nominal rate; the real timing comes from each frame's timestamp.
    public var framesPerSecond: Double = 30
    /// x264 constant rate factor (0 = lossless ... 51 = worst). For MJPEG it maps to qscale 2...31.
    public var crf: Int = 23
    /// Seconds between keyframes; at most 1 s so any clip can start within a second of where asked.
    public var keyframeIntervalSeconds: Double = 1.0
    /// x264 preset ("ultrafast", "superfast", ...).
    public var preset: String = "superfast"
    /// Try the hardware H.264 encoder first (falls back to libx264 silently when it cannot open).
    public var preferHardware: Bool = true

    public init(codec: VideoCodecChoice = .h264, width: Int, height: Int, framesPerSecond: Double = 30,
                crf: Int = 23, keyframeIntervalSeconds: Double = 1.0, preset: String = "superfast",
                preferHardware: Bool = true) {
        self.codec = codec
        self.width = width
        self.height = height
        self.framesPerSecond = framesPerSecond
        self.crf = crf
        self.keyframeIntervalSeconds = keyframeIntervalSeconds
        self.preset = preset
        self.preferHardware = preferHardware
    }

    /// Frames between keyframes: the keyframe interval in frames, at least 1.
    var groupOfPictures: Int32 {
        let frames = (min(keyframeIntervalSeconds, 1.0) * framesPerSecond).rounded(.down)
        return Int32(max(1, min(frames, 10_000)))
    }

    /// MJPEG quantiser scale (2 best ... 31 worst) for the CRF.
    var mjpegQScale: Int32 { Int32(max(2, min(31, (crf + 2) / 5))) }
}

/// What a muxer needs to know about an encoded stream.
public struct EncodedStreamInfo: Sendable {
    /// The encoder that produced it: "libx264", "h264_v4l2m2m" or "mjpeg".
    public let codecName: String
    public let width: Int
    public let height: Int
    /// Packet timestamps count ticks of numerator/denominator seconds.
    public let timeBaseNumerator: Int32
    public let timeBaseDenominator: Int32
    /// Codec global header (H.264: SPS and PPS), empty when the codec has none.
    public let extradata: [UInt8]
    /// Nominal frames per second.
    public let framesPerSecond: Double
    /// FFmpeg's AVCodecID raw value.
    let codecID: UInt32
    /// FFmpeg's AVPixelFormat raw value of the encoded pictures.
    let pixelFormat: Int32

    /// Seconds per tick.
    public var secondsPerTick: Double { Double(timeBaseNumerator) / Double(timeBaseDenominator) }
}

/// One encoded frame.
public struct EncodedPacket: Sendable {
    /// The compressed bytes.
    public var data: [UInt8]
    /// Presentation and decode time, in ticks of the stream's time base (camera clock).
    public var pts: Int64
    public var dts: Int64
    /// Ticks until the next frame (the nominal frame interval when not known).
    public var duration: Int64
    public var isKeyframe: Bool
    /// The camera timestamp of the frame, seconds.
    public var timestamp: Double

    public init(data: [UInt8], pts: Int64, dts: Int64, duration: Int64, isKeyframe: Bool, timestamp: Double) {
        self.data = data
        self.pts = pts
        self.dts = dts
        self.duration = duration
        self.isKeyframe = isKeyframe
        self.timestamp = timestamp
    }
}
