import Testing
import GateSpeedFrames
import GateSpeedSimulation
@testable import GateSpeedVision

/// What one frame left behind, for the ghost, bump and shake tests.
struct GhostFrame {
    var t: Double
    var output: DetectorOutput
    /// Foreground cells inside the box the test watches.
    var watched: Int
}

/// Runs `scene` through a detector, frame by frame at its cadence. `hold` says, from the time and
/// what was seen so far, whether a run is in progress (the engine's `holdIdentity`); `watch` is a
/// box (normalised view x0, y0, x1, y1) whose foreground cells each frame counts.
func runGhostScene(_ scene: SimulatedScene, settings: VisionSettings = VisionSettings(),
                   watch: (x0: Double, y0: Double, x1: Double, y1: Double) = (0, 0, 0, 0),
                   hold: (Double) -> Bool = { _ in false }) -> [GhostFrame] {
    var source = SimulatedCourseSource(scene: scene)
    var detector = RiderDetector(settings: settings)
    var frames: [GhostFrame] = []
    while true {
        var out: DetectorOutput?
        let outcome = source.nextFrame { frame in out = detector.process(frame, holdIdentity: hold(frame.timestamp)) }
        guard outcome == .delivered, let o = out, let size = detector.gridSize else { break }
        let mask = detector.foregroundMask
        var watched = 0
        let x0 = Int(watch.x0 * Double(size.columns)), x1 = Int(watch.x1 * Double(size.columns))
        let y0 = Int(watch.y0 * Double(size.rows)), y1 = Int(watch.y1 * Double(size.rows))
        if o.phase == .ready && x1 > x0 && y1 > y0 {
            for y in max(0, y0)..<min(size.rows, y1) {
                for x in max(0, x0)..<min(size.columns, x1) where mask[y * size.columns + x] != 0 { watched += 1 }
            }
        }
        frames.append(GhostFrame(t: o.time, output: o, watched: watched))
    }
    return frames
}

/// Times at which one track's x crosses `line` (interpolated between frames), per track.
func postCrossings(_ frames: [GhostFrame], line: Double) -> [(t: Double, track: UInt32)] {
    var result: [(Double, UInt32)] = []
    var last: (t: Double, x: Double, track: UInt32)?
    for f in frames {
        guard let rider = f.output.rider else { continue }
        if let l = last, l.track == rider.trackID, (l.x - line) * (rider.x - line) < 0 {
            result.append((l.t + (line - l.x) / (rider.x - l.x) * (f.t - l.t), rider.trackID))
        }
        last = (f.t, rider.x, rider.trackID)
    }
    return result
}

/// Whether `rider` was followed across every post, within `tolerance` seconds of the truth.
func timedAcrossEveryPost(_ frames: [GhostFrame], scene: SimulatedScene, rider: SimulatedRider,
                          tolerance: Double = 0.05) -> Bool {
    let truth = scene.truth(for: rider).crossingTimes
    let order = rider.direction == .leftToRight ? scene.posts : scene.posts.reversed()
    var track: UInt32?
    for (post, time) in zip(order, truth) {
        guard let hit = postCrossings(frames, line: post).first(where: { abs($0.t - time) < tolerance }) else { return false }
        if let id = track, id != hit.track { return false }
        track = hit.track
    }
    return true
}

/// Ghosts are relearnt within seconds; the rider held by a run never is.
@Suite struct GhostRelearningTests {
    /// A small grey course at 30 fps with jitter and drops.
    static func scene(duration: Double, seed: UInt64 = 11) -> SimulatedScene {
        var scene = SimulatedScene(duration: duration)
        scene.width = 320
        scene.height = 240
        scene.timestampJitter = 0.003
        scene.dropFraction = 0.03
        scene.noise = 3
        scene.seed = seed
        return scene
    }

