import CFFmpeg
import Glibc
import GateSpeedFrames

/// Encodes I420 images with libavcodec: H.264 (hardware h264_v4l2m2m where it opens, else
/// libx264 with zerolatency, CRF, no B-frames) or MJPEG.
///
/// Each frame keeps its camera timestamp: packet timestamps are the image's `timestamp`
/// in ticks of 1/90000 s, nudged one tick forward when a stamp does not increase.
/// Not thread-safe: use one encoder from one thread (the recorder's encoding thread).
public final class VideoEncoder {
    /// Packet time base: 1/90000 s (the MPEG clock), fine enough for any camera jitter.
    public static let ticksPerSecond: Int32 = 90_000

    public let settings: EncoderSettings
    /// The stream's description for the muxer. For an encoder that sends its SPS/PPS inline
    /// (h264_v4l2m2m) `extradata` is filled in from the first keyframe, so read this after
    /// encoding the first frame (as a muxer of buffered packets naturally does).
    public private(set) var streamInfo: EncodedStreamInfo

    private let context: UnsafeMutablePointer<AVCodecContext>
    private let frame: UnsafeMutablePointer<AVFrame>
    private let packet: UnsafeMutablePointer<AVPacket>
    private let nominalFrameTicks: Int64
    private var lastPTS: Int64?
    /// Camera timestamps of frames sent but not yet returned as packets, by pts.
    private var pendingTimestamps: [Int64: Double] = [:]
    private var flushed = false

    public init(settings: EncoderSettings) throws {
        guard settings.width > 0, settings.height > 0, settings.width % 2 == 0, settings.height % 2 == 0 else {
            throw MediaError("encoder needs an even, positive frame size, got \(settings.width)x\(settings.height)")
        }
        guard settings.framesPerSecond > 0, settings.framesPerSecond <= 1000 else {
            throw MediaError("encoder frame rate must be between 0 and 1000 fps, got \(settings.framesPerSecond)")
        }
        let candidates: [String]
        switch settings.codec {
        case .h264: candidates = settings.preferHardware ? ["h264_v4l2m2m", "libx264"] : ["libx264"]
        case .mjpeg: candidates = ["mjpeg"]
        }
        var opened: (UnsafeMutablePointer<AVCodecContext>, String)?
        var failures: [String] = []
        for name in candidates {
            guard let codec = avcodec_find_encoder_by_name(name) else {
                failures.append("\(name): not built in")
                continue
            }
            switch Self.open(codec, named: name, settings: settings) {
            case .success(let context): opened = (context, name)
            case .failure(let error): failures.append("\(name): \(error.description)")
            }
            if opened != nil { break }
        }
        guard let (context, name) = opened else {
            let kind = settings.codec == .h264 ? "H.264" : "MJPEG"
            throw MediaError("no \(kind) encoder available (tried \(candidates.joined(separator: ", "))): "
                + failures.joined(separator: "; "))
        }
        var frame = av_frame_alloc()
        let packet = av_packet_alloc()
        guard let allocatedFrame = frame, let packet else {
            var contextToFree: UnsafeMutablePointer<AVCodecContext>? = context
            avcodec_free_context(&contextToFree)
            av_frame_free(&frame)
            throw MediaError("encoder: out of memory")
        }
        allocatedFrame.pointee.format = context.pointee.pix_fmt.rawValue
        allocatedFrame.pointee.width = context.pointee.width
        allocatedFrame.pointee.height = context.pointee.height
        let bufferResult = av_frame_get_buffer(allocatedFrame, 0)
        if bufferResult < 0 {
            var contextToFree: UnsafeMutablePointer<AVCodecContext>? = context
            var packetToFree: UnsafeMutablePointer<AVPacket>? = packet
            avcodec_free_context(&contextToFree)
            av_frame_free(&frame)
            av_packet_free(&packetToFree)
            throw MediaError.ffmpeg("av_frame_get_buffer", bufferResult)
        }
        var extradata: [UInt8] = []
        if let bytes = context.pointee.extradata, context.pointee.extradata_size > 0 {
            extradata = Array(UnsafeBufferPointer(start: bytes, count: Int(context.pointee.extradata_size)))
        }
        self.settings = settings
        self.context = context
        self.frame = allocatedFrame
        self.packet = packet
        let perFrame = (Double(Self.ticksPerSecond) / settings.framesPerSecond).rounded()
        self.nominalFrameTicks = perFrame >= 1 && perFrame <= Double(Self.ticksPerSecond) ? Int64(perFrame) : 3000  // 30 fps
        self.streamInfo = EncodedStreamInfo(
            codecName: name, width: settings.width, height: settings.height,
            timeBaseNumerator: 1, timeBaseDenominator: Self.ticksPerSecond, extradata: extradata,
            framesPerSecond: settings.framesPerSecond,
            codecID: context.pointee.codec_id.rawValue, pixelFormat: context.pointee.pix_fmt.rawValue)
    }

