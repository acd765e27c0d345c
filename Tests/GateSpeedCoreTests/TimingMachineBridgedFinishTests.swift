import Testing
@testable import GateSpeedCore

/// A finish bridged by the crossing detector across a short gap (under `bridgeSeconds`) from
/// positions that ran into someone else's region just short of the line is timed late, at a chord
/// pace the rider's own does not explain: it must not make a speed (`TimingMachine+BridgedFinish`).
/// A finish bridged across the same gap from the rider's own positions is timed as before.
@Suite struct TimingMachineBridgedFinishTests {
    /// 0.2 view widths a second, left to right, at x = 0.02 at t = 0: post 1 at 0.4 s, the
    /// finish (0.9) at 4.4 s.
    static func riderX(_ t: Double) -> Double { 0.02 + 0.2 * t }

    /// 30 fps, ±3 ms of jitter, 5 % dropped. The rider is seen (confidence 0.9, xSigma 0.002)
    /// until 3.95 s (x 0.81). With `merged`, from then to 4.25 s the track is placed inside a
    /// walker's region just short of the line: it drifts back to 0.78 (confidence 0.3, the
    /// smoothed track's sigma of a merged region, 0.008). Then nobody is tracked for 0.4 s (under
    /// the detector's 0.5 s bridge), and the rider is found again at 4.65 s past the line
    /// (confidence 0.18 at first), on their own path. Without `merged` the rider is seen on
    /// their path up to 4.25 s.
    static func ride(merged: Bool, seed: UInt64) throws -> [TimingEvent] {
        var rng = SplitMix64(seed: seed)
        var machine = try TimingMachine.armed()
        var events: [TimingEvent] = []
        var firstAfterGap = true
        for t in Tracks.frameTimes(from: 0, to: 5.2, fps: 30, jitter: 0.003, dropRate: 0.05, rng: &rng) {
            let sample: RiderSample
            if t < 3.95 || (!merged && t < 4.25) {
                sample = RiderSample(t: t, x: riderX(t), confidence: 0.9, xSigma: 0.002, tSigma: 0.0017)
            } else if t < 4.25 {
                let x = 0.81 - 0.1 * (t - 3.95)
                sample = RiderSample(t: t, x: x, confidence: 0.3, xSigma: 0.008, tSigma: 0.0017)
            } else if t < 4.65 {
                sample = .empty(t: t)
            } else {
                let x = riderX(t)
                sample = RiderSample(t: t, x: x > 1 ? nil : x, confidence: firstAfterGap ? 0.18 : 0.9,
                                     xSigma: 0.003, tSigma: 0.0017)
                firstAfterGap = false
            }
            machine.observe(sample) { events.append($0) }
        }
        return events
    }

    @Test func aFinishBridgedFromPositionsInSomeoneElsesRegionMakesNoSpeed() throws {
        for seed in UInt64(1)...4 {
            let events = try Self.ride(merged: true, seed: seed)
            let times = events.compactMap(\.result).map(\.crossingTimes)
            #expect(events.compactMap(\.result).isEmpty, "seed \(seed): \(events.map(\.summary)) \(times)")
            #expect(events.last?.summary == "invalid unsteady", "seed \(seed): \(events.map(\.summary))")
        }
    }

    @Test func aFinishBridgedFromTheRidersOwnPositionsIsTimed() throws {
        for seed in UInt64(1)...4 {
            let events = try Self.ride(merged: false, seed: seed)
            guard let result = events.compactMap(\.result).first else {
                Issue.record("no result, seed \(seed): \(events.map(\.summary))")
                continue
            }
            let trueKmh = Course.standard.speedKmh(elapsedSeconds: 4.0)
            #expect(abs(result.speedKmh - trueKmh) / trueKmh < 0.005, "seed \(seed)")
        }
    }

    /// A run waiting for its finish whose rider's track (already past the line, e.g. a stretch
    /// adopted past it after a chain of gaps) crosses the finish back against the run: that is
    /// `out_of_order`, as before the bridged-finish test; the test is only for the run's way.
    /// The machine's state is set directly: the run has passed posts 1-4, its rider was seen past
    /// the finish, and this frame's crossing is the finish crossed back.
    @Test func aFinishCrossedBackIsOutOfOrderNotUnsteady() throws {
        var machine = try TimingMachine.armed()
        machine.phase = .running(direction: .leftToRight, nextPost: 5, startTime: 1.5)
        machine.runCrossingTimes = [1.5, 2.5, 3.5, 4.5]
        machine.runCrossingSigmas = [0.002, 0.002, 0.002, 0.002]
        machine.gap = TimingMachine.GapMemory(runStretch: machine.detector.stretch)
        machine.noteRunRiderSeen(.measured(t: 4.6, x: 0.72, tSigma: 0.0017, xSigma: 0.002))
        machine.noteRunRiderSeen(.measured(t: 5.0, x: 0.95, tSigma: 0.0017, xSigma: 0.002))
        machine.crossings = [Crossing(post: 5, t: 5.15, direction: .rightToLeft, tSigma: 0.003)]
        var events: [TimingEvent] = []
        let sample = RiderSample(t: 5.3, x: 0.85, confidence: 0.9, xSigma: 0.002, tSigma: 0.0017)
        let refused = machine.refuseBridgedFinishOffPace(sample, x: 0.85) { events.append($0) }
        #expect(!refused, "\(events.map(\.summary))")
        if !refused { machine.judgeCrossings { events.append($0) } }
        #expect(events.map(\.summary) == ["invalid out_of_order 5"])
    }
}
