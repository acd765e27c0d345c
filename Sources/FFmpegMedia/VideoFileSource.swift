import CFFmpeg
import GateSpeedPlatform
import GateSpeedFrames
import Glibc

/// Frames of a video file, decoded with libavformat/libavcodec, for `gatespeed replay`.
///
/// Whatever FFmpeg decodes. Each frame's timestamp is its presentation time in seconds from
/// the stream start (the first frame is at about 0 s), so variable frame rate is exact.
/// The luma plane (and chroma for 4:2:0, 4:2:2 and NV12) is handed over without a copy where
/// the pixel format is 8-bit YUV or grey; other formats are converted into a reused buffer.
/// Corrupt packets or pictures are skipped (`.skipped`) and counted corrupt, and so are frames
/// an AVI's index lists that could not be read; frames missing by timestamp (a gap over 1.5
/// nominal intervals not filled by those) are counted as dropped. An AVI's times come from its
/// index (frame number times frame duration), so lost chunks do not move the frames after them.
/// A step back in time (two recordings joined) is handed on as it is: the pipeline starts a
/// new timeline there (see `FrameTimingTracker`).
/// Use from one thread.
public final class VideoFileSource: FrameSource {
    public let path: String
    public let frameWidth: Int
    public let frameHeight: Int
    /// From the stream (its real base rate, else its average rate); 0 when unknown.
    public let nominalFramesPerSecond: Double
    /// Length of the file in seconds, when the container says.
    public let durationSeconds: Double?
    /// FFmpeg's name of the video codec ("h264", "mjpeg", ...).
    public let codecName: String
    public private(set) var statistics = FrameSourceStatistics()

    private let decoder: DemuxDecoder
    private let converter = FrameConverter()
    private var timing: FrameTimingTracker
    private let secondsPerTick: Double
    private let streamStartTicks: Int64?
    private var originTicks: Int64?
    /// Frames the container's index lists (0 when it does not say).
    private let indexedFrames: Int
    /// The first picture is decoded by init (to prove the file decodes) and delivered first.
    private var firstFrameWaiting = true
    private var ended = false

    public init(path: String) throws(VideoFileError) {
        self.path = path
        try Self.checkFile(path)
        let decoder = DemuxDecoder()
        let opened = avformat_open_input(&decoder.formatContext, path, nil, nil)
        guard opened >= 0, let formatContext = decoder.formatContext else {
            throw .notAVideo(path: path, reason: ffmpegErrorText(opened) + "; not a video, or truncated or damaged")
        }
        if let format = formatContext.pointee.iformat, String(cString: format.pointee.name) == "tty" {
            throw .notAVideo(path: path, reason: "it is text")
        }
        let probed = avformat_find_stream_info(formatContext, nil)
        guard probed >= 0 else { throw .notAVideo(path: path, reason: ffmpegErrorText(probed)) }

        var codec: UnsafePointer<AVCodec>?
        let found = av_find_best_stream(formatContext, AVMEDIA_TYPE_VIDEO, -1, -1, &codec, 0)
        decoder.streamIndex = found
        guard found >= 0 || found == gs_averror_decoder_not_found(), let stream = decoder.stream,
              (stream.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC) == 0, let parameters = stream.pointee.codecpar else {
            throw .noVideoStream(path: path)
        }
        guard let codec else {
            throw .unsupportedCodec(path: path, codec: String(cString: avcodec_get_name(parameters.pointee.codec_id)))
        }
        try Self.openDecoder(decoder, codec: codec, stream: stream, path: path)

        let timeBase = stream.pointee.time_base
        secondsPerTick = timeBase.den > 0 ? Double(timeBase.num) / Double(timeBase.den) : 0
        streamStartTicks = stream.pointee.start_time == gs_av_nopts_value() ? nil : stream.pointee.start_time
        nominalFramesPerSecond = Self.nominalRate(of: stream)
        timing = FrameTimingTracker(nominalFramesPerSecond: nominalFramesPerSecond)
        durationSeconds = Self.duration(formatContext: formatContext, stream: stream)
        decoder.indexTiming = AVIIndexTiming(format: formatContext.pointee.iformat, stream: stream)
        // An AVI's frame count includes the empty chunks of dropped frames; its index lists the real ones.
        indexedFrames = decoder.indexTiming != nil ? Int(avformat_index_get_entries_count(stream))
                                                   : max(0, Int(clamping: stream.pointee.nb_frames))
        codecName = String(cString: codec.pointee.name)
        frameWidth = Int(parameters.pointee.width)
        frameHeight = Int(parameters.pointee.height)
        self.decoder = decoder

        // Prove there is a decodable picture; keep it for the first nextFrame.
        while true {
            let step = decoder.step()
            countLostFrames()
            switch step {
            case .frame: return
            case .corrupt: countCorrupt()
            case .end:
                let reason = decoder.inputError.map { "truncated or damaged: " + ffmpegErrorText($0) }
                    ?? "truncated or damaged"
                throw .noDecodableFrame(path: path, reason: statistics.corrupt > 0
                                        ? "\(reason); \(statistics.corrupt) corrupt packets" : reason)
            }
        }
    }

