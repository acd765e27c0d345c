import Testing
@testable import GateSpeedCore

/// A start passed while the rider was unseen (`TimingMachine+StartInGap`): a rider seen outside
/// the outer post, lost over it for longer than the crossing detector's bridge and found again
/// (the same person) between it and the inner post, is started where the straight path between
/// the two sightings meets the outer post, with a sigma that holds the truth; never across a
/// change of identity, never when the paces disagree.
@Suite struct TimingMachineStartInGapTests {
    /// 0.24 view widths a second (about 30 km/h on the standard course), at x = 0.02 at t = 0.
    static let pace = 0.24

    static func riderX(_ t: Double, _ direction: Direction) -> Double {
        direction == .leftToRight ? 0.02 + pace * t : 0.98 - pace * t
    }

    /// 30 fps, ±3 ms of jitter, 5 % dropped, the smoothed track's sigmas: the rider until `lostAt`,
    /// nobody until `foundAt`, then `found(t)`. `newIdentity`: the vision follows whoever is found
    /// under a new identity (`trackChanged`).
    static func ride(lostAt: Double, foundAt: Double, direction: Direction = .leftToRight, newIdentity: Bool = false,
                     seed: UInt64, found: (Double) -> Double) throws -> [TimingEvent] {
        try TimingMachine.ride(xSigma: 0.002, seed: seed, newIdentityAt: newIdentity ? foundAt : nil) { t in
            if t < lostAt { return riderX(t, direction) }
            return t >= foundAt ? found(t) : nil
        }
    }

    /// Lost 0.07 view widths before post 1 (0.3 s before it) for 0.6-0.7 s, found again before post 2;
    /// both ways.
    @Test(arguments: [Direction.leftToRight, .rightToLeft])
    func aRiderLostOverTheOuterPostIsStartedThere(direction: Direction) throws {
        let posts = Course.standard.posts
        let outer = direction == .leftToRight ? posts[0] : posts[4]
        let startTruth = direction == .leftToRight ? (outer - 0.02) / Self.pace : (0.98 - outer) / Self.pace
        for seed in UInt64(1)...3 {
            let lostAt = startTruth - 0.3, foundAt = startTruth + 0.3 + 0.05 * Double(seed)
            let events = try Self.ride(lostAt: lostAt, foundAt: foundAt, direction: direction, seed: seed) {
                Self.riderX($0, direction)
            }
            let first = direction == .leftToRight ? 1 : 5
            #expect(events.first?.summary == "start \(first) \(direction.rawValue)", "seed \(seed): \(events.map(\.summary))")
            guard let result = events.compactMap(\.result).first else {
                Issue.record("no result, seed \(seed): \(events.map(\.summary))")
                continue
            }
            let trueKmh = Course.standard.speedKmh(elapsedSeconds: 0.8 / Self.pace)
            #expect(abs(result.speedKmh - trueKmh) / trueKmh < 0.005, "seed \(seed)")
            #expect(abs(result.speedKmh - trueKmh) <= result.uncertaintyKmh, "seed \(seed)")
            #expect(abs(result.crossingTimes[0] - startTruth) < 0.01, "seed \(seed)")
        }
    }

    /// The same gap, but the vision follows someone new after it: two people's positions are never
    /// joined, so it is `inner_start` as before.
    @Test func aNewIdentityAfterTheGapIsStillAnInnerStart() throws {
        for seed in UInt64(1)...3 {
            let events = try Self.ride(lostAt: 0.0, foundAt: 0.9, newIdentity: true, seed: seed) { Self.riderX($0, .leftToRight) }
            #expect(events.first?.summary == "invalid inner_start 2", "seed \(seed): \(events.map(\.summary))")
        }
    }

    /// Found again 0.1 view widths ahead of where the rider would be (someone else, or a region
    /// off the rider): the pace across the gap and the pace after it disagree by more than a hard
    /// pace change allows, so they are not joined into a start.
    @Test func aPaceNotKeptAcrossTheGapIsStillAnInnerStart() throws {
        for seed in UInt64(1)...3 {
            let events = try Self.ride(lostAt: 0.05, foundAt: 0.6, seed: seed) { Self.riderX($0, .leftToRight) + 0.1 }
            #expect(events.first?.summary == "invalid inner_start 2", "seed \(seed): \(events.map(\.summary))")
        }
    }
}
