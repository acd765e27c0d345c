import Testing
@testable import GateSpeedCore

/// A run whose rider is lost before the finish ends as soon as its rider should have finished and
/// was not seen (nobody tracked, or only someone else), so the rider hears why and the next rider
/// is timed; a rider still tracked keeps the run open until its timeout.
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

    /// The rider is lost after post 4 while a walker in the middle of the course is followed under
    /// another identity (30 fps, ±3 ms, 5 % dropped): the run ends `skipped_post` at post 5 once the
    /// run's pace says its rider should have finished (3.67 s) plus the grace, not at the timeout.
    @Test(arguments: [UInt64(5), 6, 7])
    func aRunWhoseRiderIsLostWhileSomeoneElseIsFollowedEndsAtOnce(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let times = Tracks.frameTimes(from: 0, to: 12, fps: 30, jitter: 0.003, dropRate: 0.05, rng: &rng)
        var machine = try TimingMachine.armed()
        var events: [TimingEvent] = []
        var walkerFollowed = false
        for t in times {
            var sample = RiderSample(t: t, x: 0.02 + 0.24 * t, confidence: 0.9)
            if t >= 3.0 {
                // The walker, at 0.005 view widths a second between posts 3 and 4.
                if !walkerFollowed { machine.trackChanged(); walkerFollowed = true }
                sample = RiderSample(t: t, x: 0.55 + 0.005 * (t - 3.0), confidence: 0.8)
            }
            machine.observe(sample) { events.append($0) }
        }
        #expect(events.map(\.summary).prefix(5) == ["start 1 ltr", "post 2", "post 3", "post 4", "invalid skipped_post 5"])
        let ended = events.compactMap(\.invalidRun).first?.t ?? .infinity
        #expect(ended >= 3.66 + TimingMachine.riderGoneGraceSeconds && ended < 5.2)
    }

    @Test func aRiderStillTrackedKeepsTheRunOpenUntilTheTimeout() throws {
        let events = try Self.ride(Self.lostThenNext(lostAt: 3.0, stayUntil: 11.5, nextAt: 12.5, seed: 4))
        #expect(events.map(\.summary).prefix(5) == ["start 1 ltr", "post 2", "post 3", "post 4", "invalid timeout"])
    }
}
