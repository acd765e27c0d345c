import GateSpeedCore
@testable import GateSpeedEngine

/// Frames fed through a view track, for the view track's rule tests.
enum ViewTrackFeed {
    /// Feeds `frames` through a view track into a crossing detector on `posts` (normalised view
    /// x), draining after each frame and flushing at the last; the crossings found.
    static func crossings(_ frames: [ViewTrack.Entry], posts: [Double]) -> [Crossing] {
        var detector = CrossingDetector(posts: posts)
        var found: [Crossing] = []
        var track = ViewTrack()
        func feed(_ sample: RiderSample) {
            detector.observe(t: sample.t, x: sample.x, xSigma: sample.xSigma, tSigma: sample.tSigma, into: &found)
        }
        for entry in frames {
            track.push(entry) { sample, _ in feed(sample) }
            track.drain(now: entry.t) { sample, _ in feed(sample) }
        }
        track.drain(now: frames.last?.t ?? 0, flush: true) { sample, _ in feed(sample) }
        return found
    }

    /// A frame at `t` (seconds) with the rider `id` seen at `x` (normalised view x), their region
    /// from `minX` to `maxX` as seen, weighted by `confidence`²; `edge`: the view's edge margin
    /// within which a region counts as cut by it (view widths).
    static func seen(_ t: Double, id: UInt32, x: Double, minX: Double, maxX: Double, confidence: Double,
                     edge: Double = 0) -> ViewTrack.Entry {
        var entry = ViewTrack.Entry(t: t)
        entry.trackID = id
        entry.edge = edge
        entry.x = x
        entry.setRegion(seenMinX: minX, seenMaxX: maxX)
        entry.confidence = confidence
        entry.weight = confidence * confidence
        return entry
    }
}
