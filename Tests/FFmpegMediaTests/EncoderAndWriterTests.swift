import FFmpegMedia
import Foundation
import GateSpeedFrames
import Testing

@Suite struct VideoEncoderTests {
    let video = SyntheticVideo()

    @Test func h264FallsBackToLibx264AndStartsWithKeyframe() throws {
        let (packets, stream) = try video.encode(timestamps: Timeline.constant(count: 45), settings: video.settings(.h264))
        #expect(stream.codecName == "libx264")
        #expect(!stream.extradata.isEmpty, "global header (SPS/PPS) for MP4")
        #expect(packets.count == 45)
        #expect(packets.first?.isKeyframe == true)
        let keyTimes = packets.filter(\.isKeyframe).map(\.timestamp)
        #expect(keyTimes.count >= 2)
        for (a, b) in zip(keyTimes, keyTimes.dropFirst()) { #expect(b - a <= 1.0 + 1e-9) }
    }

    @Test func packetsKeepCameraTimestampsStrictlyIncreasing() throws {
        var stamps = Timeline.constant(count: 10, start: 5000)
        stamps[4] = stamps[3]  // a repeated camera stamp is nudged, never reordered
        let (packets, stream) = try video.encode(timestamps: stamps, settings: video.settings(.h264))
        #expect(packets.map(\.timestamp) == stamps)
        for (a, b) in zip(packets, packets.dropFirst()) { #expect(b.pts > a.pts) }
        let ticks = Double(stream.timeBaseDenominator) / Double(stream.timeBaseNumerator)
        #expect(abs(Double(packets[0].pts) / ticks - 5000) < 1e-4)
    }

    @Test func mjpegEveryFrameIsKeyframe() throws {
        let (packets, stream) = try video.encode(timestamps: Timeline.constant(count: 5), settings: video.settings(.mjpeg))
        #expect(stream.codecName == "mjpeg")
        #expect(packets.count == 5)
        #expect(packets.allSatisfy { $0.isKeyframe })
    }

    @Test func oddSizeIsAClearError() {
        #expect(throws: MediaError.self) { try VideoEncoder(settings: EncoderSettings(width: 321, height: 240)) }
    }
}

@Suite struct ContainerWriterTests {
    let video = SyntheticVideo()

    func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "gatespeed-writer-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func entries(_ directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
    }

    @Test(arguments: [("clip.mp4", VideoCodecChoice.h264), ("clip.mkv", .mjpeg), ("clip.avi", .mjpeg)])
    func writesCompleteFileAndNoTemporary(name: String, codec: VideoCodecChoice) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (packets, stream) = try video.encode(timestamps: Timeline.constant(count: 30, start: 12.5), settings: video.settings(codec))
        try ContainerWriter.write(packets: packets, stream: stream, to: directory + "/" + name)
        #expect(entries(directory) == [name])
        let size = (try FileManager.default.attributesOfItem(atPath: directory + "/" + name)[.size] as? Int) ?? 0
        #expect(size > 1000)
    }

    @Test func failureHalfWayLeavesNothing() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var (packets, stream) = try video.encode(timestamps: Timeline.constant(count: 30), settings: video.settings(.h264))
        // Packet 16 goes back in time: the muxer refuses it after the header and 15 packets are written.
        packets[15].dts = packets[2].dts
        packets[15].pts = packets[2].pts
        #expect(throws: MediaError.self) {
            try ContainerWriter.write(packets: packets, stream: stream, to: directory + "/broken.mp4")
        }
        #expect(entries(directory).isEmpty)
    }

    @Test func refusesAListNotStartingWithAKeyframe() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (packets, stream) = try video.encode(timestamps: Timeline.constant(count: 10), settings: video.settings(.h264))
        let error = #expect(throws: MediaError.self) {
            try ContainerWriter.write(packets: Array(packets.dropFirst()), stream: stream, to: directory + "/late.mp4")
        }
        #expect(error?.description.contains("keyframe") == true)
        #expect(entries(directory).isEmpty)
    }
}
