import Testing
@testable import GateSpeedVision

/// During a run the rider is not matched to a region lying clear a body height above or below
/// their last one (`RiderTracker+VerticalReach`): hand-made regions at the standard course scale
/// (35 m per view width), 30 fps with ±3 ms of jitter and a frame in 13 dropped.
@Suite struct RiderVerticalReachTests {
    /// Seed 505's case: a small rider (0.02 view heights) at 32 km/h right to left, their run in
    /// progress, unseen from 1.0 s to 1.3 s; at 1.27 s a speck of noise or shadow a tenth of the
    /// view's height above their feet, 0.036 view widths behind them; from 1.5 s the rider again.
    /// Returns where the rider was reported at the speck's frame (nil: not seen) and whether the
    /// rider was seen again after it.
    func rideUnderSpeck() -> (atSpeck: Double?, seenAfter: Bool) {
        var tracker = RiderTracker(settings: VisionSettings(), viewAspect: 16.0 / 9.0)
        let speed = 32 / 3.6 / 35, height = 0.02, speckTime = 1.27
        var atSpeck: Double?, seenAfter = false
        var times = jitteredFrameTimes(fps: 30, from: 0, to: 2).filter { $0 < 1.0 || $0 >= 1.5 }
        times.append(speckTime)
        times.sort()
        for t in times {
            let x = 0.8 - speed * t
            let regions = t == speckTime
                ? [handMadeRegion(x: x + 0.036, height: 0.028, width: 0.01, feet: 0.71)]
                : [handMadeRegion(x: x, height: height, width: 0.01, feet: 0.82)]
            let rider = step(&tracker, t, regions, hold: t >= 0.3)
            if t == speckTime { atSpeck = rider?.x }
            if t >= 1.5, rider != nil { seenAfter = true }
        }
        return (atSpeck, seenAfter)
    }

    @Test func aSpeckABodyHeightAboveTheRiderIsNotTheRider() {
        let ride = rideUnderSpeck()
        #expect(ride.atSpeck == nil, "the speck was taken for the rider at \(ride.atSpeck ?? 0)")
        #expect(ride.seenAfter)
    }
}
