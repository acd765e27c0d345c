import CFFmpeg

/// The libavformat + libavcodec state behind a `VideoFileSource`: an open input, its
/// best video stream's decoder, and one reusable packet and frame. Frees them all in deinit,
/// so a half-built decoder (an init that throws) leaks nothing.
final class DemuxDecoder {
    /// What decoding one more step gave.
    enum Step {
        /// `frame` holds a decoded picture (unref it after use).
        case frame
        /// A packet or picture could not be decoded; skipped.
        case corrupt
        /// No more pictures.
        case end
    }

    var formatContext: UnsafeMutablePointer<AVFormatContext>?
    var codecContext: UnsafeMutablePointer<AVCodecContext>?
    var packet: UnsafeMutablePointer<AVPacket>?
    var frame: UnsafeMutablePointer<AVFrame>?
    var streamIndex: Int32 = -1
    /// Set once the demuxer stopped giving packets; the decoder is then drained.
    private(set) var inputEnded = false
    /// The demuxer's error when input ended other than at a clean end of file.
    private(set) var inputError: Int32?
    /// For an AVI with an index: packets restamped with their frame numbers from it.
    var indexTiming: AVIIndexTiming?
    /// Frames the container lists that the demuxer never delivered, not yet taken.
    private var lostFrames = 0

    deinit {
        avcodec_free_context(&codecContext)
        av_packet_free(&packet)
        av_frame_free(&frame)
        avformat_close_input(&formatContext)
    }

    var stream: UnsafeMutablePointer<AVStream>? {
        guard let formatContext, streamIndex >= 0, let streams = formatContext.pointee.streams else { return nil }
        return streams[Int(streamIndex)]
    }

    /// True when the container's index places a frame beyond the end of the file: the file
    /// was cut short after its index was written (an MP4 with the index at the front).
    func indexReachesPastEndOfFile() -> Bool {
        guard let formatContext, let io = formatContext.pointee.pb, let stream else { return false }
        let fileSize = avio_size(io)
        guard fileSize > 0 else { return false }
        let entries = avformat_index_get_entries_count(stream)
        guard entries > 0, let last = avformat_index_get_entry(stream, entries - 1) else { return false }
        return last.pointee.pos + Int64(last.pointee.size) > fileSize
    }

    /// Frames the container's index lists that never came out of the demuxer (a damaged or
    /// overwritten stretch of an AVI), since the last call. They are in the file but unreadable.
    func takeLostFrames() -> Int {
        defer { lostFrames = 0 }
        return lostFrames
    }

    /// Decodes until a picture is ready, a packet fails or the input is exhausted.
    func step() -> Step {
        guard let formatContext, let codecContext, let packet, let frame else { return .end }
        while true {
            let received = avcodec_receive_frame(codecContext, frame)
            if received >= 0 {
                if (frame.pointee.flags & gs_frame_flag_corrupt()) != 0 || frame.pointee.decode_error_flags != 0 {
                    av_frame_unref(frame)
                    return .corrupt
                }
                return .frame
            }
            if received == gs_averror_eof() { return .end }
            if received != gs_averror_eagain() { return .corrupt }
            if inputEnded { return .end }

            let read = av_read_frame(formatContext, packet)
            if read < 0 {
                if read != gs_averror_eof() { inputError = read }
                inputEnded = true
                if let indexTiming, let stream { lostFrames += indexTiming.framesAfterLastListed(in: stream) }
                _ = avcodec_send_packet(codecContext, nil)  // enter draining mode
                continue
            }
            guard packet.pointee.stream_index == streamIndex else {
                av_packet_unref(packet)
                continue
            }
            if var timing = indexTiming, let stream {
                switch timing.restamp(packet, stream: stream) {
                case .listed(let lostBefore): lostFrames += lostBefore
                case .beyondIndex: break
                case .unlisted where timing.lastEntry < 0:
                    // Not even the first packet is where the index says: it does not describe this file.
                    indexTiming = nil
                case .unlisted:
                    av_packet_unref(packet)  // resynchronised onto damage: no frame of this file
                    continue
                }
                if indexTiming != nil { indexTiming = timing }
            }
            let damaged = (packet.pointee.flags & gs_pkt_flag_corrupt()) != 0
            let sent = damaged ? gs_averror_invaliddata() : avcodec_send_packet(codecContext, packet)
            av_packet_unref(packet)
            if sent < 0 && sent != gs_averror_eagain() { return .corrupt }
        }
    }
}