    public func nextFrame(_ body: (VideoFrame) -> Void) -> FrameOutcome {
        if ended { return .endOfStream }
        if firstFrameWaiting {
            firstFrameWaiting = false
            return deliver(body)
        }
        let step = decoder.step()
        countLostFrames()
        switch step {
        case .frame: return deliver(body)
        case .corrupt:
            countCorrupt()
            return .skipped
        case .end:
            ended = true
            // A file cut short: the frames its index lists but that never came could not be read.
            if decoder.inputError != nil || decoder.indexReachesPastEndOfFile() {
                statistics.corrupt = max(statistics.corrupt, indexedFrames - statistics.delivered)
            }
            return .endOfStream
        }
    }

    /// A packet or picture that could not be decoded: corrupt, and its slot is no dropped frame.
    private func countCorrupt() {
        statistics.corrupt += 1
        timing.noteUnreadable()
    }

    /// Frames the index lists that the demuxer lost on the way: corrupt too.
    private func countLostFrames() {
        let lost = decoder.takeLostFrames()
        guard lost > 0 else { return }
        statistics.corrupt += lost
        timing.noteUnreadable(lost)
    }

    /// Hands the decoded picture in `decoder.frame` to `body`, then releases it.
    private func deliver(_ body: (VideoFrame) -> Void) -> FrameOutcome {
        guard let frame = decoder.frame else { return .endOfStream }
        defer { av_frame_unref(frame) }
        let ticks = frame.pointee.best_effort_timestamp
        var seconds: Double?
        if ticks != gs_av_nopts_value() {
            let origin = originTicks ?? streamStartTicks ?? ticks
            originTicks = origin
            // Damaged files carry any 64-bit value: never an overflowing subtraction.
            let (offset, overflow) = ticks.subtractingReportingOverflow(origin)
            seconds = (overflow ? Double(ticks) - Double(origin) : Double(offset)) * secondsPerTick
        }
        let droppedBefore = timing.dropped
        let time = timing.record(time: seconds)
        statistics.dropped += timing.dropped - droppedBefore
        let sequence = UInt64(statistics.delivered + statistics.dropped)
        guard let view = view(of: frame, time: time, sequence: sequence) else {
            statistics.corrupt += 1
            return .skipped
        }
        statistics.delivered += 1
        body(view)
        return .delivered
    }

    /// A frame view over the decoded picture, or over its I420 conversion.
    private func view(of frame: UnsafeMutablePointer<AVFrame>, time: Double, sequence: UInt64) -> VideoFrame? {
        let width = Int(frame.pointee.width), height = Int(frame.pointee.height)
        guard width > 0, height > 0 else { return nil }
        var layout = DecodedFrameLayout(AVPixelFormat(rawValue: frame.pointee.format))
        let linesize = frame.pointee.linesize
        if linesize.0 < Int32(width) { layout = .converted }  // bottom-up or odd rows: convert
        let chromaWidth = (width + 1) / 2
        switch layout {
        case .planar(let halfHeight):
            guard let y = frame.pointee.data.0, let u = frame.pointee.data.1, let v = frame.pointee.data.2,
                  linesize.1 >= Int32(chromaWidth), linesize.2 >= Int32(chromaWidth) else { return nil }
            let chromaHeight = halfHeight ? (height + 1) / 2 : height
            return VideoFrame(
                luma: Plane(base: y, width: width, height: height, rowStride: Int(linesize.0)),
                chromaBlue: Plane(base: u, width: chromaWidth, height: chromaHeight, rowStride: Int(linesize.1)),
                chromaRed: Plane(base: v, width: chromaWidth, height: chromaHeight, rowStride: Int(linesize.2)),
                timestamp: time, sequence: sequence)
        case .semiPlanar(let blueFirst, let halfHeight):
            guard let y = frame.pointee.data.0, let uv = frame.pointee.data.1, linesize.1 >= Int32(2 * chromaWidth) else {
                return nil
            }
            let chromaHeight = halfHeight ? (height + 1) / 2 : height
            let stride = Int(linesize.1)
            let blue = Plane(base: uv + (blueFirst ? 0 : 1), width: chromaWidth, height: chromaHeight,
                             rowStride: stride, pixelStride: 2)
            let red = Plane(base: uv + (blueFirst ? 1 : 0), width: chromaWidth, height: chromaHeight,
                            rowStride: stride, pixelStride: 2)
            return VideoFrame(luma: Plane(base: y, width: width, height: height, rowStride: Int(linesize.0)),
                              chromaBlue: blue, chromaRed: red, timestamp: time, sequence: sequence)
        case .lumaOnly:
            guard let y = frame.pointee.data.0 else { return nil }
            return VideoFrame(luma: Plane(base: y, width: width, height: height, rowStride: Int(linesize.0)),
                              timestamp: time, sequence: sequence)
        case .converted:
            guard let base = converter.convert(frame) else { return nil }
            let cw = converter.chromaWidth, ch = converter.chromaHeight
            return VideoFrame(
                luma: Plane(base: base, width: width, height: height, rowStride: width),
                chromaBlue: Plane(base: base + width * height, width: cw, height: ch, rowStride: cw),
                chromaRed: Plane(base: base + width * height + cw * ch, width: cw, height: ch, rowStride: cw),
                timestamp: time, sequence: sequence)
        }
    }

