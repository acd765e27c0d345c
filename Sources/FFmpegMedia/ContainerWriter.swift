import CFFmpeg
import GateSpeedPlatform
import Glibc

/// Muxes encoded packets into a file with libavformat, all or nothing.
///
/// The container follows the extension: `.mp4`/`.mov` (with `+faststart`, so the index is
/// at the front), `.mkv`, `.avi` (constant frame rate: timestamps are rounded to frame slots), `.ts` (MPEG transport stream).
/// Timestamps are rebased so the first packet starts at 0. The file is written under a
/// hidden temporary name in the same directory (`.name.mp4.partial`), fsync'd, renamed to
/// `path` and the directory fsync'd. On any failure the temporary file is removed and
/// nothing appears at `path`.
public enum ContainerWriter {
    public static func write(packets: [EncodedPacket], stream: EncodedStreamInfo, to path: String) throws {
        let container = try Container(path: path)
        guard let first = packets.first else { throw MediaError("cannot write \(path): no packets") }
        guard first.isKeyframe else { throw MediaError("cannot write \(path): the first packet is not a keyframe") }
        let (directory, name) = split(path)
        guard !name.isEmpty else { throw MediaError("cannot write \(path): not a file name") }
        let temporaryPath = directory + "/." + name + ".partial"
        do {
            try mux(packets: packets, stream: stream, container: container, to: temporaryPath, reportedAs: path)
        } catch {
            unlink(temporaryPath)
            throw error
        }
        // fsync, rename, fsync of the directory: the one atomic replace (it removes the
        // temporary file on failure). Once renamed the file is complete and valid, so the
        // directory sync is best effort.
        do {
            try DurableFile.moveIntoPlace(temporaryPath, to: path, directorySyncRequired: false)
        } catch {
            throw MediaError("\(error)")
        }
    }

    /// The libavformat muxer for a file name.
    struct Container {
        let muxerName: String
        let isMP4Family: Bool
        let isConstantRate: Bool

        init(path: String) throws {
            let lower = path.lowercased()
            if lower.hasSuffix(".mp4") || lower.hasSuffix(".m4v") {
                (muxerName, isMP4Family, isConstantRate) = ("mp4", true, false)
            } else if lower.hasSuffix(".mov") {
                (muxerName, isMP4Family, isConstantRate) = ("mov", true, false)
            } else if lower.hasSuffix(".mkv") {
                (muxerName, isMP4Family, isConstantRate) = ("matroska", false, false)
            } else if lower.hasSuffix(".avi") {
                (muxerName, isMP4Family, isConstantRate) = ("avi", false, true)
            } else if lower.hasSuffix(".ts") {
                (muxerName, isMP4Family, isConstantRate) = ("mpegts", false, false)
            } else {
                throw MediaError("cannot write \(path): unknown container (use .mp4, .mov, .mkv, .avi or .ts)")
            }
        }
    }

    private static func mux(packets: [EncodedPacket], stream info: EncodedStreamInfo, container: Container,
                            to temporaryPath: String, reportedAs path: String) throws {
        var formatContext: UnsafeMutablePointer<AVFormatContext>?
        var result = avformat_alloc_output_context2(&formatContext, nil, container.muxerName, temporaryPath)
        guard result >= 0, let output = formatContext else { throw MediaError.ffmpeg("\(path): create muxer", result) }
        var packet = av_packet_alloc()
        defer {
            av_packet_free(&packet)
            if output.pointee.pb != nil { avio_closep(&output.pointee.pb) }
            avformat_free_context(output)
        }
        guard let packet, let stream = avformat_new_stream(output, nil), let parameters = stream.pointee.codecpar else {
            throw MediaError("\(path): out of memory")
        }
        parameters.pointee.codec_type = AVMEDIA_TYPE_VIDEO
        parameters.pointee.codec_id = AVCodecID(rawValue: info.codecID)
        parameters.pointee.width = Int32(info.width)
        parameters.pointee.height = Int32(info.height)
        parameters.pointee.format = info.pixelFormat
        // An H.264 stream whose encoder sent its SPS/PPS inline: take them from the first keyframe.
        var header = info.extradata
        if header.isEmpty, parameters.pointee.codec_id == AV_CODEC_ID_H264 {
            header = H264ParameterSets.extract(from: packets[0].data) ?? []
        }
        if !header.isEmpty {
            let size = header.count
            guard let raw = av_mallocz(size + Int(gs_input_buffer_padding())) else { throw MediaError("\(path): out of memory") }
            let bytes = raw.bindMemory(to: UInt8.self, capacity: size)
            header.withUnsafeBufferPointer { source in
                if let start = source.baseAddress { bytes.update(from: start, count: size) }
            }
            parameters.pointee.extradata = bytes
            parameters.pointee.extradata_size = Int32(size)
        }
        let frameRate = av_d2q(info.framesPerSecond, 100_000)
        stream.pointee.avg_frame_rate = frameRate
        stream.pointee.r_frame_rate = frameRate
        let sourceTimeBase = AVRational(num: info.timeBaseNumerator, den: info.timeBaseDenominator)
        stream.pointee.time_base = container.isConstantRate ? av_inv_q(frameRate) : sourceTimeBase

        result = avio_open(&output.pointee.pb, temporaryPath, gs_avio_flag_write())
        guard result >= 0 else { throw MediaError.ffmpeg("\(path): open \(temporaryPath)", result) }
        var options: OpaquePointer?
        if container.isMP4Family { av_dict_set(&options, "movflags", "+faststart", 0) }
        result = avformat_write_header(output, &options)
        av_dict_free(&options)
        guard result >= 0 else { throw MediaError.ffmpeg("\(path): write header", result) }

        let origin = min(packets[0].pts, packets[0].dts)
        var lastDTS: Int64?
        for (index, encoded) in packets.enumerated() {
            result = av_new_packet(packet, Int32(encoded.data.count))
            guard result >= 0 else { throw MediaError.ffmpeg("\(path): allocate packet", result) }
            if let destination = packet.pointee.data {
                encoded.data.withUnsafeBufferPointer { source in
                    if let start = source.baseAddress { destination.update(from: start, count: source.count) }
                }
            }
            packet.pointee.pts = encoded.pts - origin
            packet.pointee.dts = encoded.dts - origin
            packet.pointee.duration = encoded.duration
            packet.pointee.flags = encoded.isKeyframe ? gs_pkt_flag_key() : 0
            packet.pointee.stream_index = 0
            av_packet_rescale_ts(packet, sourceTimeBase, stream.pointee.time_base)
            if container.isConstantRate, let lastDTS, packet.pointee.dts <= lastDTS {
                // Two frames rounded into one frame slot: move the later one to the next slot.
                let shift = lastDTS + 1 - packet.pointee.dts
                packet.pointee.dts += shift
                packet.pointee.pts += shift
            }
            if packet.pointee.duration <= 0 { packet.pointee.duration = 1 }
            lastDTS = packet.pointee.dts
            result = av_write_frame(output, packet)
            av_packet_unref(packet)
            guard result >= 0 else {
                throw MediaError.ffmpeg("\(path): write packet \(index + 1) of \(packets.count)", result)
            }
        }
        result = av_write_trailer(output)
        guard result >= 0 else { throw MediaError.ffmpeg("\(path): write trailer", result) }
        result = avio_closep(&output.pointee.pb)
        guard result >= 0 else { throw MediaError.ffmpeg("\(path): close", result) }
    }

    /// Splits a path into its directory ("." when none) and file name.
    static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let directory = String(path[..<slash])
        return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
    }
}
