import FFmpegMedia
import Foundation
import GateSpeedFrames
import Testing

/// What the tests read back from each decoded frame.
struct DecodedFrame {
    let timestamp: Double
    let sequence: UInt64
    /// Centroid of the bright (rectangle) luma pixels, pixels.
    let centroid: (x: Double, y: Double)?
    let hasChroma: Bool
}

enum Decoding {
    static func readAll(_ source: VideoFileSource) -> [DecodedFrame] {
        var frames: [DecodedFrame] = []
        var skipped = 0
        while true {
            let outcome = source.nextFrame { frame in
                frames.append(DecodedFrame(timestamp: frame.timestamp, sequence: frame.sequence,
                                           centroid: brightCentroid(frame.luma), hasChroma: frame.chromaBlue != nil))
            }
            if outcome == .endOfStream { break }
            if outcome == .skipped { skipped += 1 }
            if case .fault = outcome { break }
        }
        return frames
    }

    static func brightCentroid(_ luma: Plane) -> (x: Double, y: Double)? {
        var sumX = 0, sumY = 0, count = 0
        for y in 0..<luma.height {
            for x in 0..<luma.width where luma.sample(x: x, y: y) > 150 {
                sumX += x
                sumY += y
                count += 1
            }
        }
        return count == 0 ? nil : (Double(sumX) / Double(count), Double(sumY) / Double(count))
    }
}

func makeTemporaryDirectory() throws -> String {
    let path = NSTemporaryDirectory() + "gatespeed-video-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

@Suite struct VideoFileSourceTests {
    let video = SyntheticVideo()

    /// Encodes `timestamps`, writes `name`, decodes it back and checks count, times, drops and content.
    func roundTrip(codec: VideoCodecChoice, name: String, timestamps: [Double], expectedDropped: Int) throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (packets, stream) = try video.encode(timestamps: timestamps, settings: video.settings(codec))
        #expect(packets.first?.isKeyframe == true)
        let path = directory + "/" + name
        try ContainerWriter.write(packets: packets, stream: stream, to: path)

        let source = try VideoFileSource(path: path)
        #expect(source.frameWidth == video.width && source.frameHeight == video.height)
        #expect(abs(source.nominalFramesPerSecond - 30) < 0.5, "nominal rate \(source.nominalFramesPerSecond)")
        let frames = Decoding.readAll(source)
        #expect(frames.count == timestamps.count)
        #expect(source.statistics.delivered == timestamps.count)
        #expect(source.statistics.dropped == expectedDropped)
        #expect(source.statistics.corrupt == 0)
        if let duration = source.durationSeconds {
            #expect(abs(duration - (timestamps[timestamps.count - 1] - timestamps[0])) < 0.1)
        }
        for (frame, encoded) in zip(frames, timestamps) {
            let expected = encoded - timestamps[0]
            #expect(abs(frame.timestamp - expected) < 0.001, "frame at \(frame.timestamp) s, encoded at \(expected) s")
            let drawn = video.rectangleCentre(at: encoded)
            if let centroid = frame.centroid {
                #expect(abs(centroid.x - drawn.x) < 1.5 && abs(centroid.y - drawn.y) < 1.5,
                        "rectangle at \(centroid), drawn at \(drawn)")
            } else {
                Issue.record("no rectangle found in frame at \(frame.timestamp) s")
            }
            #expect(frame.hasChroma)
        }
        // Sequence numbers advance by one per frame plus the frames dropped before it.
        #expect(frames.last.map { Int($0.sequence) } == timestamps.count - 1 + expectedDropped)
    }

    @Test func h264ConstantRateMP4() throws {
        try roundTrip(codec: .h264, name: "constant.mp4", timestamps: Timeline.constant(count: 60, start: 12.5),
                      expectedDropped: 0)
    }

    @Test func mjpegConstantRateMKV() throws {
        try roundTrip(codec: .mjpeg, name: "constant.mkv", timestamps: Timeline.constant(count: 45, start: 3),
                      expectedDropped: 0)
    }

    static let droppedSlots: Set<Int> = [10, 20, 21, 40, 41, 42]

    @Test func h264VariableRateWithDropsMP4() throws {
        try roundTrip(codec: .h264, name: "variable.mp4",
                      timestamps: Timeline.jittered(slots: 75, dropped: Self.droppedSlots), expectedDropped: 6)
    }

    @Test func mjpegVariableRateWithDropsMKV() throws {
        try roundTrip(codec: .mjpeg, name: "variable.mkv",
                      timestamps: Timeline.jittered(slots: 75, dropped: Self.droppedSlots), expectedDropped: 6)
    }
}

