import FFmpegMedia
import GateSpeedFrames

/// Encodes the frames `source` delivers, up to frame time `until` seconds (nil: all of them), to a
/// video file at `path` (the container from its extension): a recording for `gatespeed replay`.
func writeTestVideo<Source: FrameSource>(_ source: inout Source, codec: VideoCodecChoice, crf: Int,
                                         until: Double? = nil, to path: String) throws {
    FFmpegLog.errorsOnly()
    var settings = EncoderSettings(width: source.frameWidth, height: source.frameHeight, codec: codec)
    settings.crf = crf
    settings.preferHardware = false
    let encoder = try VideoEncoder(settings: settings)
    var packets: [EncodedPacket] = []
    var image = I420Image(width: source.frameWidth, height: source.frameHeight)
    var failure: Error?
    while source.nextFrame({ frame in
        guard until.map({ frame.timestamp < $0 }) ?? true else { return }
        image.copy(from: frame)
        do { packets += try encoder.encode(image) } catch { failure = error }
    }) == .delivered {}
    if let failure { throw failure }
    packets += try encoder.flush()
    try ContainerWriter.write(packets: packets, stream: encoder.streamInfo, to: path)
}
