import Testing
import GateSpeedFrames
import GateSpeedSimulation
@testable import GateSpeedVision

/// After a run, the ghost rule's hold on the run's rider follows them while they are still
/// followed: a ghost they passed at the end of the run is relearnt once they have gone on.
@Suite struct HeldRiderFollowTests {
    /// A coach stands beyond the finish post while the course is learnt and jogs off out of view
    /// just before the rider arrives; the run ends while the rider's region takes in the hole the
    /// coach left. The rider rides on out of view, and the hole is relearnt within seconds: the
    /// hold went with the rider, not with the region where the run ended.
    @Test func aGhostTheRiderPassedAtTheFinishIsRelearntOnceTheyHaveGone() {
        var scene = GhostRelearningTests.scene(duration: 14)
        let coachX = 0.95, walksAt = 4.0, jog = 0.3
        scene.bystanders = [
            SimulatedBystander(fromX: coachX, toX: coachX, speed: 0, heightFraction: 0.12, luma: 50, groundY: 0.8,
                               appears: 0, leaves: walksAt),
            SimulatedBystander(fromX: coachX, toX: 1.2, speed: jog, heightFraction: 0.12, luma: 50, groundY: 0.8,
                               appears: walksAt, leaves: walksAt + (1.2 - coachX) / jog),
        ]
        let rider = SimulatedRider(startTime: 2.8, motion: .constant(speed: 10), heightFraction: 0.1, groundY: 0.8)
        scene.riders = [rider]
        let finish = scene.truth(for: rider).crossingTimes.last!
        // The run holds the rider from before they appear until just after the finish post.
        let frames = runGhostScene(scene, watch: (coachX - 0.03, 0.7, coachX + 0.03, 0.8)) { t in
            t > 2.0 && t < finish + 0.15
        }
        #expect(frames.first(where: { $0.output.becameReady }).map { $0.t < walksAt } == true, "learnt with the coach")
        // The rider is out of view about 0.8 s after the finish; the hole is relearnt within
        // the ghost time after that (and the rider's region has left it).
        let settled = finish + 1 + VisionSettings().ghostRelearnSeconds + 0.5
        let lingering = frames.filter { $0.t > settled && $0.watched > 2 }.map { ($0.t, $0.watched) }
        #expect(lingering.isEmpty, "the coach's hole is still foreground: \(lingering.prefix(5))")
        #expect(timedAcrossEveryPost(frames, scene: scene, rider: rider))
    }
}
