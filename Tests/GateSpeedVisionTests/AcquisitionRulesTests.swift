import Testing
@testable import GateSpeedVision

/// Acquisition in time for the outer posts (issue 11), on hand-made regions at real cadence
/// (jitter, dropped frames; standard course: 35 m per view width, post 1 at 0.1 of the width):
/// a flicker left at a post must not take a small fast rider coming in nearby, and a rider
/// whose region takes over someone standing where they come in is judged on their own motion.
@Suite struct AcquisitionRulesTests {
    /// A region `height` tall (view heights) whose upper-body centre is `x`, cut by the view's border.
    func region(x: Double, height: Double, width: Double, feet: Double = 0.8) -> Blob {
        handMadeRegion(x: x, height: height, width: width, feet: feet)
    }

    /// Where the tracker first gave the rider, and whether it then followed one identity to x 0.3
    /// (nil: never), for a rider of `height` (view heights) entering from the left at `kmh`
    /// `enters` seconds in, of whom `seen` of the height is found, with `others` (regions at times) around.
    func firstTaken(aspect: Double, fps: Double, kmh: Double, height: Double, enters: Double,
                    seen: Double = 1, others: (Double) -> [Blob]) -> (x: Double, steady: Bool)? {
        var tracker = RiderTracker(settings: VisionSettings(), viewAspect: aspect)
        let speed = kmh / 3.6 / 35, width = 0.4 * height / aspect
        var first: (x: Double, id: UInt32)?, steady = true
        for (frame, t) in frameTimesDroppingOneInSeven(fps: fps, duration: enters + 1).enumerated() {
            var blobs = others(t)
            let x = -width / 2 + speed * (t - enters)
            // The region's height comes and goes by a grid row or two (a small rider is few cells tall).
            if x > -width / 4 && x < 0.3 {
                blobs.insert(region(x: x, height: seen * height * (0.8 + 0.1 * Double(frame % 3)), width: width), at: 0)
            }
            guard let o = step(&tracker, t, blobs), x > -width / 4, x < 0.3, abs(o.x - x) < width else { continue }
            if let taken = first { steady = steady && o.trackID == taken.id } else { first = (o.x, o.trackID) }
        }
        return first.map { ($0.x, steady) }
    }

    @Test(arguments: [15.0, 30.0, 120.0])
    func aFlickerAtThePostDoesNotTakeASmallFastRider(fps: Double) {
        // Seed 460's case: a 58 km/h rider 4.3 % of a 4:3 view high, smaller than the course scale
        // predicts, at 15 fps and faster; the edges of post 1 (x 0.1) flicker now and then in a
        // swaying view, one frame each, the last 0.26 s before the rider comes in nearby. A flicker
        // matched to the rider would give them a velocity away from the course, and the rider's
        // next regions would start a new track each frame until past post 1.
        let aspect = 4.0 / 3.0, enters = 1.0
        let flickers = [0.2, 0.55, enters - 0.26]
        let taken = firstTaken(aspect: aspect, fps: fps, kmh: 58, height: 0.043, enters: enters) { t in
            flickers.contains(where: { abs($0 - t) < 0.5 / fps })
                ? [self.region(x: 0.106, height: 0.021, width: 0.01), self.region(x: 0.105, height: 0.021, width: 0.01)] : []
        }
        #expect(taken != nil)
        #expect((taken?.x ?? 1) < 0.1, "first taken at \(taken?.x ?? -1), post 1 is at 0.1")
        #expect(taken?.steady == true, "one identity from then on")
    }

    @Test(arguments: [10.0, 15.0, 30.0])
    func aSmallFastRiderCutByTheBorderIsFollowedFromTheFirstFrames(fps: Double) {
        // Seed 482's case: 63 km/h, 3.9 % of a 16:9 view high. While the border cuts the rider, the
        // centre of what is seen moves at about half their speed, so the velocity from the first
        // two frames is far off, and only the middle of the rider is found (half their height):
        // the third region lies further from the prediction than body heights allow for so small
        // a region, yet well within what the fastest rider does.
        let taken = firstTaken(aspect: 16.0 / 9.0, fps: fps, kmh: 63, height: 0.039, enters: 0.5, seen: 0.5) { _ in [] }
        #expect((taken?.x ?? 1) < 0.1, "first taken at \(taken?.x ?? -1), post 1 is at 0.1")
        #expect(taken?.steady == true)
    }

