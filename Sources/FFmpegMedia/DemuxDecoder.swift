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
                _ = avcodec_send_packet(codecContext, nil)  // enter draining mode
                continue
            }
            guard packet.pointee.stream_index == streamIndex else {
                av_packet_unref(packet)
                continue
            }
            let damaged = (packet.pointee.flags & gs_pkt_flag_corrupt()) != 0
            let sent = damaged ? gs_averror_invaliddata() : avcodec_send_packet(codecContext, packet)
            av_packet_unref(packet)
            if sent < 0 && sent != gs_averror_eagain() { return .corrupt }
        }
    }
}
