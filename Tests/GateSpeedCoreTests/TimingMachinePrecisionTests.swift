import Testing
@testable import GateSpeedCore

/// A run whose speed's one-sigma uncertainty is over 2 % is refused as imprecise
/// (`TimingMachine+Precision`); a run timed from sharp positions is announced.
@Suite struct TimingMachinePrecisionTests {
    /// A steady rider at 0.3 view widths a second, 30 fps with jitter and drops, positions with
    /// the sigma `xSigma` (view widths) near the outer posts and 0.001 elsewhere.
    static func events(outerSigma xSigma: Double, seed: UInt64) throws -> [TimingEvent] {
        let ride = TimingMachineSteadinessTests.Ride(direction: .leftToRight, fps: 30, pace: 0.3, acceleration: 0)
        var rng = SplitMix64(seed: seed)
        let times = Tracks.frameTimes(from: 0.6, to: 5.5, fps: ride.fps, jitter: 0.003, dropRate: 0.06, rng: &rng)
        var machine = try TimingMachine.armed()
        let posts = Course.standard.posts
        var events: [TimingEvent] = []
        for t in times {
            let x = TimingMachineSteadinessTests.position(ride, t)
            guard x > -0.05, x < 1.05 else {
                machine.observe(RiderSample(t: t, x: nil, confidence: 0, tSigma: 0.0017)) { events.append($0) }
                continue
            }
            let nearOuter = abs(x - posts[0]) < 0.1 || abs(x - posts[posts.count - 1]) < 0.1
            let sample = RiderSample(t: t, x: x, confidence: 0.9, xSigma: nearOuter ? xSigma : 0.001, tSigma: 0.0017)
            machine.observe(sample) { events.append($0) }
        }
        return events
    }

    @Test func aRunTimedFromBlurredOuterCrossingsIsRefused() throws {
        // 0.02 view widths at 0.3 view widths a second: 67 ms at each end of a run of about 2.5 s,
        // a one-sigma of nearly 4 % of the speed.
        for seed in UInt64(1)...4 {
            let events = try Self.events(outerSigma: 0.02, seed: seed)
            #expect(events.contains { if case .invalid(let run) = $0 { run.reason == .imprecise } else { false } }, "seed \(seed): \(events)")
            #expect(!events.contains { if case .result = $0 { true } else { false } })
        }
    }

    @Test func aRunTimedFromSharpPositionsIsAnnounced() throws {
        for seed in UInt64(1)...4 {
            let events = try Self.events(outerSigma: 0.001, seed: seed)
            #expect(events.contains { if case .result = $0 { true } else { false } }, "seed \(seed): \(events)")
        }
    }

    @Test func theLimitIsTwoPerCentAtOneSigma() throws {
        let machine = try TimingMachine.armed()
        #expect(!machine.isImprecise(speedKmh: 40, halfWidthKmh: 40 * 0.0195 * SpeedUncertainty.coverageFactor))
        #expect(machine.isImprecise(speedKmh: 40, halfWidthKmh: 40 * 0.0205 * SpeedUncertainty.coverageFactor))
    }
}
