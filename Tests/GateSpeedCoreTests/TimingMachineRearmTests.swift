import Testing
@testable import GateSpeedCore

/// Re-arming waits for both the spoken announcement and a clear course; the commands.
@Suite struct TimingMachineRearmTests {
    /// A valid left-to-right run after which the rider stays in view at the far end until
    /// `leaveAt`, then the course is empty until `until`.
    static func runThenLeave(leaveAt: Double, until: Double) -> [RiderSample] {
        Tracks.steady([(0, 0.02), (4, 0.98), (leaveAt, 0.98), (leaveAt + 0.001, nil), (until, nil)])
    }

    static func readyTimes(_ events: [TimingEvent]) -> [Double] {
        events.compactMap { if case .ready(let t) = $0 { return t } else { return nil } }
    }

    @Test func aClearCourseAloneDoesNotRearm() throws {
        var machine = try TimingMachine.armed()
        let events = machine.feed(Self.runThenLeave(leaveAt: 5, until: 9))
        #expect(events.contains { $0.result != nil })
        #expect(Self.readyTimes(events).isEmpty)
        #expect(machine.phase == .waitingToRearm(needsAnnouncement: true))
        #expect(machine.courseIsClear)

        var more: [TimingEvent] = []
        machine.announcementFinished(t: 9.5) { more.append($0) }
        #expect(more == [.ready(t: 9.5)])
        #expect(machine.phase == .armed)
    }

    @Test func theAnnouncementAloneDoesNotRearmWhileTheRiderIsInView() throws {
        var machine = try TimingMachine.armed()
        let samples = Self.runThenLeave(leaveAt: 8, until: 10)
        var events: [TimingEvent] = []
        var lastTracked = 0.0
        for sample in samples {
            if sample.x != nil { lastTracked = sample.t }
            machine.observe(sample) { events.append($0) }
            if sample.t > 5 && sample.t < 5.05 {
                machine.announcementFinished(t: sample.t) { events.append($0) }
            }
        }
        let ready = Self.readyTimes(events)
        #expect(ready.count == 1)
        // Armed on the first sample at least clearSeconds (0.5 s) after the rider was last seen.
        if let t = ready.first {
            #expect(t - lastTracked >= 0.5 && t - lastTracked < 0.5 + 1.0 / 30 + 1e-9)
        }
        #expect(machine.phase == .armed)
    }

    @Test func aSecondRunStartsOnlyAfterRearming() throws {
        var machine = try TimingMachine.armed(settings: TimingSettings(clearSeconds: 0.5))
        var events = machine.feed(Self.runThenLeave(leaveAt: 4.5, until: 6))
        machine.announcementFinished(t: 6) { events.append($0) }
        events += machine.feed(Tracks.steady([(7, 0.98), (11, 0.02)]))
        #expect(events.map(\.summary) == [
            "start 1 ltr", "post 2", "post 3", "post 4", "post 5", "result pass", "ready",
            "start 5 rtl", "post 4", "post 3", "post 2", "post 1", "result pass",
        ])
    }

    @Test func afterAnInvalidRunTheSameWaitApplies() throws {
        var machine = try TimingMachine.armed()
        var events = machine.feed(Tracks.steady([(0, 0.2), (2, 0.6), (2.001, nil), (4, nil)]))
        #expect(events.map(\.summary) == ["invalid inner_start 2"])
        machine.announcementFinished(t: 4) { events.append($0) }
        #expect(events.map(\.summary) == ["invalid inner_start 2", "ready"])
    }

    @Test func rearmForcesReadinessWhileTheRiderIsStillThere() throws {
        var machine = try TimingMachine.armed()
        var events = machine.feed(Tracks.steady([(0, 0.02), (4, 0.98), (6, 0.98)]))
        #expect(machine.rearm(t: 6.01) { events.append($0) })
        #expect(events.last == .ready(t: 6.01))
        #expect(machine.phase == .armed)
    }

    @Test func rearmAbandonsARunWithoutAResult() throws {
        var machine = try TimingMachine.armed()
        var events = machine.feed(Tracks.steady([(0, 0.02), (2, 0.55)]))
        #expect(machine.phase.isRunning)
        machine.rearm(t: 2.01) { events.append($0) }
        events += machine.feed(Tracks.steady([(2.02, 0.55), (4, 0.98)]))
        #expect(events.map(\.summary) == ["start 1 ltr", "post 2", "post 3", "ready", "invalid inner_start 4"])
    }

    @Test func rearmWhileCalibratingDoesNothing() throws {
        var machine = try TimingMachine(course: .standard)
        var events: [TimingEvent] = []
        #expect(!machine.rearm(t: 1) { events.append($0) })
        #expect(events.isEmpty && machine.phase == .unarmed)
    }

    @Test func recalibrateAbandonsTheRunAndWaitsForArm() throws {
        var machine = try TimingMachine.armed()
        var events = machine.feed(Tracks.steady([(0, 0.02), (2, 0.55)]))
        machine.recalibrate()
        #expect(machine.phase == .unarmed)
        events += machine.feed(Tracks.steady([(2.1, 0.55), (4, 0.98), (4.001, nil), (5, nil)]))
        machine.arm(t: 5.1) { events.append($0) }
        #expect(events.map(\.summary) == ["start 1 ltr", "post 2", "post 3", "ready"])
        #expect(machine.phase == .armed)
    }

    @Test func losingTheCameraInvalidatesARunAndAcceptsAFreshClock() throws {
        var machine = try TimingMachine.armed()
        var events = machine.feed(Tracks.steady([(100, 0.02), (102, 0.55)]))
        machine.sourceLost(t: 102.1) { events.append($0) }
        let lost = try #require(events.last?.invalidRun)
        #expect(lost.reason == .sourceLost && lost.t == 102.1 && lost.announcement == "Invalid run. Camera lost.")
        // The camera comes back with an earlier clock: samples are accepted, not rejected.
        events += machine.feed(Tracks.steady([(0, nil), (1, nil)]))
        #expect(machine.rejectedSamples == 0)
        machine.announcementFinished(t: 1) { events.append($0) }
        events += machine.feed(Tracks.steady([(2, 0.98), (6, 0.02)]))
        #expect(events.map(\.summary) == [
            "start 1 ltr", "post 2", "post 3", "invalid camera_lost", "ready",
            "start 5 rtl", "post 4", "post 3", "post 2", "post 1", "result pass",
        ])
    }

    @Test func losingTheCameraWhileArmedIsNoEvent() throws {
        var machine = try TimingMachine.armed()
        var events: [TimingEvent] = []
        machine.sourceLost(t: 3) { events.append($0) }
        #expect(events.isEmpty && machine.phase == .armed)
    }
}
