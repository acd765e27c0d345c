import Testing
@testable import GateSpeedCore

/// A run whose followed rider can no longer reach the finish before the timeout, even at half as
/// fast again as the run's pace so far, ends then as `timeout`, so the next rider is timed.
@Suite struct TimingMachineTimeoutForeseenTests {
    /// Samples at 30 fps with ±3 ms of jitter and 5 % dropped: a slow rider left to right at 0.1
    /// view widths a second (the course in 8 s) whose track slides, without a break, onto a walker
    /// at 0.01 view widths a second at `slideAt` (past post 3). The vision follows the walker as
    /// the run's rider while the run lasts and lets them go once it has ended (as the detector
    /// does once the identity is no longer held). From `nextAt` a second rider comes right to left
    /// at 0.3 view widths a second.
    static func slideOntoWalker(slideAt: Double, nextAt: Double, seed: UInt64) throws -> [TimingEvent] {
        var rng = SplitMix64(seed: seed)
        let times = Tracks.frameTimes(from: 0, to: nextAt + 3.5, fps: 30, jitter: 0.003, dropRate: 0.05, rng: &rng)
        var machine = try TimingMachine.armed()
        var events: [TimingEvent] = []
        var firstRunOver = false
        for t in times {
            var x: Double?
            if t < slideAt { x = 0.02 + 0.1 * t }
            else if !firstRunOver { x = 0.02 + 0.1 * slideAt + 0.01 * (t - slideAt) }
            if t >= nextAt { x = 0.98 - 0.3 * (t - nextAt) }
            var ended = false
            machine.observe(RiderSample(t: t, x: x, confidence: x == nil ? 0 : 0.9)) { event in
                events.append(event)
                if event.result != nil || event.invalidRun != nil { ended = true }
            }
            if ended {
                firstRunOver = true
                machine.announcementFinished(t: t) { events.append($0) }
            }
        }
        return events
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func aRunWhoseTrackSlidOntoAWalkerEndsAndTheNextRiderIsTimed(seed: UInt64) throws {
        // Posts 1-3 by 4.8 s (0.1 view widths a second); from 5 s at 0.52 the walker. The run
        // started at 0.8 s times out at 10.8 s; at 0.15 view widths a second what is left of the
        // course takes 2.3 s from 8.5 s, so from then on the timeout is certain. The next rider
        // comes at 9.5 s, crossing post 5 at 9.77 s: before the timeout.
        let events = try Self.slideOntoWalker(slideAt: 5.0, nextAt: 9.5, seed: seed)
        #expect(events.map(\.summary) == [
            "start 1 ltr", "post 2", "post 3", "invalid timeout", "ready",
            "start 5 rtl", "post 4", "post 3", "post 2", "post 1", "result pass",
        ])
        let ended = try #require(events.compactMap(\.invalidRun).first)
        #expect(ended.t > 8.45 && ended.t < 8.6, "ended when the timeout became certain, not at it")
        #expect(ended.announcement == "Invalid run. Over 10 seconds.")
    }

    /// A slow rider still riding is never ended early: the same rider without the slide finishes.
    @Test(arguments: [UInt64(4), 5])
    func aSlowRiderStillRidingIsTimed(seed: UInt64) throws {
        let events = try Self.slideOntoWalker(slideAt: 99, nextAt: 99, seed: seed)
        #expect(events.map(\.summary).prefix(6) == ["start 1 ltr", "post 2", "post 3", "post 4", "post 5", "result fail"])
    }
}
