import FFmpegMedia
import GateSpeedTestSupport
import Foundation
import GateSpeedFrames
import GateSpeedSimulation
import Testing

/// `gatespeed replay` on files whose clock misbehaves, judged by the built binary: two
/// recordings joined (the clock steps back), and an AVI with chunks destroyed.
@Suite struct ReplayTimelineEndToEndTests {
    /// Encodes `scene` up to scene time `until` (nil: all of it) to `path`.
    func writeVideo(_ scene: SimulatedScene, codec: VideoCodecChoice, until: Double? = nil, to path: String) throws {
        var source = SimulatedCourseSource(scene: scene)
        try writeTestVideo(&source, codec: codec, crf: 20, until: until, to: path)
    }

    func events(_ stdout: String, _ name: String) throws -> [[String: Any]] {
        try stdout.split(separator: "\n").filter { $0.contains("\"event\":\"\(name)\"") }.map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    static func scene(speedKmh: Double) -> SimulatedScene {
        var scene = SimulatedScene(duration: 10)
        scene.width = 320
        scene.height = 240
        scene.noise = 3
        scene.riders = [SimulatedRider(direction: .leftToRight, startTime: 4, motion: .constant(speed: speedKmh / 3.6))]
        return scene
    }

    /// The case: the first recording stops in the middle of a run, the second starts
    /// its clock again. The first run ends as `camera_lost` and the log says why (the run used
    /// to vanish without a word); the second run is timed.
    @Test func joinedRecordingsEndTheRunInProgressAsCameraLost() throws {
        let cli = CommandLineEndToEndTests()
        try #require(FileManager.default.isExecutableFile(atPath: BuiltBinary.gatespeed), "build first")
        let dir = try cli.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let first = Self.scene(speedKmh: 31), second = Self.scene(speedKmh: 28)
        let crossings = first.truth(for: first.riders[0]).crossingTimes
        try writeVideo(first, codec: .h264, until: (crossings[1] + crossings[2]) / 2, to: dir + "/a.ts")
        try writeVideo(second, codec: .h264, to: dir + "/b.ts")
        let joined = try Data(contentsOf: URL(fileURLWithPath: dir + "/a.ts")) + Data(contentsOf: URL(fileURLWithPath: dir + "/b.ts"))
        try joined.write(to: URL(fileURLWithPath: dir + "/joined.ts"))

        let outcome = try cli.gatespeed(["replay", dir + "/joined.ts"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let invalid = try events(outcome.stdout, "invalid")
        #expect(invalid.map { $0["reason"] as? String } == ["camera_lost"], "\(outcome.stdout)")
        let results = try events(outcome.stdout, "result")
        try #require(results.count == 1, "\(outcome.stdout)")
        let truth = second.truth(for: second.riders[0]).speedKmh
        let speed = try #require(results[0]["speed_kmh"] as? Double)
        #expect(abs(speed - truth) / truth <= 0.005, "\(speed) km/h, truly \(truth)")
        #expect(outcome.stderr.contains("frame timestamps jumped") && outcome.stderr.contains("ended as camera_lost"),
                "\(outcome.stderr)")
    }

    /// An MJPEG AVI with three chunks destroyed during the run: the summary counts them
    /// corrupt (not dropped) and the run is timed right (it came out 3 % fast).
    @Test func damagedAVIIsCountedInTheSummaryAndTimedRight() throws {
        let cli = CommandLineEndToEndTests()
        try #require(FileManager.default.isExecutableFile(atPath: BuiltBinary.gatespeed), "build first")
        let dir = try cli.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = Self.scene(speedKmh: 31)
        let path = dir + "/course.avi"
        try writeVideo(scene, codec: .mjpeg, to: path)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let crossings = scene.truth(for: scene.riders[0]).crossingTimes
        let damaged = (0..<3).map { Int((crossings[$0] + crossings[$0 + 1]) / 2 * 30) }
        Self.breakChunkHeaders(&bytes, frames: damaged)
        try Data(bytes).write(to: URL(fileURLWithPath: path))

        let outcome = try cli.gatespeed(["replay", path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let speed = try #require(try events(outcome.stdout, "result").first?["speed_kmh"] as? Double, "\(outcome.stdout)")
        let truth = scene.truth(for: scene.riders[0]).speedKmh
        #expect(abs(speed - truth) / truth <= 0.005, "\(speed) km/h, truly \(truth)")
        let summary = try #require(try events(outcome.stdout, "summary").first)
        #expect(summary["corrupt"] as? Int == 3 && summary["dropped"] as? Int == 0, "\(summary)")
    }

    /// Overwrites the chunk header (`00dc`, size) and the JPEG start of the given video frames.
    static func breakChunkHeaders(_ bytes: inout [UInt8], frames: [Int]) {
        var chunks: [Int] = []
        var index = 0
        while index + 10 <= bytes.count {
            if bytes[index..<index + 4].elementsEqual([0x30, 0x30, 0x64, 0x63]), bytes[index + 8] == 0xFF, bytes[index + 9] == 0xD8 {
                chunks.append(index)
                index += 10
            } else {
                index += 1
            }
        }
        var state: UInt64 = 17
        for frame in frames where frame < chunks.count {
            for offset in chunks[frame]..<(chunks[frame] + 24) {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                bytes[offset] = UInt8(truncatingIfNeeded: state >> 33)
            }
        }
    }
}