    /// A coach stands on the course while it is learnt, then walks off; the hole they leave is
    /// relearnt within seconds and the rider who comes next is timed at every post.
    @Test func aCoachLearntWithTheCourseWalksOffAndTheNextRiderIsTimed() {
        var scene = Self.scene(duration: 17)
        let coachX = 0.4, walksAt = 2.5, speed = 2.0 / 35
        let gone = walksAt + (coachX + 0.15) / speed
        scene.bystanders = [
            SimulatedBystander(fromX: coachX, toX: coachX, speed: 0, heightFraction: 0.12, luma: 50, groundY: 0.8,
                               appears: 0, leaves: walksAt),
            SimulatedBystander(fromX: coachX, toX: -0.15, speed: speed, heightFraction: 0.12, luma: 50, groundY: 0.8,
                               appears: walksAt, leaves: gone),
        ]
        let rider = SimulatedRider(startTime: gone + 2, motion: .constant(speed: 10), heightFraction: 0.1, groundY: 0.8)
        scene.riders = [rider]
        let frames = runGhostScene(scene, watch: (coachX - 0.04, 0.66, coachX + 0.04, 0.82))
        #expect(frames.first(where: { $0.output.becameReady }).map { $0.t < walksAt } == true, "learnt with the coach")
        // The hole: clear once the coach is well away and the ghost time has passed.
        let settled = walksAt + 2 + VisionSettings().ghostRelearnSeconds
        let lingering = frames.filter { $0.t > settled && $0.t < rider.startTime - 1 && $0.watched > 0 }
        let late = lingering.map { ($0.t, $0.watched) }.prefix(5)
        #expect(late.isEmpty, "the coach's hole is still foreground: \(late)")
        #expect(frames.allSatisfy { $0.output.relearn == nil || $0.t < 0.1 }, "no relearn of the whole course")
        let timed = timedAcrossEveryPost(frames, scene: scene, rider: rider)
        #expect(timed)
    }

    /// A bag put down on the course becomes scenery within seconds, and so does the place it is
    /// picked up from; a rider after both is timed.
    @Test func aBagPutDownAndPickedUpIsLearntInBothTimes() {
        var scene = Self.scene(duration: 19)
        let bagX = 0.6
        scene.bystanders = [SimulatedBystander(fromX: bagX, toX: bagX, speed: 0, heightFraction: 0.04, luma: 30,
                                               groundY: 0.8, appears: 3, leaves: 9)]
        let rider = SimulatedRider(direction: .rightToLeft, startTime: 15, motion: .constant(speed: 9),
                                   heightFraction: 0.1, groundY: 0.8)
        scene.riders = [rider]
        let frames = runGhostScene(scene, watch: (bagX - 0.03, 0.74, bagX + 0.03, 0.82))
        let ghost = VisionSettings().ghostRelearnSeconds
        #expect(frames.contains { $0.t > 3.2 && $0.t < 3.2 + ghost - 0.5 && $0.watched > 4 }, "the bag is seen at first")
        // Scenery: at most a stray noisy cell or two left of the bag's dozen.
        let bag = frames.filter { $0.t > 3 + ghost + 1 && $0.t < 9 && $0.watched > 2 }.map { ($0.t, $0.watched) }
        #expect(bag.isEmpty, "the bag is scenery: \(bag.prefix(5))")
        #expect(frames.contains { $0.t > 9.2 && $0.t < 9.2 + ghost - 0.5 && $0.watched > 4 }, "its hole is seen at first")
        let hole = frames.filter { $0.t > 9 + ghost + 1 && $0.t < 13 && $0.watched > 2 }.map { ($0.t, $0.watched) }
        #expect(hole.isEmpty, "the hole is scenery: \(hole.prefix(5))")
        let timed = timedAcrossEveryPost(frames, scene: scene, rider: rider)
        #expect(timed)
    }

    /// A rider who stops mid-course for 10 s during a run stays the rider the whole stop, and
    /// is timed at the posts after it.
    @Test func aRiderWhoStopsMidCourseDuringARunIsNeverLearntIn() {
        var scene = Self.scene(duration: 20)
        let rider = SimulatedRider(startTime: 3, motion: .stopping(speed: 8, stopAt: 12, pause: 10),
                                   heightFraction: 0.1, groundY: 0.8)
        scene.riders = [rider]
        let stopsAt = 3 + 12.0 / 8
        let frames = runGhostScene(scene) { t in t > 2.5 }
        let stop = frames.filter { $0.t > stopsAt + 0.5 && $0.t < stopsAt + 9.5 }
        let seen = stop.filter { $0.output.rider != nil }
        #expect(Double(seen.count) >= 0.95 * Double(stop.count), "the stopped rider was seen in \(seen.count) of \(stop.count) frames")
        let ids = Set(seen.compactMap { $0.output.rider?.trackID })
        #expect(ids.count == 1, "one track the whole stop")
        let timed = timedAcrossEveryPost(frames, scene: scene, rider: rider)
        #expect(timed)
    }
}
