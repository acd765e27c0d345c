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

    /// A run that ends mid-course (a verdict at the middle post); the rider rides on past
    /// someone who stands still at the view's edge and out of view. The hold is let go once the
    /// tracker no longer follows the rider, so the one standing still becomes scenery within
    /// seconds as they would with no run at all (followed onto them, the hold kept them).
    @Test func someoneTheRiderPassedAfterTheRunIsNotHeldOnceTheRiderIsGone() {
        var scene = GhostRelearningTests.scene(duration: 16)
        let standX = 0.975
        scene.bystanders = [SimulatedBystander(fromX: standX, toX: standX, speed: 0, heightFraction: 0.11, luma: 60,
                                               groundY: 0.8, appears: 4.5)]
        let rider = SimulatedRider(startTime: 3, motion: .constant(speed: 10), heightFraction: 0.1, groundY: 0.8)
        scene.riders = [rider]
        let middle = scene.truth(for: rider).crossingTimes[2]
        let frames = runGhostScene(scene, watch: (standX - 0.02, 0.72, standX + 0.02, 0.8)) { t in t > 2.5 && t < middle }
        // The rider passes them at about 6 s (10 m/s, 35 m a view width) and is out of view a
        // quarter of a second later.
        let passes = rider.startTime + (standX - 0.1) * scene.courseLength / 0.8 / 10
        let settled = passes + 1 + VisionSettings().ghostRelearnSeconds + 1
        let lingering = frames.filter { $0.t > settled && $0.watched > 2 }.map { ($0.t, $0.watched) }
        #expect(lingering.isEmpty, "the one standing still is still foreground: \(lingering.prefix(5))")
    }
}
