import Testing
@testable import GateSpeedCore

/// A track lost just past a post line, by less than the hysteresis (`CrossingDetector`): the post
/// was passed. The detector emits it, unconfirmed, when the stretch ends; a run takes it as its
/// finish, arming never takes it as a start.
@Suite struct CrossingLeftPendingTests {
    static let pace = 0.24

    /// Frame times at 30 fps with ±3 ms of jitter and 5 % dropped, and the rider's path placed so
    /// that the last frame before `lostAfter`'s line lies `past` beyond it (view widths) going
    /// `direction`: the rider is seen from `firstX` until that frame, then nobody for a second.
    static func ride(line: Double, past: Double, firstX: Double, direction: Direction,
                     seed: UInt64) throws -> (events: [TimingEvent], lineTime: Double) {
        var rng = SplitMix64(seed: seed)
        let way = direction == .leftToRight ? 1.0 : -1.0
        let times = Tracks.frameTimes(from: 0, to: 8, fps: 30, jitter: 0.003, dropRate: 0.05, rng: &rng)
        // The first frame at which the nominal path is past the line becomes the last frame seen.
        let nominal = { (t: Double) in firstX + way * pace * t }
        guard let last = times.first(where: { (nominal($0) - line) * way > 0 }) else { return ([], .nan) }
        let shift = line + way * past - nominal(last)
        let x = { (t: Double) in nominal(t) + shift }
        var machine = try TimingMachine.armed()
        var events: [TimingEvent] = []
        for t in times where t <= last + 1 {
            let seen = t <= last
            let sample = RiderSample(t: t, x: seen ? x(t) : nil, confidence: seen ? 0.9 : 0,
                                     xSigma: seen ? 0.001 : 0, tSigma: 0.0017)
            machine.observe(sample) { events.append($0) }
        }
        return (events, last - past / pace)
    }

    /// Lost 0.002-0.003 view widths past the finish (under the hysteresis of 0.004), both ways:
    /// the run ends with its result, the finish timed where the track met the line.
    @Test(arguments: [Direction.leftToRight, .rightToLeft])
    func aRiderLostJustPastTheFinishIsTimed(direction: Direction) throws {
        let finish = direction == .leftToRight ? 0.9 : 0.1
        let firstX = direction == .leftToRight ? 0.02 : 0.98
        for seed in UInt64(1)...4 {
            let past = 0.002 + 0.00025 * Double(seed)
            let (events, lineTime) = try Self.ride(line: finish, past: past, firstX: firstX,
                                                   direction: direction, seed: seed)
            #expect(events.last?.summary == "result pass", "seed \(seed): \(events.map(\.summary))")
            guard let result = events.compactMap(\.result).first else { continue }
            #expect(abs(result.crossingTimes[4] - lineTime) < 0.002, "seed \(seed)")
        }
    }

    /// Seen coming in and lost just past post 1: an unconfirmed side never starts a run.
    @Test func aRiderLostJustPastTheStartIsNoStart() throws {
        for seed in UInt64(1)...4 {
            let (events, _) = try Self.ride(line: 0.1, past: 0.003, firstX: 0.02, direction: .leftToRight, seed: seed)
            #expect(events.isEmpty, "seed \(seed): \(events.map(\.summary))")
        }
    }

    /// Lost on the line's near side of its own sigma (0.0005 past, sigma 0.001): not a crossing.
    @Test func aTrackLostWithinItsOwnSigmaOfTheLineHasNotCrossed() {
        var detector = CrossingDetector(posts: [0.1, 0.3, 0.5, 0.7, 0.9])
        var crossings: [Crossing] = []
        var t = 0.0
        for x in [0.86, 0.87, 0.88, 0.89, 0.8995, 0.9005] {
            detector.observe(t: t, x: x, xSigma: 0.001, into: &crossings)
            t += 1.0 / 30
        }
        detector.observe(t: t + 1, x: nil, into: &crossings)
        #expect(crossings.isEmpty)
        // And just beyond its sigma it has.
        var beyond = CrossingDetector(posts: [0.1, 0.3, 0.5, 0.7, 0.9])
        t = 0
        for x in [0.86, 0.87, 0.88, 0.89, 0.8995, 0.9025] {
            beyond.observe(t: t, x: x, xSigma: 0.001, into: &crossings)
            t += 1.0 / 30
        }
        beyond.observe(t: t + 1, x: nil, into: &crossings)
        #expect(crossings.map(\.post) == [5])
        #expect(crossings.first?.unconfirmed == true)
    }
}