    @Test(arguments: [20.0, 30.0])
    func aRiderTakingOverSomeoneStandingIsJudgedOnTheirOwnMotion(fps: Double) {
        // Seed 226's case: someone stands just inside the left edge (x 0.05) for 4 s; a 31 km/h
        // rider of their size comes in there, their regions run together and the standing
        // person is not seen apart again (hidden, or learnt into the course). The standing
        // person's track takes the rider's region: judged on 4 s of standing still, it would
        // only count as riding well past post 1.
        var tracker = RiderTracker(settings: VisionSettings(), viewAspect: 4.0 / 3.0)
        let speed = 31 / 3.6 / 35, enters = 4.0, width = 0.055
        var first: Double?
        for t in frameTimesDroppingOneInSeven(fps: fps, duration: enters + 1) {
            let x = -width / 2 + speed * (t - enters)
            var blobs: [Blob] = []
            if t < enters { blobs.append(region(x: 0.05, height: 0.097, width: width)) }
            if t >= enters && x > -width / 4 { blobs.append(region(x: x, height: 0.09, width: width)) }
            if step(&tracker, t, blobs) != nil, first == nil, t > enters { first = x }
            #expect(t > enters || tracker.isLocked == false, "someone standing is not the rider")
        }
        #expect((first ?? 1) < 0.1, "first taken at \(first ?? -1), post 1 is at 0.1")
    }

    @Test func someoneStandingWhoseRegionJittersIsNeverTheRider() {
        // The rule that restarts a fit on a change of motion must not make noise into riding:
        // a person standing whose region jumps by two cells now and then, one way then back.
        var tracker = RiderTracker(settings: VisionSettings(), viewAspect: 16.0 / 9.0)
        for (frame, t) in frameTimesDroppingOneInSeven(fps: 30, duration: 6).enumerated() {
            let jump = frame % 9 == 4 ? 0.012 : (frame % 9 == 5 ? -0.006 : 0)
            _ = step(&tracker, t, [region(x: 0.3 + jump, height: 0.08, width: 0.025)])
            #expect(!tracker.isLocked, "at \(t) s")
        }
    }

    /// Under uneven light (the detector sets `shortestRider`), a sliver under the smallest
    /// person's height (2 % of the view: a cloud's edge along the ground's far border, moving at
    /// wind speed) is never the rider, however fast it goes; a region of the smallest rider's
    /// height (3 %) at the same speed is. In even light such a sliver is a faint small rider seen
    /// in part, and is taken.
    @Test(arguments: [(0.018, true, false), (0.03, true, true), (0.018, false, true)])
    func underUnevenLightOnlySomeoneOfAPersonsHeightRides(height: Double, unevenLight: Bool, rides: Bool) {
        var tracker = RiderTracker(settings: VisionSettings(), viewAspect: 16.0 / 9.0)
        tracker.shortestRider = unevenLight ? VisionSettings().smallestPersonHeight : 0
        var taken = false
        for t in frameTimesDroppingOneInSeven(fps: 30, duration: 2) {
            // 0.45 view widths a second (57 km/h on the standard course), well over walking.
            let x = 0.15 + 0.45 * t
            if step(&tracker, t, [region(x: x, height: height, width: 0.02, feet: 0.33)]) != nil { taken = true }
        }
        #expect(taken == rides)
    }

    /// At 10 fps a rider seen in two frames, then two frames the detector did not look at (a
    /// shaking camera's jolt suspected) and three dropped, is 0.6 s unseen, longer than even a
    /// riding track's bridge (0.5 s; a rider judged riding on two frames has it, see
    /// `RiderTracker+Regain`): the time not looked at does not count against them, and they keep
    /// their identity (without it they come back as someone new, past the post they were first
    /// seen before).
    @Test(arguments: [true, false])
    func framesNotLookedAtDoNotEndAYoungTrack(lookedAway: Bool) {
        var tracker = RiderTracker(settings: VisionSettings(), viewAspect: 4.0 / 3.0)
        let speed = 0.42   // view widths a second: 53 km/h on the standard course
        func seen(_ t: Double) -> RiderTracker.Observation? {
            step(&tracker, t, [region(x: 0.02 + speed * t, height: 0.14, width: 0.04, feet: 0.85)])
        }
        _ = seen(0)
        let first = seen(0.2)?.trackID
        // Frames at 0.3 and 0.4 s not looked at; 0.5, 0.6 and 0.7 s dropped.
        if lookedAway {
            tracker.lookedAway(from: 0.2, until: 0.3)
            tracker.lookedAway(from: 0.3, until: 0.4)
        }
        let back = seen(0.8)?.trackID
        #expect(first != nil)
        #expect((back == first) == lookedAway, "identity \(String(describing: first)) then \(String(describing: back))")
    }
}

