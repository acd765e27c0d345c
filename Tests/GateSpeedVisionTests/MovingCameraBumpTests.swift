import Testing
import GateSpeedFrames
import GateSpeedSimulation
@testable import GateSpeedVision

/// A camera that keeps moving (it sways in the wind, or shakes) and is bumped between two runs:
/// its edges never hold still after the bump, yet the bump is seen, the course relearnt, and the
/// next rider timed; the shaking camera's jolts never blind the tracker.
@Suite struct MovingCameraBumpTests {
    /// A 30 fps course with jitter and drops, and noise.
    static func scene(width: Int, height: Int, seed: UInt64) -> SimulatedScene {
        var scene = SimulatedScene(duration: 15)
        scene.width = width
        scene.height = height
        scene.timestampJitter = 0.003
        scene.dropFraction = 0.03
        scene.noise = 4
        scene.seed = seed
        return scene
    }

    /// A swaying (or shaking) camera bumped by a few pixels, swinging and turning a little as it
    /// settles, between two riders: the course is relearnt within a second of the bump, usable
    /// again within three (four when it jumps by whole pixels every frame: the still window then
    /// forgives only the rarer jolts), no post is crossed while the view is shifted, and both
    /// riders are timed.
    @Test(arguments: [(320, 240, 2.8, -5, 0.4, UInt64(55)), (640, 480, 3.5, 7, -0.3, UInt64(56)),
                      (640, 480, 0.0, 6, 0.0, UInt64(57))])
    func aMovingCameraBumpedBetweenRunsIsRelearntAndTheNextRiderTimed(width: Int, height: Int, swayHertz: Double,
                                                                      pixels: Int, rollDegrees: Double, seed: UInt64) {
        var scene = Self.scene(width: width, height: height, seed: seed)
        scene.cameraShake = 1.8
        scene.shakeFrequency = swayHertz
        let bumpAt = 6.0
        scene.bumpPixels = pixels
        scene.bumpTime = bumpAt
        scene.bumpSettleSeconds = 0.6
        scene.bumpRollDegrees = rollDegrees
        let first = SimulatedRider(startTime: 2, motion: .constant(speed: 10), heightFraction: 0.09, groundY: 0.8)
        let second = SimulatedRider(direction: .rightToLeft, startTime: 10, motion: .constant(speed: 11),
                                    heightFraction: 0.09, groundY: 0.8)
        scene.riders = [first, second]
        let frames = runGhostScene(scene)
        let relearnt = frames.first { $0.t >= bumpAt && $0.output.relearn != nil }
        #expect(relearnt.map { $0.t - bumpAt < 1 } == true, "relearnt at \(relearnt?.t ?? -1) s")
        let ready = frames.first { $0.t > bumpAt && $0.output.becameReady }
        let usableWithin = swayHertz > 0 ? 3.0 : 4.0
        #expect(ready.map { $0.t - bumpAt < usableWithin } == true, "usable again at \(ready?.t ?? -1) s")
        let shifted = frames.filter { $0.t >= bumpAt && $0.t < 9.5 }
        let crossed = scene.posts.flatMap { postCrossings(shifted, line: $0) }.map(\.t)
        #expect(crossed.isEmpty, "a post crossed while the view was shifted at \(crossed) s")
        let timed = (first: timedAcrossEveryPost(frames, scene: scene, rider: first),
                     second: timedAcrossEveryPost(frames, scene: scene, rider: second))
        // Known limit (issue 11, as in `CameraMoveTests`): at 320x240 under 2 px of shake a rider
        // is not always followed across every post within 50 ms.
        withKnownIssue("320x240 under 2 px of shake: a rider is not timed at every post", isIntermittent: true) {
            #expect(timed.first, "first rider timed")
            #expect(timed.second, "second rider timed")
        } when: { width == 320 }
    }

    /// A camera that jumps by up to 2 whole pixels every frame, its learnt course never quite
    /// covering every jolt: the rider is seen in nearly every frame of the run (a jolt holds
    /// only its own frame), nothing is relearnt, and the rider is timed.
    @Test(arguments: [(320, 240, UInt64(303)), (640, 480, UInt64(304))])
    func aShakingCamerasJoltsHoldOnlyTheirOwnFrames(width: Int, height: Int, seed: UInt64) {
        var scene = Self.scene(width: width, height: height, seed: seed)
        scene.duration = 9
        scene.cameraShake = 2
        let rider = SimulatedRider(startTime: 2, motion: .constant(speed: 7), heightFraction: 0.09, groundY: 0.8)
        scene.riders = [rider]
        let frames = runGhostScene(scene)
        #expect(frames.allSatisfy { $0.output.relearn == nil }, "relearnt at \(frames.first { $0.output.relearn != nil }?.t ?? 0) s")
        let truth = scene.truth(for: rider).crossingTimes
        let during = frames.filter { $0.t >= truth[0] && $0.t <= truth[truth.count - 1] }
        let seen = during.filter { $0.output.rider != nil }.count
        #expect(Double(seen) >= 0.7 * Double(during.count), "rider seen in \(seen) of \(during.count) frames")
        // The longest stretch without the rider, seconds.
        var lastSeen = truth[0], longestGap = 0.0
        for frame in during where frame.output.rider != nil {
            longestGap = max(longestGap, frame.t - lastSeen)
            lastSeen = frame.t
        }
        #expect(longestGap < 0.2, "rider unseen for \(longestGap) s")
        let timed = timedAcrossEveryPost(frames, scene: scene, rider: rider)
        withKnownIssue("320x240 under 2 px of shake: a rider is not timed at every post", isIntermittent: true) {
            #expect(timed, "rider timed")
        } when: { width == 320 }
    }
}
