import Testing
@testable import GateSpeedVision

/// During a run, the rider followed on their way keeps the identity against anyone out of their
/// reach (`RiderTracker+RunRiderKept`), on hand-made regions at a real cadence (30 fps, ±3 ms
/// jitter, a frame in 13 dropped; standard course: 35 m per view width).
@Suite struct RiderRunRiderKeptTests {
    func person(x: Double, height: Double, feet: Double) -> Blob {
        handMadeRegion(x: x, height: height, width: height * 0.3, feet: feet)
    }

    /// A rider at 32 km/h right to left, their run in progress; from 0.5 s on, far down the course,
    /// a region twice their height goes their way at 3.5 m/s (a walker behind the course whose
    /// regions merge with a bystander's): it scores more than the rider's, but never takes the run.
    @Test func aLargerRegionFarOffNeverTakesTheRunFromTheRiderFollowed() {
        var tracker = RiderTracker(settings: VisionSettings(), viewAspect: 16.0 / 9.0)
        let speed = 32 / 3.6 / 35, other = 3.5 / 35   // view widths per second
        var riderID: UInt32?, changes = 0, seen = 0
        for t in jitteredFrameTimes(fps: 30, from: 0, to: 2.5) {
            var regions = [person(x: 0.9 - speed * t, height: 0.06, feet: 0.8)]
            if t >= 0.5 { regions.append(person(x: 0.25 - other * (t - 0.5), height: 0.12, feet: 0.62)) }
            guard let rider = step(&tracker, t, regions, hold: t >= 0.3) else { continue }
            if t >= 0.3 {
                seen += 1
                if let id = riderID, id != rider.trackID { changes += 1 }
                riderID = rider.trackID
            }
        }
        #expect(seen > 50 && changes == 0, "seen \(seen), identity changed \(changes) times")
    }
}
