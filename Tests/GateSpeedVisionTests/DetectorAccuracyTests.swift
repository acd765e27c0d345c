import Testing
import GateSpeedFrames
import GateSpeedSimulation
import GateSpeedVision

@Suite struct DetectorAccuracyTests {
    func measuredSpeed(_ recording: SceneRecording, posts: [Double], length: Double) -> Double? {
        let first = recording.crossings(of: posts[0]), last = recording.crossings(of: posts[posts.count - 1])
        guard let a = first.first, let b = last.first else { return nil }
        return length / abs(b - a) * 3.6
    }

    @Test func constantSpeedRiderIsTimedWithinHalfAPercent() {
        var scene = SimulatedScene(duration: 9)
        scene.riders = [SimulatedRider(startTime: 4, motion: .constant(speed: 31 / 3.6))]
        let recording = SceneRecording(scene: scene)
        let truth = scene.truth(for: scene.riders[0])
        #expect(recording.readyAt != nil)
        let speed = measuredSpeed(recording, posts: scene.posts, length: 28)
        #expect(speed != nil)
        if let speed { #expect(abs(speed - truth.speedKmh) / truth.speedKmh < 0.005, "measured \(speed) true \(truth.speedKmh)") }
        for (i, post) in scene.posts.enumerated() {
            let c = recording.crossings(of: post)
            #expect(c.count == 1, "post \(i + 1): \(c)")
            if let t = c.first { #expect(abs(t - truth.crossingTimes[i]) < 0.02, "post \(i + 1): \(t) vs \(truth.crossingTimes[i])") }
        }
    }
}
