import Testing
@testable import GateSpeedVision

/// Someone who has stayed put is not riding (`TrackMotion+Rest`), on hand-made regions at a real
/// cadence (30 fps, ±3 ms jitter, a frame in 13 dropped; standard course: 35 m per view width).
@Suite struct RiderRestTests {
    func person(x: Double, height: Double = 0.08, feet: Double = 0.85) -> Blob {
        handMadeRegion(x: x, height: height, width: height * 0.3, feet: feet)
    }

    /// Small deterministic wobble of a region's position (a grid cell or so), view widths.
    func wobble(_ frame: Int) -> Double { Double((frame * 7919) % 11 - 5) * 0.001 }

    /// A rider's track that comes to a stop outside a run (the rider stopped, or their region took
    /// over someone standing beside the finish as they left the view) is let go within the rest
    /// time and the lapse (0.6 s each) and a few frames, not once the speed fit has forgotten the
    /// ride two seconds later: the course is clear for the next rider's run.
    @Test func aTrackThatStaysPutOutsideARunIsLetGoWithinTheRestAndTheLapse() {
        var tracker = RiderTracker(settings: VisionSettings(), viewAspect: 4.0 / 3.0)
        let speed = 40 / 3.6 / 35   // view widths per second
        let stop = 2.6             // reaches x 0.93 and stays there
        var lastRider = -Double.infinity
        for (frame, t) in jitteredFrameTimes(fps: 30, from: 0, to: 5).enumerated() {
            let x = 0.1 + speed * min(t, stop) + wobble(frame)
            if step(&tracker, t, [person(x: x)]) != nil { lastRider = t }
        }
        #expect(lastRider > 1 && lastRider < stop + 1.5, "last seen as the rider at \(lastRider)")
    }

    /// Riders riding are never at rest: the slowest (11 km/h, a noisy position) stays the rider on
    /// every frame seen across the view once taken.
    @Test func theSlowestRiderIsNeverAtRest() {
        var tracker = RiderTracker(settings: VisionSettings(), viewAspect: 4.0 / 3.0)
        let speed = 11 / 3.6 / 35
        var taken = false, dropped = 0
        for (frame, t) in jitteredFrameTimes(fps: 30, from: 0, to: 10).enumerated() {
            let x = 0.02 + speed * t + wobble(frame)
            guard x < 0.95 else { break }
            let seen = step(&tracker, t, [person(x: x)]) != nil
            if seen { taken = true } else if taken { dropped += 1 }
        }
        #expect(taken && dropped == 0, "taken \(taken), dropped on \(dropped) frames")
    }
}
