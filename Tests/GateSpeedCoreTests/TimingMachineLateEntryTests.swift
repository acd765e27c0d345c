import Testing
@testable import GateSpeedCore

/// A rider first tracked just inside an outer post (`TimingMachine+LateEntry`): started by
/// extrapolating back to the outer post, with a sigma that holds the truth; someone first
/// tracked further in is still `inner_start`.
@Suite struct TimingMachineLateEntryTests {
    /// A fast rider: 0.4 view widths a second (about 50 km/h on the standard 28 m course).
    static let pace = 0.4

    struct Entry: CustomStringConvertible, Sendable {
        var direction: Direction
        var fps: Double
        /// How far past the outer post the rider is first tracked, view widths.
        var firstPast: Double
        var description: String { "\(direction.rawValue) \(fps) fps first tracked \(firstPast) past the outer post" }
    }

    /// The rider crosses the outer post at t = 1 s and is tracked from `firstPast` beyond it, with
    /// the smoothed track's sigmas (0.001 view widths, 0.6 px at 640: a whole region), ±3 ms of
    /// jitter and 5 % of frames dropped; nobody before.
    static func ride(_ entry: Entry, seed: UInt64) throws -> (events: [TimingEvent], truth: [Double]) {
        let ltr = entry.direction == .leftToRight
        let posts = Course.standard.posts
        let outer = ltr ? posts[0] : posts[posts.count - 1]
        let way = ltr ? 1.0 : -1.0
        func x(_ t: Double) -> Double { outer + way * pace * (t - 1) }
        let firstSeen = 1 + entry.firstPast / pace
        let events = try TimingMachine.ride(fps: entry.fps, xSigma: 0.001, seed: seed) { t in
            t >= firstSeen ? x(t) : nil
        }
        let order = ltr ? Array(posts.indices) : Array(posts.indices.reversed())
        return (events, order.map { 1 + abs(posts[$0] - outer) / pace })
    }

    @Test(arguments: [
        Entry(direction: .leftToRight, fps: 30, firstPast: 0.05),
        Entry(direction: .rightToLeft, fps: 30, firstPast: 0.08),
        Entry(direction: .leftToRight, fps: 15, firstPast: 0.04),
        Entry(direction: .rightToLeft, fps: 15, firstPast: 0.05),
    ])
    func aRiderFirstTrackedJustPastTheOuterPostIsStartedThere(entry: Entry) throws {
        for seed in UInt64(1)...3 {
            let (events, truth) = try Self.ride(entry, seed: seed)
            let first = entry.direction == .leftToRight ? 1 : 5
            #expect(events.first?.summary == "start \(first) \(entry.direction.rawValue)", "seed \(seed)")
            guard let result = events.compactMap(\.result).first else {
                Issue.record("no result, seed \(seed): \(events.map(\.summary))")
                continue
            }
            let elapsed = truth[4] - truth[0]
            let trueKmh = Course.standard.speedKmh(elapsedSeconds: elapsed)
            // Within 0.5 % of the truth, and the ± (95 %) holds it.
            #expect(abs(result.speedKmh - trueKmh) / trueKmh < 0.005, "seed \(seed)")
            #expect(abs(result.speedKmh - trueKmh) <= result.uncertaintyKmh, "seed \(seed)")
            #expect(abs(result.crossingTimes[0] - truth[0]) < 0.01, "seed \(seed)")
        }
    }

    /// First tracked 0.16 view widths in (0.4 s at this pace, beyond the extrapolation's reach):
    /// not a start, as before.
    @Test func aRiderFirstTrackedFurtherInIsStillAnInnerStart() throws {
        for seed in UInt64(1)...3 {
            let (events, _) = try Self.ride(Entry(direction: .leftToRight, fps: 30, firstPast: 0.16), seed: seed)
            #expect(events.first?.summary == "invalid inner_start 2", "seed \(seed)")
        }
    }

    /// First tracked just past the outer post, but every sighting before the inner post as unsure
    /// as a region cut by the view's edge (sigma 0.03 view widths): the extrapolated start would be
    /// unsure by a large share of the run, so it is not taken.
    @Test func unsureSightingsDoNotStartARun() throws {
        var machine = try TimingMachine.armed()
        var events: [TimingEvent] = []
        var rng = SplitMix64(seed: 7)
        for t in Tracks.frameTimes(from: 0, to: 3, fps: 15, jitter: 0.003, rng: &rng) where t >= 1.1 {
            let x = 0.1 + Self.pace * (t - 1)
            let sample = RiderSample(t: t, x: x, confidence: 0.9, xSigma: x < 0.3 ? 0.03 : 0.002, tSigma: 0.0017)
            machine.observe(sample) { events.append($0) }
        }
        #expect(events.first?.summary == "invalid inner_start 2")
    }

    /// The first sighting as unsure as a region cut by the view's edge, the next ones whole: the
    /// start is extrapolated from the surest of them (the detector's `stretchFirstPoints`), within a
    /// frame of the truth and with a ± that holds it.
    @Test func anUnsureFirstSightingGivesWayToASureOne() throws {
        for seed in UInt64(1)...3 {
            var machine = try TimingMachine.armed()
            var events: [TimingEvent] = []
            var rng = SplitMix64(seed: seed)
            var first = true
            for t in Tracks.frameTimes(from: 0, to: 4, fps: 30, jitter: 0.003, dropRate: 0.05, rng: &rng) where t >= 1.1 {
                let x = 0.1 + Self.pace * (t - 1)
                guard x <= 1 else { break }
                let sample = RiderSample(t: t, x: x, confidence: 0.9, xSigma: first ? 0.03 : 0.001, tSigma: 0.0017)
                first = false
                machine.observe(sample) { events.append($0) }
            }
            #expect(events.first?.summary == "start 1 ltr", "seed \(seed): \(events.map(\.summary))")
            guard let result = events.compactMap(\.result).first else {
                Issue.record("no result, seed \(seed)")
                continue
            }
            let trueKmh = Course.standard.speedKmh(elapsedSeconds: 0.8 / Self.pace)
            #expect(abs(result.speedKmh - trueKmh) / trueKmh < 0.005, "seed \(seed)")
            #expect(abs(result.speedKmh - trueKmh) <= result.uncertaintyKmh, "seed \(seed)")
            #expect(abs(result.crossingTimes[0] - 1) < 0.01, "seed \(seed)")
        }
    }
}
