import CFFmpeg

/// A failure of the encoder or the container writer, with a one-line description
/// (for example "no H.264 encoder available (tried h264_v4l2m2m, libx264)").
public struct MediaError: Error, CustomStringConvertible, Sendable, Equatable {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }

    /// An FFmpeg call that returned the negative error `code`.
    static func ffmpeg(_ operation: String, _ code: Int32) -> MediaError {
        MediaError("\(operation) failed: \(ffmpegErrorText(code))")
    }
}

/// FFmpeg's text for an AVERROR code (the function behind the `av_err2str` macro).
func ffmpegErrorText(_ code: Int32) -> String {
    var buffer = [CChar](repeating: 0, count: 128)
    let known = buffer.withUnsafeMutableBufferPointer { av_strerror(code, $0.baseAddress, $0.count) } == 0
    guard known else { return "error \(code)" }
    let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    return String(decoding: bytes, as: UTF8.self)
}

/// FFmpeg's own log output (to stderr).
public enum FFmpegLog {
    /// Only errors (the default FFmpeg level is more talkative).
    public static func errorsOnly() { av_log_set_level(gs_log_error()) }
    /// Nothing at all: decoding problems are counted in the statistics instead.
    public static func silence() { av_log_set_level(gs_log_quiet()) }
}
