import GateSpeedCore
@testable import GateSpeedEngine
import Testing

/// The view track judging a frame with few neighbours (a rider just found at 10 fps, with a gap
/// after their first frames): setting frames aside as wild must not leave a fit of lower order
/// than the frames support, whose value (a mean) is where a moving rider was on average.
@Suite struct ViewTrackSparseTests {
    @Test func aSparseNeighbourhoodKeepsTheOrderItsFramesSupport() throws {
        // Seed 369's case: 52 km/h from the right at 10 fps; seen cut by the border at 2.3 s and
        // whole at 2.4 s, lost until 2.8 s, post 5 (x 0.9) crossed at 2.469 s in the gap.
        let speed = 52 / 3.6 / 35
        func truth(_ t: Double) -> Double { 1.011 - speed * (t - 2.2) }
        // The frames as the tracker gave them: time, timed x, region's edges, confidence (the
        // first two whole but faint and narrow, the rider coming in; then whole again from 2.8 s).
        let seen: [(t: Double, x: Double, minX: Double, maxX: Double, confidence: Double)] = [
            (2.3, 0.9714, 0.9609, 0.9818, 0.60), (2.4, 0.9313, 0.9167, 0.9427, 0.63),
            (2.8, 0.7645, 0.7500, 0.7760, 0.70), (2.9, 0.7235, 0.7083, 0.7396, 0.59),
            (3.0, 0.6829, 0.6667, 0.6979, 0.76), (3.1, 0.6414, 0.6250, 0.6563, 0.90),
            (3.2, 0.6001, 0.5833, 0.6146, 0.95), (3.3, 0.5590, 0.5417, 0.5729, 0.93),
            (3.4, 0.5183, 0.5000, 0.5365, 0.96), (3.5, 0.4770, 0.4594, 0.4948, 0.95),
            (3.6, 0.4357, 0.4182, 0.4536, 0.95), (3.7, 0.3944, 0.3769, 0.4123, 0.95),
        ]
        var frames: [ViewTrack.Entry] = []
        for s in seen {
            frames.append(ViewTrackFeed.seen(s.t, id: 3, x: s.x, minX: s.minX, maxX: s.maxX,
                                             confidence: s.confidence, edge: 1.5 / 192))
            // Nobody found in the frames between 2.4 and 2.8 s.
            if s.t == 2.4 { for t in [2.5, 2.6, 2.7] { frames.append(ViewTrack.Entry(t: t)) } }
        }
        _ = truth
        let found = ViewTrackFeed.crossings(frames, posts: [0.1, 0.3, 0.5, 0.7, 0.9])
        let crossing = try #require(found.first)
        let expected = 2.2 + (1.011 - 0.9) / speed
        #expect(crossing.post == 5, "post 5 first")
        #expect(abs(crossing.t - expected) < 0.012, "post 5 at \(crossing.t), truth \(expected)")
    }
}
