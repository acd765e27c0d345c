import Testing
@testable import GateSpeedVision

/// The tracking rules of the seeds, on hand-made regions at 30 fps (view coordinates).
@Suite struct RiderTrackerTests {
    func person(x: Double, height: Double = 0.1, area: Double? = nil) -> Blob {
        let width = height * 0.3
        return Blob(minX: x - width / 2, maxX: x + width / 2, minY: 0.7, maxY: 0.7 + height,
                    area: area ?? width * height * 0.6, centroidX: x, centroidY: 0.75, upperCentreX: x,
                    bottomX: x, bottomY: 0.7 + height)
    }

    func step(_ tracker: inout RiderTracker, _ t: Double, _ blobs: [Blob], hold: Bool = false) -> RiderTracker.Observation? {
        blobs.withUnsafeBufferPointer { tracker.update(time: t, candidates: $0, holdIdentity: hold) }
    }

    @Test func theIncumbentKeepsTheIdentityAgainstASomewhatBiggerNewcomer() {
        var tracker = RiderTracker(settings: VisionSettings(), viewAspect: 4.0 / 3.0)
        var id: UInt32 = 0
        for frame in 0..<30 {   // the rider moves right at 0.25 view widths per second
            let t = Double(frame) / 30
            if let o = step(&tracker, t, [person(x: 0.2 + 0.25 * t)]) { id = o.trackID }
        }
        // A newcomer 1.4 x as prominent appears and moves too: not enough to take over.
        for frame in 30..<60 {
            let t = Double(frame) / 30
            let o = step(&tracker, t, [person(x: 0.2 + 0.25 * t), person(x: 0.8 - 0.2 * (t - 1), area: 0.0025)])
            #expect(o?.trackID == id)
            #expect(abs((o?.x ?? 0) - (0.2 + 0.25 * t)) < 1e-9)
        }
    }

    @Test func aFarMoreProminentChallengerTakesOverWithANewIdentity() {
        var tracker = RiderTracker(settings: VisionSettings(), viewAspect: 4.0 / 3.0)
        var first: UInt32 = 0
        for frame in 0..<30 {
            let t = Double(frame) / 30
            if let o = step(&tracker, t, [person(x: 0.5 + 0.2 * t)]) { first = o.trackID }
        }
        var last: UInt32 = 0
        for frame in 30..<45 {
            let t = Double(frame) / 30
            if let o = step(&tracker, t, [person(x: 0.5 + 0.2 * t), person(x: 0.55 + 0.3 * t, height: 0.3)]) { last = o.trackID }
        }
        #expect(last != first && last != 0)
    }

    @Test func withoutAFrameTheFootAndBodyAreTheRegionsOwn() throws {
        var tracker = RiderTracker(settings: VisionSettings(), viewAspect: 4.0 / 3.0)
        var last: RiderTracker.Observation?
        for frame in 0..<5 { last = step(&tracker, Double(frame) / 30, [person(x: 0.4 + 0.01 * Double(frame))]) }
        let o = try #require(last)
        #expect(o.footX == o.blob.bottomX && o.footY == o.blob.bottomY)
        #expect(o.topY == o.blob.minY && o.bodyY == o.blob.upperCentreY)
        #expect(o.bodyY > o.topY && o.bodyY < o.footY)
        // A grid row is 1/144 of the view at 4:3: the foot is known to a uniform cell.
        #expect(abs(o.footSigma - 1 / (144 * 12.0.squareRoot())) < 1e-12)
        #expect(o.heightPixels == 0)
    }

    @Test func briefGapsAreBridgedLongOnesEndTheTrack() {
        var tracker = RiderTracker(settings: VisionSettings(), viewAspect: 4.0 / 3.0)
        var id: UInt32 = 0
        for frame in 0..<20 { if let o = step(&tracker, Double(frame) / 30, [person(x: 0.3 + 0.01 * Double(frame))]) { id = o.trackID } }
        // 0.2 s without a detection, then the rider is there again: same identity.
        for frame in 20..<26 { #expect(step(&tracker, Double(frame) / 30, []) == nil) }
        let back = step(&tracker, 26.0 / 30, [person(x: 0.56)])
        #expect(back?.trackID == id)
        // 1 s without a detection: the track is gone; whoever comes next is someone new.
        for frame in 27..<57 { _ = step(&tracker, Double(frame) / 30, []) }
        // (They ride too: only someone seen at riding speed is the rider, a few frames on.)
        var next: RiderTracker.Observation?
        for frame in 57..<64 { next = step(&tracker, Double(frame) / 30, [person(x: 0.9 - 0.01 * Double(frame - 57))]) }
        #expect(next != nil && next?.trackID != id)
    }

    @Test func anImplausibleJumpIsNotFollowed() {
        var tracker = RiderTracker(settings: VisionSettings(), viewAspect: 4.0 / 3.0)
        var id: UInt32 = 0
        // A rider going right at 0.3 view widths per second (riding speed: only riders are followed as the rider).
        for frame in 0..<15 { if let o = step(&tracker, Double(frame) / 30, [person(x: 0.16 + 0.01 * Double(frame))]) { id = o.trackID } }
        #expect(id != 0)
        // The only region is now 0.09 view widths from where the rider should be one frame later:
        // 0.09 * 4/3 / 0.1 * 30 = 36 body heights per second. The rider's track does not follow it.
        let o = step(&tracker, 15.0 / 30, [person(x: 0.4)])
        #expect(o == nil || o?.trackID != id)
    }

    @Test func aMoverIsPreferredToSomeoneStandingStill() {
        var tracker = RiderTracker(settings: VisionSettings(), viewAspect: 4.0 / 3.0)
        var last: RiderTracker.Observation?
        for frame in 0..<60 {
            let t = Double(frame) / 30
            // A bystander standing at 0.8 is there first; a rider enters at the left at t = 1 s.
            var blobs = [person(x: 0.8, height: 0.12)]
            if t >= 1 { blobs.append(person(x: 0.02 + 0.25 * (t - 1))) }
            last = step(&tracker, t, blobs)
        }
        #expect(abs((last?.x ?? 0) - (0.02 + 0.25 * (59.0 / 30 - 1))) < 1e-9, "the rider, not the bystander")
    }
}
