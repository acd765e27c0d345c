import Foundation
import Testing
import FFmpegMedia
import GateSpeedCore
import GateSpeedEngine
import GateSpeedFrames
import GateSpeedSimulation

/// Issue 4's end-to-end check: simulated course footage encoded with real codecs (H.264 in
/// MP4, MJPEG in MKV; constant rate, and variable with dropped frames and jitter), decoded
/// back and judged on the file's own timestamps: every speed within 0.5 % of the truth.
@Suite struct ReplayEndToEndTests {
    /// Renders `scene` (its drops and jitter become the file's variable frame timing), encodes
    /// it and returns the path of the written file.
    func writeVideo(_ scene: SimulatedScene, codec: VideoCodecChoice, name: String) throws -> String {
        FFmpegLog.errorsOnly()
        var source = SimulatedCourseSource(scene: scene)
        var settings = EncoderSettings(width: scene.width, height: scene.height, codec: codec)
        settings.crf = 20
        settings.preferHardware = false
        let encoder = try VideoEncoder(settings: settings)
        var packets: [EncodedPacket] = []
        var image = I420Image(width: scene.width, height: scene.height)
        var failure: Error?
        while source.nextFrame({ frame in
            image.copy(from: frame)
            do { packets += try encoder.encode(image) } catch { failure = error }
        }) == .delivered {}
        if let failure { throw failure }
        packets += try encoder.flush()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gatespeed-replay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent(name).path
        try ContainerWriter.write(packets: packets, stream: encoder.streamInfo, to: path)
        return path
    }

    func replay(_ path: String, course: Course) throws -> (results: [RunResult], statistics: FrameSourceStatistics) {
        let replay = try FileReplay.events(path, course: course)
        return (replay.events.compactMap { if case .result(let r) = $0 { r } else { nil } }, replay.statistics)
    }

    static let cases: [(VideoCodecChoice, String, Double, Double)] = [
        (.h264, "course.mp4", 0, 0),            // constant 30 fps
        (.h264, "course-vfr.mp4", 0.1, 0.003),  // 10 % dropped, 3 ms jitter
        (.mjpeg, "course.mkv", 0, 0),
        (.mjpeg, "course-vfr.mkv", 0.1, 0.003),
    ]

    @Test(arguments: cases)
    func replayedRunsAreTimedWithinHalfAPercent(codec: VideoCodecChoice, name: String, drops: Double, jitter: Double) throws {
        var scene = SimulatedScene(duration: 15)
        scene.width = 320
        scene.height = 240
        scene.dropFraction = drops
        scene.timestampJitter = jitter
        scene.noise = 3
        scene.riders = [
            SimulatedRider(direction: .leftToRight, startTime: 3, motion: .constant(speed: 31 / 3.6)),
            SimulatedRider(direction: .rightToLeft, startTime: 9.5, motion: .constant(speed: 28 / 3.6)),
        ]
        let path = try writeVideo(scene, codec: codec, name: name)
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let (results, statistics) = try replay(path, course: Course(posts: scene.posts, lengthMetres: scene.courseLength))
        try #require(results.count == 2, "\(results)")
        for (result, rider) in zip(results, scene.riders) {
            let truth = scene.truth(for: rider)
            #expect(abs(result.speedKmh - truth.speedKmh) / truth.speedKmh <= 0.005,
                    "\(name): \(result.speedKmh) km/h, truly \(truth.speedKmh)")
        }
        if drops > 0 { #expect(statistics.dropped > 0, "dropped frames are seen in the file's timestamps") }
        #expect(statistics.corrupt == 0)
    }
}