    private static func checkFile(_ path: String) throws(VideoFileError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { throw .missingFile(path: path) }
            throw .notAVideo(path: path, reason: Errno.current.description)
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .notAVideo(path: path, reason: "it is a directory")
        // Replayed as fast as the file allows, from its own timestamps: a file, not a stream.
        case S_IFIFO: throw .notAVideo(path: path, reason: "it is a FIFO (named pipe), not a regular file")
        case S_IFCHR, S_IFBLK: throw .notAVideo(path: path, reason: "it is a device, not a regular file")
        case S_IFSOCK: throw .notAVideo(path: path, reason: "it is a socket, not a regular file")
        default: throw .notAVideo(path: path, reason: "it is not a regular file")
        }
        if info.st_size == 0 { throw .emptyFile(path: path) }
    }

    private static func openDecoder(_ decoder: DemuxDecoder, codec: UnsafePointer<AVCodec>,
                                    stream: UnsafeMutablePointer<AVStream>, path: String) throws(VideoFileError) {
        decoder.codecContext = avcodec_alloc_context3(codec)
        decoder.packet = av_packet_alloc()
        decoder.frame = av_frame_alloc()
        guard let context = decoder.codecContext, decoder.packet != nil, decoder.frame != nil else {
            throw .decoderFailure(path: path, reason: "out of memory")
        }
        let copied = avcodec_parameters_to_context(context, stream.pointee.codecpar)
        guard copied >= 0 else { throw .decoderFailure(path: path, reason: ffmpegErrorText(copied)) }
        context.pointee.pkt_timebase = stream.pointee.time_base
        context.pointee.thread_count = 0  // one per core
        context.pointee.thread_type = gs_thread_frame_and_slice()
        let opened = avcodec_open2(context, codec, nil)
        guard opened >= 0 else { throw .decoderFailure(path: path, reason: ffmpegErrorText(opened)) }
    }

    /// The stream's real base rate when plausible (1...240 fps), else its average rate, else 0.
    private static func nominalRate(of stream: UnsafeMutablePointer<AVStream>) -> Double {
        for rate in [stream.pointee.r_frame_rate, stream.pointee.avg_frame_rate] where rate.num > 0 && rate.den > 0 {
            let fps = Double(rate.num) / Double(rate.den)
            if fps >= 1 && fps <= 240 { return fps }
        }
        return 0
    }

    private static func duration(formatContext: UnsafeMutablePointer<AVFormatContext>,
                                 stream: UnsafeMutablePointer<AVStream>) -> Double? {
        let noTimestamp = gs_av_nopts_value()
        if stream.pointee.duration != noTimestamp, stream.pointee.duration > 0, stream.pointee.time_base.den > 0 {
            return Double(stream.pointee.duration) * Double(stream.pointee.time_base.num) / Double(stream.pointee.time_base.den)
        }
        if formatContext.pointee.duration != noTimestamp, formatContext.pointee.duration > 0 {
            return Double(formatContext.pointee.duration) / Double(AV_TIME_BASE)
        }
        return nil
    }
}
