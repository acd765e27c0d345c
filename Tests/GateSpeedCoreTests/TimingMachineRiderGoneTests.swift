import Testing
@testable import GateSpeedCore

/// A run whose rider is lost before the finish ends when the next rider starts, once its rider
/// should have finished and nobody was tracked, so the next rider is timed; a rider still tracked
/// keeps the run open, and with nobody coming the run ends at its timeout as before.
@Suite struct TimingMachineRiderGoneTests {
    /// Samples at 30 fps with ±3 ms of jitter and 5 % dropped: a rider left to right at 0.24
    /// view widths a second who is lost (nobody tracked) after post 4 at `lostAt`, then, from
    /// `nextAt`, a second rider right to left at 0.3 view widths a second.
    static func lostThenNext(lostAt: Double, stayUntil: Double? = nil, nextAt: Double, seed: UInt64) -> [RiderSample] {
        var rng = SplitMix64(seed: seed)
        let times = Tracks.frameTimes(from: 0, to: nextAt + 3.5, fps: 30, jitter: 0.003, dropRate: 0.05, rng: &rng)
        let held = 0.02 + 0.24 * lostAt
        return times.map { t in
            var x: Double?
            if t < lostAt { x = 0.02 + 0.24 * t }
            else if let stayUntil, t < stayUntil { x = held }            // stopped, still tracked
            else if t >= nextAt { x = 0.98 - 0.3 * (t - nextAt) }
            return RiderSample(t: t, x: x, confidence: x == nil ? 0 : 0.9)
        }
    }

    /// Feeds `samples`, speaking every announcement at once (as the service does with no voice).
    static func ride(_ samples: [RiderSample]) throws -> [TimingEvent] {
        var machine = try TimingMachine.armed()
        var events: [TimingEvent] = []
        for sample in samples {
            var ended = false
            machine.observe(sample) { event in
                events.append(event)
                if event.result != nil || event.invalidRun != nil { ended = true }
            }
            if ended { machine.announcementFinished(t: sample.t) { events.append($0) } }
        }
        return events
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func aRunWhoseRiderLeftUnseenEndsAndTheNextRiderIsTimed(seed: UInt64) throws {
        let events = try Self.ride(Self.lostThenNext(lostAt: 3.0, nextAt: 7.5, seed: seed))
        #expect(events.map(\.summary) == [
            "start 1 ltr", "post 2", "post 3", "post 4", "invalid skipped_post 5", "ready",
            "start 5 rtl", "post 4", "post 3", "post 2", "post 1", "result pass",
        ])
        // Ended as of when the run's own pace said its rider should have finished and nobody was there.
        let ended = events.compactMap(\.invalidRun).first?.t ?? .infinity
        #expect(ended > 3.0 + TimingMachine.riderGoneGraceSeconds && ended < 6)
        #expect(events.compactMap(\.result).count == 1)
    }

    @Test func aRiderStillTrackedKeepsTheRunOpenUntilTheTimeout() throws {
        let events = try Self.ride(Self.lostThenNext(lostAt: 3.0, stayUntil: 11.5, nextAt: 12.5, seed: 4))
        #expect(events.map(\.summary).prefix(5) == ["start 1 ltr", "post 2", "post 3", "post 4", "invalid timeout"])
    }
}
