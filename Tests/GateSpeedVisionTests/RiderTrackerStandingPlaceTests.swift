import Testing
@testable import GateSpeedVision

/// A person only just found does not jump onto the place of something standing there
/// (`RiderTracker+StandingPlace`), on hand-made regions at 30 fps with jitter and a dropped frame.
@Suite struct RiderTrackerStandingPlaceTests {
    /// A small region (a post's mark left in the foreground by the light's drift, a piece of it),
    /// `height` of the view tall, its top at `top`.
    func piece(x: Double, top: Double, height: Double = 0.019) -> Blob {
        let width = 0.005
        return Blob(minX: x - width / 2, maxX: x + width / 2, minY: top, maxY: top + height,
                    area: width * height, centroidX: x, centroidY: top + height / 2, upperCentreX: x,
                    bottomX: x, bottomY: top + height)
    }

    func step(_ tracker: inout RiderTracker, _ t: Double, _ blobs: [Blob]) -> RiderTracker.Observation? {
        blobs.withUnsafeBufferPointer { tracker.update(time: t, candidates: $0) }
    }

    /// Seed 882 (640x360 30 fps, light drift 22 %): a post's mark stands in the foreground as
    /// pieces at x 0.9; a fragment of someone walking off the view's right edge is seen twice at
    /// 0.97 and lost; four frames later the mark comes as one piece more, 0.07 view widths away,
    /// within the reach of a newcomer whose speed is unknown. Taken, it made the fragment a rider
    /// going left at 0.44 view widths a second, and a run started on the post.
    @Test func aNewcomerDoesNotTakeAPieceOfAStandingMark() {
        var tracker = RiderTracker(settings: VisionSettings(), viewAspect: 16.0 / 9.0)
        var jitter: UInt64 = 0x9E3779B97F4A7C15
        func time(_ frame: Int) -> Double {
            jitter = jitter &* 6364136223846793005 &+ 1442695040888963407
            return Double(frame) / 30 + (Double(jitter >> 40) / Double(1 << 24) - 0.5) * 0.004
        }
        let marks = [piece(x: 0.899, top: 0.80), piece(x: 0.901, top: 0.84)]
        var riders: [RiderTracker.Observation] = []
        for frame in 0..<150 where frame != 37 {   // one frame dropped
            let t = time(frame)
            var blobs = marks
            if frame == 90 || frame == 91 { blobs.append(piece(x: 0.970, top: 0.78, height: 0.028)) }
            if frame >= 95 { blobs.append(piece(x: 0.898, top: 0.88)) }
            if let o = step(&tracker, t, blobs) { riders.append(o) }
        }
        #expect(riders.isEmpty, "taken for a rider: \(riders.map { ($0.trackID, $0.x) })")
    }

    /// A rider coming in from the right passes in front of the mark: their region, much taller than
    /// the mark's pieces, stays theirs, and they are followed as the rider.
    @Test func aRiderPassingTheMarkIsStillFollowed() {
        var tracker = RiderTracker(settings: VisionSettings(), viewAspect: 16.0 / 9.0)
        let marks = [piece(x: 0.899, top: 0.80), piece(x: 0.901, top: 0.84)]
        var last: RiderTracker.Observation?
        for frame in 0..<120 {
            let t = Double(frame) / 30
            var blobs = marks
            if t >= 3 {
                let x = 0.99 - 0.3 * (t - 3)
                blobs.append(Blob(minX: x - 0.015, maxX: x + 0.015, minY: 0.74, maxY: 0.85, area: 0.002,
                                  centroidX: x, centroidY: 0.8, upperCentreX: x, bottomX: x, bottomY: 0.85))
            }
            if let o = step(&tracker, t, blobs) { last = o }
        }
        #expect(abs((last?.x ?? 0) - (0.99 - 0.3 * (119.0 / 30 - 3))) < 1e-9, "the rider is followed")
    }
}