    deinit {
        var contextToFree: UnsafeMutablePointer<AVCodecContext>? = context
        var frameToFree: UnsafeMutablePointer<AVFrame>? = frame
        var packetToFree: UnsafeMutablePointer<AVPacket>? = packet
        avcodec_free_context(&contextToFree)
        av_frame_free(&frameToFree)
        av_packet_free(&packetToFree)
    }

    /// Encodes one image (the settings' size); returns the packets that became ready,
    /// possibly none (an encoder may hold a few frames).
    public func encode(_ image: I420Image) throws -> [EncodedPacket] {
        guard !flushed else { throw MediaError("encoder already flushed; create a new one") }
        guard image.width == settings.width, image.height == settings.height else {
            throw MediaError("encoder expects \(settings.width)x\(settings.height) images, got \(image.width)x\(image.height)")
        }
        let writable = av_frame_make_writable(frame)
        guard writable >= 0 else { throw MediaError.ffmpeg("av_frame_make_writable", writable) }
        copyPlanes(of: image)
        var pts = Int64((image.timestamp * Double(Self.ticksPerSecond)).rounded())
        if let lastPTS, pts <= lastPTS { pts = lastPTS + 1 }
        lastPTS = pts
        frame.pointee.pts = pts
        pendingTimestamps[pts] = image.timestamp
        let sent = avcodec_send_frame(context, frame)
        guard sent >= 0 else {
            pendingTimestamps[pts] = nil
            throw MediaError.ffmpeg("\(streamInfo.codecName) encode", sent)
        }
        return try receivePackets()
    }

    /// Ends the stream: returns the packets the encoder still held. The encoder accepts
    /// no frames afterwards.
    public func flush() throws -> [EncodedPacket] {
        guard !flushed else { return [] }
        flushed = true
        let sent = avcodec_send_frame(context, nil)
        guard sent >= 0 || sent == gs_averror_eof() else { throw MediaError.ffmpeg("\(streamInfo.codecName) flush", sent) }
        return try receivePackets()
    }

    private func receivePackets() throws -> [EncodedPacket] {
        var packets: [EncodedPacket] = []
        while true {
            let received = avcodec_receive_packet(context, packet)
            if received == gs_averror_eagain() || received == gs_averror_eof() { break }
            guard received >= 0 else { throw MediaError.ffmpeg("\(streamInfo.codecName) receive packet", received) }
            defer { av_packet_unref(packet) }
            let p = packet.pointee
            let noTimestamp = gs_av_nopts_value()
            let pts = p.pts == noTimestamp ? (lastPTS ?? 0) : p.pts
            let bytes = p.data.map { Array(UnsafeBufferPointer(start: $0, count: Int(p.size))) } ?? []
            packets.append(EncodedPacket(
                data: bytes, pts: pts, dts: p.dts == noTimestamp ? pts : p.dts,
                duration: p.duration > 0 ? p.duration : nominalFrameTicks,
                isKeyframe: (p.flags & gs_pkt_flag_key()) != 0,
                timestamp: pendingTimestamps.removeValue(forKey: pts) ?? Double(pts) / Double(Self.ticksPerSecond)))
            if streamInfo.extradata.isEmpty, settings.codec == .h264, let last = packets.last, last.isKeyframe,
               let headers = H264ParameterSets.extract(from: last.data) {
                streamInfo = streamInfo.with(extradata: headers)
            }
        }
        return packets
    }

