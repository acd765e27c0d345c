import Testing
import GateSpeedSimulation
@testable import GateSpeedVision

/// People whose feet stand outside the course band are followed but are never the rider.
@Suite struct CourseBandTrackingTests {
    typealias P = CourseBand.Point

    /// The ground around the course: feet between 0.74 and 0.86 of the view height.
    static var settings: VisionSettings {
        var s = VisionSettings()
        s.courseBand = CourseBand(vertices: [P(x: -0.1, y: 0.74), P(x: 1.1, y: 0.74), P(x: 1.2, y: 0.86), P(x: -0.2, y: 0.86)])
        return s
    }

    /// A person-sized region with its feet at `feet`.
    func person(x: Double, feet: Double, height: Double = 0.1) -> Blob {
        let width = height * 0.3
        return Blob(minX: x - width / 2, maxX: x + width / 2, minY: feet - height, maxY: feet,
                    area: width * height * 0.6, centroidX: x, centroidY: feet - height / 2, upperCentreX: x,
                    bottomX: x, bottomY: feet)
    }

    func step(_ tracker: inout RiderTracker, _ t: Double, _ blobs: [Blob], hold: Bool = false) -> RiderTracker.Observation? {
        blobs.withUnsafeBufferPointer { tracker.update(time: t, candidates: $0, holdIdentity: hold) }
    }

    @Test func aBiggerMovingPersonOffTheCourseIsNeverTheRider() {
        var tracker = RiderTracker(settings: Self.settings, viewAspect: 4.0 / 3.0)
        var riderID: UInt32?
        for frame in 0..<120 {
            let t = Double(frame) / 30
            // A spectator behind the course (feet at 0.62), twice the rider's size, walking; the
            // rider enters after a second.
            var blobs = [person(x: 0.9 - 0.2 * t, feet: 0.62, height: 0.2)]
            if t >= 1 { blobs.append(person(x: 0.05 + 0.25 * (t - 1), feet: 0.8)) }
            let seen = step(&tracker, t, blobs, hold: t > 2)
            if t < 1 {
                #expect(seen == nil, "the spectator is not the rider (t \(t))")
            } else if let seen {
                #expect(abs(seen.footY - 0.8) < 1e-9, "only the rider (t \(t))")
                if let id = riderID { #expect(seen.trackID == id) } else { riderID = seen.trackID }
            }
            #expect(tracker.activeTracks == (t >= 1 ? 2 : 1))
            #expect(tracker.offCourseTracks == 1)
        }
        #expect(riderID != nil)
    }

    @Test func aCoachInFrontOfTheCourseIsNotTheRiderEither() {
        var tracker = RiderTracker(settings: Self.settings, viewAspect: 4.0 / 3.0)
        for frame in 0..<60 {
            let t = Double(frame) / 30
            #expect(step(&tracker, t, [person(x: 0.3 + 0.2 * t, feet: 0.97, height: 0.3)]) == nil)
        }
    }

    @Test func oneNoisyFrameOutsideTheBandKeepsTheRider() {
        var tracker = RiderTracker(settings: Self.settings, viewAspect: 4.0 / 3.0)
        var id: UInt32 = 0
        for frame in 0..<60 {
            let t = Double(frame) / 30
            // Frame 30: the region's bottom jumps far out of the band (a shadow, a merged region).
            let feet = frame == 30 ? 0.62 : 0.8
            let seen = step(&tracker, t, [person(x: 0.1 + 0.3 * t, feet: feet)], hold: true)
            if frame >= 4 {   // the rider from the fourth frame, once their riding speed is sure
                #expect(seen != nil, "frame \(frame)")
                if id == 0 { id = seen?.trackID ?? 0 } else { #expect(seen?.trackID == id, "frame \(frame)") }
            }
        }
    }

    @Test func aRiderWhoseFeetLeaveTheBandForGoodIsNoLongerTheRider() {
        var tracker = RiderTracker(settings: Self.settings, viewAspect: 4.0 / 3.0)
        var lastSeen = -1.0
        for frame in 0..<90 {
            let t = Double(frame) / 30
            // The feet walk off the course, up the view, from t = 1 s: 0.8 -> 0.6 in a second.
            let feet = t < 1 ? 0.8 : max(0.6, 0.8 - 0.2 * (t - 1))
            if step(&tracker, t, [person(x: 0.2 + 0.2 * t, feet: feet)], hold: true) != nil { lastSeen = t }
        }
        // The band ends at 0.74, the margin at 0.728; the smoothing lags by about 0.03 of the view.
        #expect(lastSeen > 1.3 && lastSeen < 1.6, "last seen at \(lastSeen) s")
        #expect(tracker.offCourseTracks == 1)
    }

    @Test func theBandHasHysteresis() {
        var tracker = RiderTracker(settings: Self.settings, viewAspect: 4.0 / 3.0)
        // Someone standing just beyond the band (within its margin) never was on it: not the rider.
        for frame in 0..<30 {
            #expect(step(&tracker, Double(frame) / 30, [person(x: 0.2 + 0.01 * Double(frame), feet: 0.735)]) == nil)
        }
        // A rider who was on the band and drifts to the same place stays the rider.
        var other = RiderTracker(settings: Self.settings, viewAspect: 4.0 / 3.0)
        var seen = 0
        for frame in 0..<60 {
            let feet = frame < 30 ? 0.76 : 0.735
            if step(&other, Double(frame) / 30, [person(x: 0.2 + 0.01 * Double(frame), feet: feet)]) != nil { seen += 1 }
        }
        #expect(seen == 57)   // every frame from the fourth (once their riding speed is sure)
    }

    /// The whole detector on the simulated course: a walking bystander behind the course, taller
    /// than the rider, is counted but the rider alone is reported.
    @Test func theDetectorReportsOnlyTheRiderAndCountsTheOthers() {
        var scene = SimulatedScene(duration: 9)
        scene.width = 320
        scene.height = 240
        scene.riders = [SimulatedRider(startTime: 4, motion: .constant(speed: 9))]
        scene.bystanders = [SimulatedBystander(fromX: 0.3, toX: 0.7, speed: 0.1, heightFraction: 0.12, groundY: 0.62)]
        var settings = VisionSettings()
        settings.courseBand = CourseBand(vertices: [P(x: -0.2, y: 0.74), P(x: 1.2, y: 0.74), P(x: 1.2, y: 0.86), P(x: -0.2, y: 0.86)])
        var source = SimulatedCourseSource(scene: scene)
        var detector = RiderDetector(settings: settings)
        var riderFrames = 0, spectatorFrames = 0, countedOff = 0, countedBoth = 0
        while source.nextFrame({ frame in
            let out = detector.process(frame)
            if let rider = out.rider {
                if abs(rider.footY - 0.8) < 0.03 { riderFrames += 1 } else { spectatorFrames += 1 }
            }
            if out.offCoursePeople >= 1 { countedOff += 1 }
            if out.trackedPeople >= 2 { countedBoth += 1 }
        }) == .delivered {}
        #expect(spectatorFrames == 0)
        #expect(riderFrames > 60)
        #expect(countedOff > 100)
        #expect(countedBoth > 30)
    }
}
