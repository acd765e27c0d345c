import Testing
@testable import GateSpeedVision

/// Issue 11, point 5 (people who are not riders): a rider passing someone standing keeps their
/// identity and their own position. Hand-made regions at the standard course scale (35 m a view
/// width), 30 fps with 3 ms of jitter and every seventh frame dropped; regions that run
/// together are one region covering both people, measured in parts as the extractor does.
@Suite struct RiderPassingTests {
    /// The columns of a region between two x positions, as a region of their own (the
    /// extractor's `part(of:)` on a region with no gaps).
    struct Columns: RegionParts {
        func part(of blob: Blob, from: Double, to: Double, upperFraction: Double) -> Blob? {
            let low = max(blob.minX, from), high = min(blob.maxX, to)
            guard high > low else { return nil }
            let mid = 0.5 * (low + high)
            return Blob(minX: low, maxX: high, minY: blob.minY, maxY: blob.maxY,
                        area: blob.area * (high - low) / max(1e-9, blob.width), centroidX: mid,
                        centroidY: blob.centroidY, upperCentreX: mid, bottomX: mid, bottomY: blob.maxY)
        }
    }

    func person(x: Double, height: Double, feet: Double) -> Blob {
        let width = height * 0.3
        return Blob(minX: x - width / 2, maxX: x + width / 2, minY: feet - height, maxY: feet,
                    area: width * height * 0.6, centroidX: x, centroidY: feet - height / 2, upperCentreX: x,
                    bottomX: x, bottomY: feet)
    }

    /// One region covering `a` and `b` (they overlap or touch).
    func merged(_ a: Blob, _ b: Blob) -> Blob {
        let minX = min(a.minX, b.minX), maxX = max(a.maxX, b.maxX)
        let minY = min(a.minY, b.minY), maxY = max(a.maxY, b.maxY)
        let mid = 0.5 * (minX + maxX)
        return Blob(minX: minX, maxX: maxX, minY: minY, maxY: maxY, area: a.area + b.area,
                    centroidX: mid, centroidY: 0.5 * (minY + maxY), upperCentreX: mid, bottomX: mid, bottomY: maxY)
    }

    /// Frame times at 30 fps with 3 ms of jitter and every seventh frame dropped.
    func frameTimes(seconds: Double) -> [Double] { RiderContinuityTests().frameTimes(seconds: seconds) }

    /// Runs a rider going right to left at `speed` view widths a second from x 0.9 past
    /// someone standing or walking (`standing`: their region at a frame's index and time), who
    /// is there from the start; `standingX`: where the rider counts as past them. Returns the
    /// rider's reported x against the truth (worst over every frame from 0.3 s on, or only over
    /// those after the rider is past when `afterOnly`), the identities the rider was reported
    /// under, the frames after the rider passed, and the lowest confidence the rider was reported
    /// with while the two regions were one.
    func ride(seconds: Double, speed: Double, standingX: Double, rider: (Double) -> Blob, standing: (Int, Double) -> Blob,
              mergeWhenOverlapping: Bool, afterOnly: Bool)
        -> (worst: Double, ids: Set<UInt32>, framesPast: Int, mergedConfidence: Double) {
        var tracker = RiderTracker(settings: VisionSettings(), viewAspect: 16.0 / 9.0)
        var worst = 0.0, ids = Set<UInt32>(), framesPast = 0, mergedConfidence = 1.0
        for (frame, t) in frameTimes(seconds: seconds).enumerated() {
            let x = 0.9 - speed * t
            let r = rider(x)
            let standing = standing(frame, t)
            var blobs = [r, standing]
            let together = mergeWhenOverlapping && r.minX < standing.maxX && r.maxX > standing.minX
            if together { blobs = [merged(r, standing)] }
            blobs.sort { $0.area > $1.area }
            let seen = blobs.withUnsafeBufferPointer {
                tracker.update(time: t, candidates: $0, parts: Columns(), holdIdentity: t > 0.3)
            }
            guard let seen, t > 0.3 else { continue }
            ids.insert(seen.trackID)
            if together { mergedConfidence = min(mergedConfidence, seen.confidence) }
            let past = x < standingX - 2 * r.width
            if past { framesPast += 1 }
            if past || !afterOnly { worst = max(worst, abs(seen.x - x)) }
        }
        return (worst, ids, framesPast, mergedConfidence)
    }

    @Test func aSmallPersonStandingFarBehindAtTheRidersXDoesNotTakeTheirPlace() {
        // Someone a third of the rider's height, standing well behind the course (high in the
        // view), at an x the rider rides through (seed 184): their region is no region the
        // rider shares, whatever the columns say.
        // A small figure in noise: their region is now narrow, now wider than the rider's
        // (with their shadow, to the rider's side).
        func standing(_ frame: Int, _ t: Double) -> Blob {
            var figure = person(x: 0.53, height: 0.037, feet: 0.30)
            figure.minX = frame % 2 == 0 ? 0.52 : 0.50
            figure.maxX = frame % 2 == 0 ? 0.54 : 0.58
            return figure
        }
        let run = ride(seconds: 2.2, speed: 0.31, standingX: 0.53,
                       rider: { person(x: $0, height: 0.12, feet: 0.9) }, standing: standing,
                       mergeWhenOverlapping: false, afterOnly: false)
        #expect(run.framesPast > 10)
        #expect(run.ids.count == 1, "the rider changed identity: \(run.ids)")
        #expect(run.worst < 0.001, "the rider was reported \(run.worst) of the view's width off")
    }

    @Test func aSlowRiderOvertakingSomeoneWalkingKeepsTheirIdentityAndPosition() {
        // 14 km/h past someone of the same size walking the same way at 1.8 m/s on the course
        // (seeds 39, 333): their regions are one for about a second, its centre moving at
        // neither one's speed. The rider is reported where they are all along, not at it, and
        // while the regions are one too deep to cut, with a confidence that says the position is
        // their motion's prediction (the timing weighs it little).
        let speed = 14 / 3.6 / 35, walking = 1.8 / 35
        let run = ride(seconds: 5.5, speed: speed, standingX: 0.45,
                       rider: { person(x: $0, height: 0.08, feet: 0.85) },
                       standing: { _, t in person(x: 0.75 - walking * t, height: 0.08, feet: 0.85) },
                       mergeWhenOverlapping: true, afterOnly: false)
        #expect(run.framesPast > 10)
        #expect(run.ids.count == 1, "the rider changed identity: \(run.ids)")
        #expect(run.worst < 0.008, "the rider was reported \(run.worst) of the view's width off")
        #expect(run.mergedConfidence <= RiderTracker.coastedConfidence,
                "confidence \(run.mergedConfidence) while merged")
    }
}