    /// Copies the I420 planes into the reusable frame (whose rows may be padded).
    private func copyPlanes(of image: I420Image) {
        image.bytes.withUnsafeBufferPointer { source in
            guard let sourceBase = source.baseAddress else { return }
            withUnsafeMutablePointer(to: &frame.pointee.data) { dataTuple in
                dataTuple.withMemoryRebound(to: UnsafeMutablePointer<UInt8>?.self, capacity: 3) { data in
                    withUnsafePointer(to: &frame.pointee.linesize) { linesizeTuple in
                        linesizeTuple.withMemoryRebound(to: Int32.self, capacity: 3) { linesize in
                            for index in 0..<3 {
                                guard let destination = data[index] else { continue }
                                let offset = index == 0 ? 0 : (index == 1 ? image.blueOffset : image.redOffset)
                                let width = index == 0 ? image.width : image.chromaWidth
                                let height = index == 0 ? image.height : image.chromaHeight
                                let stride = Int(linesize[index])
                                for row in 0..<height {
                                    (destination + row * stride).update(from: sourceBase + offset + row * width, count: width)
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Opens `codec` with the settings; the context is freed on failure.
    private static func open(_ codec: UnsafePointer<AVCodec>, named name: String,
                             settings: EncoderSettings) -> Result<UnsafeMutablePointer<AVCodecContext>, MediaError> {
        guard let c = avcodec_alloc_context3(codec) else { return .failure(MediaError("out of memory")) }
        c.pointee.width = Int32(settings.width)
        c.pointee.height = Int32(settings.height)
        c.pointee.time_base = AVRational(num: 1, den: ticksPerSecond)
        c.pointee.framerate = av_d2q(settings.framesPerSecond, 100_000)
        c.pointee.gop_size = settings.groupOfPictures
        c.pointee.max_b_frames = 0
        var options: OpaquePointer?
        switch settings.codec {
        case .h264:
            c.pointee.pix_fmt = AV_PIX_FMT_YUV420P
            c.pointee.flags |= gs_codec_flag_global_header()
            if name == "libx264" {
                av_dict_set(&options, "preset", settings.preset, 0)
                av_dict_set(&options, "tune", "zerolatency", 0)
                av_dict_set(&options, "crf", String(max(0, min(51, settings.crf))), 0)
            } else {
                // The hardware encoder has no CRF: ask for a bit rate of the same order.
                let bitsPerPixel = 0.1 * pow(2, Double(23 - settings.crf) / 6)
                c.pointee.bit_rate = Int64(Double(settings.width * settings.height) * settings.framesPerSecond * bitsPerPixel)
            }
        case .mjpeg:
            c.pointee.pix_fmt = AV_PIX_FMT_YUVJ420P
            c.pointee.color_range = AVCOL_RANGE_JPEG
            c.pointee.flags |= gs_codec_flag_qscale()
            c.pointee.global_quality = settings.mjpegQScale * gs_qp2lambda()
        }
        let result = avcodec_open2(c, codec, &options)
        av_dict_free(&options)
        guard result >= 0 else {
            var contextToFree: UnsafeMutablePointer<AVCodecContext>? = c
            avcodec_free_context(&contextToFree)
            return .failure(MediaError.ffmpeg("open", result))
        }
        return .success(c)
    }
}
