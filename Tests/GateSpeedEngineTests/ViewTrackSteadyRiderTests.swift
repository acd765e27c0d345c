import GateSpeedCore
@testable import GateSpeedEngine
import Testing

/// The view track judging a frame with a single other sighting of the rider in its window (10 fps
/// with drops, a faint rider): a rider followed for longer than the window keeps the line through
/// the two sightings (their own position), not the mean that lags them; a person just taken for
/// the rider for two frames (a ghost a walker left) keeps the mean, and makes no crossing.
@Suite struct ViewTrackSteadyRiderTests {
    static let posts = [0.1, 0.3, 0.5, 0.7, 0.9]

    /// Feeds `frames` through a view track into a crossing detector; the crossings found.
    static func crossings(_ frames: [ViewTrack.Entry]) -> [Crossing] {
        ViewTrackFeed.crossings(frames, posts: posts)
    }

    /// A frame at `t` with the rider `id` seen at `x`, a region `width` wide, confidence 0.9; nil: nobody.
    static func frame(_ t: Double, id: UInt32, x: Double?, width: Double = 0.016) -> ViewTrack.Entry {
        guard let x else { return ViewTrack.Entry(t: t) }
        return ViewTrackFeed.seen(t, id: id, x: x, minX: x - width / 2, maxX: x + width / 2, confidence: 0.9)
    }

    @Test func aRiderFollowedLongKeepsTheLineThroughTwoSightings() throws {
        // Seed 743's case: 46 km/h left to right at 10 fps (jitter 2 ms), faint: seen in a few
        // frames only; post 5 (x 0.9) crossed at 4.618 s between sightings at 4.5 and 4.8 s, the
        // one at 4.8 s with no other sighting but 4.5 s within its window.
        let speed = 0.3612
        func truth(_ t: Double) -> Double { 0.9 + speed * (t - 4.6177) }
        let seen: Set<Int> = [33, 34, 35, 37, 38, 42, 45, 48]
        let jitter = [0.0, 0.002, -0.001, 0.0015, -0.002, 0.001]
        var frames: [ViewTrack.Entry] = []
        for k in 30...55 {
            let t = Double(k) / 10 + jitter[k % jitter.count]
            // Sightings scattered by 0.3 % of the view (a pixel at 320 wide).
            let noise = [0.002, -0.003, 0.001, 0.003, -0.002][k % 5]
            frames.append(Self.frame(t, id: 4, x: seen.contains(k) ? truth(t) + noise : nil))
        }
        let found = Self.crossings(frames)
        let post5 = try #require(found.first { $0.post == 5 })
        #expect(abs(post5.t - 4.6177) < 0.012, "post 5 at \(post5.t), truth 4.6177")
        // The sigma of a crossing timed from sightings with no residual left is not 0.
        #expect(post5.tSigma > 0.002, "post 5 sigma \(post5.tSigma)")
    }

    @Test func aRiderFollowedLongKeepsTheLineThroughSightingsCloseTogether() throws {
        // Seed 505's case: a small, faint rider at 32 km/h right to left at 30 fps, followed since
        // 4 s, then seen only in 2 and 3 consecutive frames (at 5.27-5.33 s and 5.87-5.93 s, each
        // cluster alone in its window and spanning under a fifth of it). Each frame is where the
        // rider was then, not the cluster's mean (which put the finish between them 31 ms early).
        let speed = -0.26
        func truth(_ t: Double) -> Double { 0.1 + speed * (t - 5.7846) }
        let seen = Set(Array(120...142) + [158, 160, 176, 177, 178])
        var frames: [ViewTrack.Entry] = []
        for k in 120...200 {
            let t = Double(k) / 30
            frames.append(Self.frame(t, id: 2, x: seen.contains(k) ? truth(t) : nil, width: 0.01))
        }
        var samples: [RiderSample] = []
        var track = ViewTrack()
        for entry in frames {
            track.push(entry) { sample, _ in samples.append(sample) }
            track.drain(now: entry.t) { sample, _ in samples.append(sample) }
        }
        track.drain(now: frames.last?.t ?? 0, flush: true) { sample, _ in samples.append(sample) }
        for k in [158, 160, 176, 178] {
            let t = Double(k) / 30
            let sample = try #require(samples.first { abs($0.t - t) < 1e-9 })
            let x = try #require(sample.x)
            #expect(abs(x - truth(t)) < 0.001, "frame at \(t): \(x), truth \(truth(t))")
        }
    }

    @Test func aPersonTakenForTheRiderForTwoFramesMakesNoCrossing() throws {
        // Seed 552's case: a ghost a walker left, taken for the rider in two frames at 10 fps
        // either side of post 2 (x 0.3); its mean lies beyond the post in both.
        var frames: [ViewTrack.Entry] = []
        for k in 100...130 {
            let x: Double? = k == 110 ? 0.292 : (k == 111 ? 0.335 : nil)
            frames.append(Self.frame(Double(k) / 10, id: 9, x: x))
        }
        #expect(Self.crossings(frames).isEmpty)
    }
}
