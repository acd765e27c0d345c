/// Why a video file cannot be replayed. Each description is one line naming the file.
public enum VideoFileError: Error, CustomStringConvertible, Equatable, Sendable {
    case missingFile(path: String)
    case emptyFile(path: String)
    /// FFmpeg does not recognise the file as media (a text file, say), or the container is
    /// too damaged to open (an MP4 cut before its index was written).
    case notAVideo(path: String, reason: String)
    /// A media file without a video stream (audio only).
    case noVideoStream(path: String)
    case unsupportedCodec(path: String, codec: String)
    /// The file opens but not a single frame decodes (truncated or corrupt).
    case noDecodableFrame(path: String, reason: String)
    /// Out of memory or a decoder that would not open.
    case decoderFailure(path: String, reason: String)

    public var description: String {
        switch self {
        case .missingFile(let path): "video file not found: \(path)"
        case .emptyFile(let path): "video file is empty (0 bytes): \(path)"
        case .notAVideo(let path, let reason): "not a readable video file: \(path) (\(reason))"
        case .noVideoStream(let path): "no video stream in \(path) (audio only?)"
        case .unsupportedCodec(let path, let codec): "cannot decode \(path): no decoder for codec \(codec)"
        case .noDecodableFrame(let path, let reason): "no decodable frame in \(path) (\(reason))"
        case .decoderFailure(let path, let reason): "cannot decode \(path): \(reason)"
        }
    }
}
