import Testing
@testable import GateSpeedVision

/// A track whose ride lapsed is measured afresh (`TrackMotion+Lapsed`), on hand-made regions at
/// real cadence (jitter, a frame in seven dropped; standard course: 35 m per view width, post 5
/// at 0.9 of the width).
@Suite struct RiderLapsedRideTests {
    /// The standard course's posts (view x 0.1 to 0.9).
    static var standardPosts: VisionSettings {
        var settings = VisionSettings()
        settings.postViewX = [0.1, 0.3, 0.5, 0.7, 0.9]
        return settings
    }

    /// Seed 345's case: a 45 km/h rider, held through their run, rides out at the right edge, where
    /// someone stands (x 0.98); their regions run together and the track goes on with the person
    /// standing, for 4 s. Then a
    /// 27 km/h rider comes in from the right, past the same spot, and takes that region over. The
    /// track was judged riding once (the first rider), so its fits never restarted: measured through
    /// seconds of standing, the newcomer counted as riding only in the middle of the course.
    @Test(arguments: [15.0, 30.0])
    func aRiderTakingOverSomeoneWhoTookOverTheLastRiderIsJudgedOnTheirOwnMotion(fps: Double) {
        var tracker = RiderTracker(settings: Self.standardPosts, viewAspect: 4.0 / 3.0)
        let width = 0.03, height = 0.055, standing = 0.98
        let first = 45 / 3.6 / 35, second = 27 / 3.6 / 35, enters = 5.5
        var firstRode = false
        var taken: Double?
        for t in frameTimesDroppingOneInSeven(fps: fps, duration: enters + 2) {
            let a = 0.4 + first * t
            let b = 1 + width / 2 - second * (t - enters)
            var x = standing
            if a < standing { x = a } else if t >= enters && b < standing { x = b }
            let region = handMadeRegion(x: x, height: height, width: width, feet: 0.75)
            // The first rider's run is held until they pass post 5 (x 0.9).
            let seen = [region].withUnsafeBufferPointer {
                tracker.update(time: t, candidates: $0, holdIdentity: firstRode && a < 0.9)
            }
            if a < standing && seen != nil { firstRode = true }
            if t >= enters && b < standing, let seen, taken == nil, abs(seen.x - b) < width { taken = b }
        }
        #expect(firstRode, "the first rider was followed")
        #expect((taken ?? 0) > 0.9, "second rider first taken at \(taken ?? -1), post 5 is at 0.9")
    }

    /// A rider held through a run stops between posts 2 and 3 (x 0.4) and stands there for 12 s
    /// (their run times out after 8 s and is let go), then sets off again at 8 m/s. Standing
    /// between the outer posts, they are no new rider: their fits keep their history (fresh fits
    /// would have them riding at once, and they would cross post 3 (x 0.5) as if starting there:
    /// a second invalid run spoken for one rider).
    @Test(arguments: [15.0, 30.0])
    func aRiderWhoStoppedBetweenThePostsIsNotMeasuredAfresh(fps: Double) {
        var tracker = RiderTracker(settings: Self.standardPosts, viewAspect: 4.0 / 3.0)
        let speed = 8 / 35.0, start = 0.2, stop = 0.4, timeout = 8.0
        let stopsAt = (stop - start) / speed, setsOff = stopsAt + 12
        var taken: Double?
        for t in frameTimesDroppingOneInSeven(fps: fps, duration: setsOff + 1.5) {
            let x = t < stopsAt ? start + speed * t : (t < setsOff ? stop : stop + speed * (t - setsOff))
            let region = handMadeRegion(x: x, height: 0.055, width: 0.03, feet: 0.75)
            let seen = [region].withUnsafeBufferPointer {
                tracker.update(time: t, candidates: $0, holdIdentity: t < timeout)
            }
            if t > setsOff, seen != nil, taken == nil { taken = x }
        }
        #expect((taken ?? 1) > 0.5, "taken again at \(taken ?? -1), post 3 is at 0.5")
    }
}