@Suite struct BadVideoFileTests {
    func expectError(_ path: String, _ matches: (VideoFileError) -> Bool) {
        do {
            _ = try VideoFileSource(path: path)
            Issue.record("\(path) opened as a video")
        } catch {
            #expect(matches(error), "\(error)")
            #expect(!error.description.contains("\n") && error.description.contains(path))
        }
    }

    @Test func missingFile() {
        expectError("/nonexistent/gatespeed/run.mp4") { $0 == .missingFile(path: "/nonexistent/gatespeed/run.mp4") }
    }

    @Test func zeroLengthFile() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/empty.mp4"
        FileManager.default.createFile(atPath: path, contents: Data())
        expectError(path) { $0 == .emptyFile(path: path) }
    }

    @Test(arguments: ["notes.txt", "notes.mp4"])
    func textFile(name: String) throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/" + name
        let text = String(repeating: "Post 1 at 10 %, post 5 at 90 %. This is not a video.\n", count: 40)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        expectError(path) { if case .notAVideo = $0 { true } else { false } }
    }

    @Test func audioOnlyFileHasNoVideoStream() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/beep.wav"
        try Data(WaveFile.sine(seconds: 0.5)).write(to: URL(fileURLWithPath: path))
        expectError(path) { $0 == .noVideoStream(path: path) }
    }

    @Test func directoryIsNotAVideo() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        expectError(directory) { if case .notAVideo = $0 { true } else { false } }
    }

    /// An MP4 cut at half its bytes: either a clear error, or the frames before the cut with
    /// the rest counted corrupt. Never a crash, never more frames than were written.
    @Test func truncatedMP4() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let video = SyntheticVideo()
        let timestamps = Timeline.constant(count: 60)
        let (packets, stream) = try video.encode(timestamps: timestamps, settings: video.settings(.h264))
        let whole = directory + "/whole.mp4", half = directory + "/half.mp4"
        try ContainerWriter.write(packets: packets, stream: stream, to: whole)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: half))
        do {
            let source = try VideoFileSource(path: half)
            let frames = Decoding.readAll(source)
            #expect(frames.count > 0 && frames.count < timestamps.count)
            #expect(source.statistics.delivered + source.statistics.corrupt == timestamps.count)
            for (frame, expected) in zip(frames, timestamps) { #expect(abs(frame.timestamp - expected) < 0.001) }
        } catch {
            #expect(!error.description.isEmpty)
        }
    }
}

/// A minimal 16-bit mono PCM WAV file, written by hand: an audio-only media file.
enum WaveFile {
    static func sine(seconds: Double, rate: Int = 16_000) -> [UInt8] {
        let samples = Int(seconds * Double(rate))
        var bytes: [UInt8] = []
        func append32(_ value: Int) { for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8((value >> shift) & 0xFF)) } }
        func append16(_ value: Int) { bytes.append(UInt8(value & 0xFF)); bytes.append(UInt8((value >> 8) & 0xFF)) }
        bytes += Array("RIFF".utf8); append32(36 + samples * 2); bytes += Array("WAVE".utf8)
        bytes += Array("fmt ".utf8); append32(16); append16(1); append16(1); append32(rate); append32(rate * 2)
        append16(2); append16(16)
        bytes += Array("data".utf8); append32(samples * 2)
        for i in 0..<samples { append16(Int(8000 * sin(2 * Double.pi * 440 * Double(i) / Double(rate))) & 0xFFFF) }
        return bytes
    }
}
