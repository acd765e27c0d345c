import Testing
@testable import GateSpeedVision

/// Who may be the rider, on hand-made regions (view coordinates, standard course: 35 m per view
/// width, so walking limit 2.5 m/s = 0.071 view widths per second).
@Suite struct RidingJudgementTests {
    func person(x: Double, height: Double = 0.08, feet: Double = 0.85) -> Blob {
        let width = height * 0.3
        return Blob(minX: x - width / 2, maxX: x + width / 2, minY: feet - height, maxY: feet,
                    area: width * height * 0.6, centroidX: x, centroidY: feet - height / 2, upperCentreX: x,
                    bottomX: x, bottomY: feet)
    }

    func step(_ tracker: inout RiderTracker, _ t: Double, _ blobs: [Blob], hold: Bool = false) -> RiderTracker.Observation? {
        blobs.withUnsafeBufferPointer { tracker.update(time: t, candidates: $0, holdIdentity: hold) }
    }

    /// Small deterministic wobble of a region's position (a grid cell or so), view widths.
    func wobble(_ frame: Int) -> Double { Double((frame * 7919) % 11 - 5) * 0.001 }

    @Test(arguments: [10.0, 15.0, 30.0, 120.0])
    func aSmallRiderAt60KmhIsTheRiderWithinAFewFrames(fps: Double) {
        var tracker = RiderTracker(settings: VisionSettings(), viewAspect: 16.0 / 9.0)
        let speed = 60 / 3.6 / 35   // view widths per second
        var firstSeen: Double?
        for frame in 0..<Int(fps) {
            let t = Double(frame) / fps
            let x = 0.01 + speed * t
            if step(&tracker, t, [person(x: x, height: 0.03)]) != nil, firstSeen == nil { firstSeen = x }
        }
        // Before post 1 (0.1 of the width), at any frame rate down to 10 fps.
        #expect((firstSeen ?? 1) < 0.1, "first seen as the rider at \(firstSeen ?? -1)")
    }

    @Test(arguments: [0.5, 1.2, 2.0, 2.3])
    func aWalkerIsNeverTheRider(metresPerSecond: Double) {
        var tracker = RiderTracker(settings: VisionSettings(), viewAspect: 4.0 / 3.0)
        let speed = metresPerSecond / 35
        for frame in 0..<300 {   // 10 s at 30 fps, to and fro
            let t = Double(frame) / 30
            let leg = (speed * t).truncatingRemainder(dividingBy: 0.8)
            let x = 0.1 + (leg < 0.4 ? leg : 0.8 - leg) + wobble(frame)
            #expect(step(&tracker, t, [person(x: x)]) == nil, "t \(t)")
        }
    }

    @Test func aSlowRiderIsTakenBeforeTheStartPost() {
        // 11 km/h, the slowest rider, entering at the left edge with a noisy position.
        var tracker = RiderTracker(settings: VisionSettings(), viewAspect: 4.0 / 3.0)
        let speed = 11 / 3.6 / 35
        var firstSeen: Double?
        for frame in 0..<60 {
            let t = Double(frame) / 30
            let x = 0.012 + speed * t + wobble(frame)
            if step(&tracker, t, [person(x: x)]) != nil, firstSeen == nil { firstSeen = x }
        }
        #expect((firstSeen ?? 1) < 0.095, "first seen as the rider at \(firstSeen ?? -1)")
    }

    @Test func aRiderWhoStopsOutsideARunIsLetGoButHeldDuringOne() {
        for hold in [false, true] {
            var tracker = RiderTracker(settings: VisionSettings(), viewAspect: 4.0 / 3.0)
            var seen = 0
            for frame in 0..<120 {
                let t = Double(frame) / 30
                let x = t < 1 ? 0.2 + 0.25 * t : 0.45   // rides for a second, then stands
                if step(&tracker, t, [person(x: x)], hold: hold) != nil && t > 3.2 { seen += 1 }
            }
            // Let go once the speed fit has forgotten the ride and the lapse (0.6 s) has passed
            // outside a run; kept throughout a run.
            #expect(hold ? seen == 23 : seen == 0, "hold \(hold): \(seen)")
        }
    }

    @Test func aFlatRegionIsNoRider() {
        // A ground shadow sliding at riding speed: four times as wide as it is tall.
        var tracker = RiderTracker(settings: VisionSettings(), viewAspect: 4.0 / 3.0)
        for frame in 0..<30 {
            let t = Double(frame) / 30
            let x = 0.2 + 0.3 * t
            let shadow = Blob(minX: x - 0.04, maxX: x + 0.04, minY: 0.84, maxY: 0.87, area: 0.002, centroidX: x,
                              centroidY: 0.85, upperCentreX: x, bottomX: x, bottomY: 0.87)
            #expect(step(&tracker, t, [shadow]) == nil)
        }
    }

    @Test func aRiderEnteringIsMeasuredByTheEdgeStillInView() {
        // A large rider (40 % of the height) entering from the left at 30 km/h: the part in view
        // is cut at 0, so its centre moves at half speed; the leading edge gives the speed.
        var tracker = RiderTracker(settings: VisionSettings(), viewAspect: 4.0 / 3.0)
        let speed = 30 / 3.6 / 35, half = 0.19 * 0.4 / (4.0 / 3.0)
        var velocity: Double?
        for frame in 0..<20 {
            let t = Double(frame) / 30
            let centre = -half + 0.01 + speed * t
            let left = max(0, centre - half), right = centre + half
            var blob = person(x: 0.5 * (left + right), height: 0.4)
            blob.minX = left; blob.maxX = right; blob.upperMinX = left; blob.upperMaxX = right
            _ = step(&tracker, t, [blob])
            velocity = tracker.trackVelocity(trackID: 1)
        }
        #expect(abs((velocity ?? 0) - speed) < 0.1 * speed, "\(velocity ?? 0) against \(speed)")
    }

    @Test func theFitGivesSpeedAndItsError() {
        var fit = MotionFit()
        #expect(fit.speed(sigmaFloor: 0.001) == nil)
        for frame in 0..<30 { fit.add(t: Double(frame) / 30, x: 0.2 + 0.1 * Double(frame) / 30, memorySeconds: 1.5) }
        let (speed, error) = fit.speed(sigmaFloor: 0.001) ?? (0, 1)
        #expect(abs(speed - 0.1) < 1e-9)
        #expect(error > 0 && error < 0.01)
    }
}
