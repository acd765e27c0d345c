import FFmpegMedia
import Foundation
import GateSpeedFrames
import GateSpeedSimulation
import Testing

/// `gatespeed replay FILE --config FILE` with marked posts: a true-perspective course recorded
/// to H.264, the course typed into a config as a user would, judged by the built binary
/// against the gate-plane truth, with the placement advice in the log.
@Suite struct ReplayGeometryEndToEndTests {
    func writeVideo(_ scene: PerspectiveScene, to path: String) throws {
        var source = PerspectiveCourseSource(scene: scene)
        try writeTestVideo(&source, codec: .h264, crf: 18, to: path)
    }

    @Test func replayWithAGeometryConfigTimesTheGatesAndGivesAdvice() throws {
        let cli = CommandLineEndToEndTests()
        let dir = try cli.temporaryDirectory()
        var scene = PerspectiveScene(duration: 8.5, courseLength: 28)
        var rider = PerspectiveRider(direction: .leftToRight, startTime: 3, motion: .constant(speed: 31.0 / 3.6))
        rider.acrossMetres = -1   // a metre nearer the camera: the image rule would be 3.6 % fast
        scene.riders = [rider]
        scene.timestampJitter = 0.002
        scene.dropFraction = 0.03
        let video = dir + "/course.mp4", config = dir + "/config.json"
        try writeVideo(scene, to: video)
        try scene.courseJSON(markNoisePixels: 0.3, seed: 4, includeHeight: true, includeDistance: true, includeFieldOfView: true)
            .write(toFile: config, atomically: true, encoding: .utf8)
        let truth = scene.truth(for: rider).speedKmh

        let outcome = try cli.gatespeed(["replay", video, "--config", config])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let result = try #require(outcome.stdout.split(separator: "\n").first { $0.contains(#""event":"result""#) })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.utf8)) as? [String: Any])
        let speed = try #require(object["speed_kmh"] as? Double)
        let uncertainty = try #require(object["uncertainty_kmh"] as? Double)
        #expect(abs(speed - truth) / truth < 0.01, "\(speed) against \(truth)")
        #expect(uncertainty > 0 && uncertainty < 1.5)
        #expect(object["close_call"] as? Bool == false)
        #expect(outcome.stderr.contains("placement:"), "\(outcome.stderr)")

        // The same file by the image rule (--posts replaces the marked posts) is fooled by the parallax.
        let fractions = scene.postViewFractions.map { String(format: "%.4f", $0) }.joined(separator: ",")
        let imageRule = try cli.gatespeed(["replay", video, "--config", config, "--posts", fractions])
        let imageResult = try #require(imageRule.stdout.split(separator: "\n").first { $0.contains(#""event":"result""#) })
        let imageObject = try #require(try JSONSerialization.jsonObject(with: Data(imageResult.utf8)) as? [String: Any])
        let imageSpeed = try #require(imageObject["speed_kmh"] as? Double)
        #expect((imageSpeed - truth) / truth > 0.02, "image rule \(imageSpeed) against \(truth)")
    }

    @Test func aContradictoryGeometryExitsTwoNamingTheKey() throws {
        let cli = CommandLineEndToEndTests()
        let dir = try cli.temporaryDirectory()
        let scene = PerspectiveScene(duration: 1, courseLength: 28)
        var json = scene.courseJSON(markNoisePixels: 0, seed: 1, includeHeight: true, includeDistance: true, includeFieldOfView: true)
        json = json.replacingOccurrences(of: "\"distance_m\": 29.0", with: "\"distance_m\": 12")
        try json.write(toFile: dir + "/config.json", atomically: true, encoding: .utf8)
        let outcome = try cli.gatespeed(["run", "--check-config", "--config", dir + "/config.json"])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("course.camera.distance_m"), "\(outcome.stderr)")
    }
}
