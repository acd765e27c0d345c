import Testing
@testable import GateSpeedCore

/// A rider lost just short of the finish post and someone found past it (`TimingMachine+LateExit`):
/// the finish is extrapolated forward from the last sighting, with a sigma that holds the truth;
/// a rider lost further back, or nobody found past the line, finishes nothing.
@Suite struct TimingMachineLateExitTests {
    /// A fast rider: 0.4 view widths a second (about 50 km/h on the standard 28 m course).
    static let pace = 0.4

    struct Exit: CustomStringConvertible, Sendable {
        var direction: Direction
        var fps: Double
        /// How far short of the finish post the rider is last tracked, view widths.
        var lostShort: Double
        /// Whether the vision then follows another identity (a region merged with someone standing
        /// past the finish) rather than finding someone there after a gap longer than the bridge.
        var merged: Bool
        var description: String {
            "\(direction.rawValue) \(fps) fps lost \(lostShort) short of the finish\(merged ? ", merged" : ", after a gap")"
        }
    }

    /// The rider crosses the first outer post at t = 1 s and is tracked until `lostShort` before the
    /// finish, with the smoothed track's sigmas (0.001 view widths), ±3 ms of jitter and 5 % of
    /// frames dropped. Then someone stands 0.03 view widths past the finish: found at once under
    /// another identity (merged), or after 0.6 s unseen; `standing: false` leaves the view empty.
    static func ride(_ exit: Exit, seed: UInt64, standing: Bool = true) throws -> (events: [TimingEvent], truth: [Double]) {
        var rng = SplitMix64(seed: seed)
        let ltr = exit.direction == .leftToRight
        let posts = Course.standard.posts
        let outer = ltr ? posts[0] : posts[posts.count - 1]
        let finish = ltr ? posts[posts.count - 1] : posts[0]
        let way = ltr ? 1.0 : -1.0
        func x(_ t: Double) -> Double { outer + way * pace * (t - 1) }
        let lastSeen = 1 + (abs(finish - outer) - exit.lostShort) / pace
        let foundAt = exit.merged ? lastSeen : lastSeen + 0.6
        let times = Tracks.frameTimes(from: 0.5, to: 7, fps: exit.fps, jitter: 0.003, dropRate: 0.05, rng: &rng)
        var machine = try TimingMachine.armed()
        var events: [TimingEvent] = []
        var changed = false
        for t in times {
            var sample = RiderSample(t: t, x: nil, confidence: 0, tSigma: 0.0017)
            if t <= lastSeen {
                sample = RiderSample(t: t, x: x(t), confidence: 0.9, xSigma: 0.001, tSigma: 0.0017)
            } else if standing && t > foundAt {
                if exit.merged && !changed { machine.trackChanged(); changed = true }
                let wobble = 0.002 * Double(rng.next() % 5) - 0.004
                sample = RiderSample(t: t, x: finish + way * 0.03 + wobble, confidence: 0.9, xSigma: 0.003, tSigma: 0.0017)
            }
            machine.observe(sample) { events.append($0) }
        }
        let order = ltr ? Array(posts.indices) : Array(posts.indices.reversed())
        return (events, order.map { 1 + abs(posts[$0] - outer) / pace })
    }

    @Test(arguments: [
        Exit(direction: .leftToRight, fps: 30, lostShort: 0.02, merged: true),
        Exit(direction: .rightToLeft, fps: 30, lostShort: 0.05, merged: true),
        Exit(direction: .leftToRight, fps: 30, lostShort: 0.03, merged: false),
        Exit(direction: .rightToLeft, fps: 15, lostShort: 0.04, merged: false),
    ])
    func aRiderLostJustShortOfTheFinishIsFinishedThere(exit: Exit) throws {
        for seed in UInt64(1)...3 {
            let (events, truth) = try Self.ride(exit, seed: seed)
            guard let result = events.compactMap(\.result).first else {
                Issue.record("no result, seed \(seed): \(events.map(\.summary))")
                continue
            }
            let elapsed = truth[4] - truth[0]
            let trueKmh = Course.standard.speedKmh(elapsedSeconds: elapsed)
            // Within 0.5 % of the truth, and the ± (95 %) holds it.
            #expect(abs(result.speedKmh - trueKmh) / trueKmh < 0.005, "seed \(seed)")
            #expect(abs(result.speedKmh - trueKmh) <= result.uncertaintyKmh, "seed \(seed)")
            #expect(abs(result.crossingTimes[4] - truth[4]) < 0.01, "seed \(seed)")
        }
    }

    /// Lost 0.16 view widths short (0.4 s at this pace, beyond the extrapolation's reach): no finish.
    @Test func aRiderLostFurtherBackIsNotFinished() throws {
        for seed in UInt64(1)...3 {
            let exit = Exit(direction: .leftToRight, fps: 30, lostShort: 0.16, merged: true)
            let (events, _) = try Self.ride(exit, seed: seed)
            #expect(events.compactMap(\.result).isEmpty, "seed \(seed): \(events.map(\.summary))")
        }
    }

    /// Lost just short of the finish, and nobody is seen past it: nothing shows that anyone is
    /// there, so the run is not finished.
    @Test func nobodyPastTheLineFinishesNothing() throws {
        for seed in UInt64(1)...3 {
            let exit = Exit(direction: .rightToLeft, fps: 30, lostShort: 0.02, merged: false)
            let (events, _) = try Self.ride(exit, seed: seed, standing: false)
            #expect(events.compactMap(\.result).isEmpty, "seed \(seed): \(events.map(\.summary))")
        }
    }
}
