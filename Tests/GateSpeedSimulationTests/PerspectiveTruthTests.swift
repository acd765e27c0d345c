import Testing
import GateSpeedSimulation

/// Gate-plane truth: when the body axis passes each post.
@Suite struct PerspectiveTruthTests {
    @Test func constantSpeedCrossesPostKAtItsDistanceOverTheSpeed() {
        let scene = PerspectiveScene(duration: 10)
        let rider = PerspectiveRider(startTime: 1.5, motion: .constant(speed: 8), acrossMetres: -2, weaveMetres: 1)
        let truth = scene.truth(for: rider)
        #expect(truth.crossingTimes.count == 5)
        for (k, time) in truth.crossingTimes.enumerated() {
            #expect(abs(time - (1.5 + 7 * Double(k) / 8)) < 1e-9, "post \(k + 1)")
        }
        #expect(abs(truth.speedKmh - 28.8) < 1e-6)
        // At each crossing time the body axis is at the post's x, whatever the weave.
        for (k, time) in truth.crossingTimes.enumerated() {
            #expect(abs(scene.groundPoint(of: rider, at: time).x - 7 * Double(k)) < 1e-6)
        }
    }

    @Test func rightToLeftRidersCrossTheLastPostFirst() {
        var scene = PerspectiveScene(duration: 10)
        scene.courseLength = 24
        scene.postCount = 4
        let rider = PerspectiveRider(direction: .rightToLeft, startTime: 0, motion: .constant(speed: 6))
        let truth = scene.truth(for: rider)
        #expect(truth.crossingTimes.count == 4)
        for (k, time) in truth.crossingTimes.enumerated() { #expect(abs(time - Double(k) * 8 / 6) < 1e-9) }
        let order = truth.crossingTimes.map { scene.groundPoint(of: rider, at: $0).x }
        for (k, x) in order.enumerated() { #expect(abs(x - (24 - 8 * Double(k))) < 1e-6) }
    }

    @Test func anAcceleratingRiderCrossesWhereTheLawSays() {
        let scene = PerspectiveScene(duration: 10)
        let law = MotionLaw.accelerating(initialSpeed: 6, acceleration: 1.5)
        let rider = PerspectiveRider(startTime: 0.7, motion: law)
        let truth = scene.truth(for: rider)
        for (k, time) in truth.crossingTimes.enumerated() {
            // Solve 7k = 6τ + 0.75τ² by hand.
            let d = 7 * Double(k)
            let tau = (-6 + (36 + 3 * d).squareRoot()) / 1.5
            #expect(abs(time - (0.7 + tau)) < 1e-9)
        }
        #expect(truth.crossingTimes == truth.crossingTimes.sorted())
    }
}
