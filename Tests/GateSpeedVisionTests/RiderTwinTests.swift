import Testing
@testable import GateSpeedVision

/// A part of the rider cut off (by a post's pole, a band of clothing the ground's colour) is
/// followed on its own; once the rider is whole again, that track is their twin and is let go
/// (`RiderTracker+Twin`), so it never takes the rider's region from them. Hand-made regions at the standard course scale (35 m per view
/// width), 30 fps with ±3 ms of jitter and a frame in 13 dropped.
@Suite struct RiderTwinTests {
    /// A rider 0.06 high (view heights), 0.02 wide (view widths), at 16 km/h left to right, their
    /// run in progress. Until 0.6 s a band of their clothing the ground's colour cuts them in two
    /// full-height parts (as a pole does while they pass behind it), each followed on its own at
    /// their speed; afterwards their one region's centre wobbles by ±30 % of their width (a small,
    /// faint rider's region gaining and losing cells). Returns the frames after 0.8 s: how many,
    /// in how many the rider was not reported (someone else took their region), and the most
    /// people followed at once besides the rider within their width.
    func rideCutInTwo() -> (frames: Int, unseen: Int, twins: Int) {
        var tracker = RiderTracker(settings: VisionSettings(), viewAspect: 4.0 / 3.0)
        let speed = 16 / 3.6 / 35, width = 0.02, height = 0.06
        var frames = 0, unseen = 0, twins = 0, index = 0
        for t in jitteredFrameTimes(fps: 30, from: 0, to: 2) {
            index += 1
            let x = 0.3 + speed * t
            let regions: [Blob]
            if t < 0.6 {
                let left = x - width / 2, right = x + width / 2
                regions = [handMadeRegion(x: left + 0.3 * width, height: height, width: 0.6 * width, feet: 0.8),
                           handMadeRegion(x: right - 0.15 * width, height: height, width: 0.3 * width, feet: 0.8)]
            } else {
                let wobble = [0.0, 0.3, -0.3, 0.15, -0.15][index % 5] * width
                regions = [handMadeRegion(x: x + wobble, height: height, width: width, feet: 0.8)]
            }
            let rider = step(&tracker, t, regions, hold: t >= 0.3)
            guard t >= 0.8 else { continue }
            frames += 1
            if rider == nil { unseen += 1 }
            let summaries = tracker.summaries
            guard let own = summaries.first(where: \.isRider) else { continue }
            twins = max(twins, summaries.filter { !$0.isRider && abs($0.x - own.x) < width }.count)
        }
        return (frames, unseen, twins)
    }

    @Test func aPartCutOffTheRiderNeverTakesTheirRegion() {
        let ride = rideCutInTwo()
        #expect(ride.frames > 25)
        #expect(ride.unseen == 0, "rider unseen on \(ride.unseen) of \(ride.frames) frames")
        #expect(ride.twins == 0, "\(ride.twins) twins followed beside the rider")
    }
}
