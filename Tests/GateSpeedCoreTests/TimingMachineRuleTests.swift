import Testing
@testable import GateSpeedCore

/// Every GateSpeed rule, in both directions, on the standard course
/// (posts at 0.1, 0.3, 0.5, 0.7, 0.9 of the width).
@Suite struct TimingMachineRuleTests {
    struct Case: CustomStringConvertible, Sendable {
        var name: String
        var waypoints: [(t: Double, x: Double?)]
        var expected: [String]
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "valid left to right",
             waypoints: [(0, 0.02), (4, 0.98)],
             expected: ["start 1 ltr", "post 2", "post 3", "post 4", "post 5", "result pass"]),
        Case(name: "valid right to left",
             waypoints: [(0, 0.98), (4, 0.02)],
             expected: ["start 5 rtl", "post 4", "post 3", "post 2", "post 1", "result pass"]),
        Case(name: "slow run fails",
             waypoints: [(0, 0.02), (5, 0.98)],
             expected: ["start 1 ltr", "post 2", "post 3", "post 4", "post 5", "result fail"]),
        Case(name: "inner start moving right",
             waypoints: [(0, 0.2), (2, 0.6)],
             expected: ["invalid inner_start 2"]),
        Case(name: "inner start moving left",
             waypoints: [(0, 0.6), (2, 0.2)],
             expected: ["invalid inner_start 3"]),
        Case(name: "ambiguous start left to right (one jump over both outer posts)",
             waypoints: [(0, 0.05), (0.034, 0.05), (0.066, 0.95), (1, 0.95)],
             expected: ["invalid ambiguous_start"]),
        Case(name: "ambiguous start right to left",
             waypoints: [(0, 0.95), (0.034, 0.95), (0.066, 0.05), (1, 0.05)],
             expected: ["invalid ambiguous_start"]),
        Case(name: "leaving over post 1 is ignored, then a run",
             waypoints: [(0, 0.15), (0.5, 0.02), (4.5, 0.98)],
             expected: ["start 1 ltr", "post 2", "post 3", "post 4", "post 5", "result pass"]),
        Case(name: "leaving over post 5 is ignored, then a run",
             waypoints: [(0, 0.85), (0.5, 0.98), (4.5, 0.02)],
             expected: ["start 5 rtl", "post 4", "post 3", "post 2", "post 1", "result pass"]),
        Case(name: "skipped post 3 left to right (rider lost across it)",
             waypoints: [(0, 0.02), (1.6, 0.4), (1.61, nil), (2.6, nil), (2.61, 0.55), (3.5, 0.8)],
             expected: ["start 1 ltr", "post 2", "invalid skipped_post 3"]),
        Case(name: "skipped post 3 right to left",
             waypoints: [(0, 0.98), (1.6, 0.6), (1.61, nil), (2.6, nil), (2.61, 0.45), (3.5, 0.2)],
             expected: ["start 5 rtl", "post 4", "invalid skipped_post 3"]),
        Case(name: "turning back across post 3 left to right",
             waypoints: [(0, 0.02), (2, 0.55), (2.5, 0.45)],
             expected: ["start 1 ltr", "post 2", "post 3", "invalid out_of_order 3"]),
        Case(name: "turning back across post 4 right to left",
             waypoints: [(0, 0.98), (1, 0.65), (1.5, 0.75)],
             expected: ["start 5 rtl", "post 4", "invalid out_of_order 4"]),
        Case(name: "post 2 again after reappearing behind, left to right",
             waypoints: [(0, 0.02), (2, 0.55), (2.01, nil), (3, nil), (3.01, 0.25), (4, 0.4)],
             expected: ["start 1 ltr", "post 2", "post 3", "invalid out_of_order 2"]),
        Case(name: "post 4 again after reappearing behind, right to left",
             waypoints: [(0, 0.98), (2, 0.45), (2.01, nil), (3, nil), (3.01, 0.75), (4, 0.6)],
             expected: ["start 5 rtl", "post 4", "post 3", "invalid out_of_order 4"]),
        Case(name: "timeout left to right (stopped mid-course)",
             waypoints: [(0, 0.02), (2, 0.4), (13, 0.41)],
             expected: ["start 1 ltr", "post 2", "invalid timeout"]),
        Case(name: "rider lost mid-course right to left: post 3 missed once they should have finished",
             waypoints: [(0, 0.98), (2, 0.6), (2.01, nil), (13, nil)],
             expected: ["start 5 rtl", "post 4", "invalid skipped_post 3", "ready"]),
    ]

    @Test(arguments: cases)
    func ruleGivesTheExpectedEvents(_ testCase: Case) throws {
        var machine = try TimingMachine.armed()
        let events = machine.feed(Tracks.steady(testCase.waypoints))
        #expect(events.map(\.summary) == testCase.expected)
    }

    @Test func validRunTimesAndSplitsMatchTheMotion() throws {
        // 0.24 of the width per second: post p is crossed at (p - 0.02) / 0.24 s.
        var machine = try TimingMachine.armed()
        let events = machine.feed(Tracks.steady([(0, 0.02), (4, 0.98)]))
        let truth = [0.1, 0.3, 0.5, 0.7, 0.9].map { ($0 - 0.02) / 0.24 }
        guard case .start(let startT, 1, .leftToRight) = events.first else {
            Issue.record("no start: \(events)")
            return
        }
        #expect(abs(startT - truth[0]) < 1e-9)
        var splits: [(Double, Double)] = []
        for event in events {
            if case .post(let t, _, let split) = event { splits.append((t, split)) }
        }
        #expect(splits.count == 4)
        for (index, (t, split)) in splits.enumerated() {
            #expect(abs(t - truth[index + 1]) < 1e-9)
            #expect(abs(split - (truth[index + 1] - truth[0])) < 1e-9)
        }
        let result = try #require(events.compactMap(\.result).first)
        let elapsed = truth[4] - truth[0]
        #expect(abs(result.elapsedSeconds - elapsed) < 1e-9)
        #expect(abs(result.speedKmh - 28 / elapsed * 3.6) < 1e-9)
        #expect(result.t == splits[3].0)
        #expect(result.direction == .leftToRight)
        #expect(result.crossingTimes.count == 5)
        #expect(result.announcement == "30.2 kilometres per hour. Pass.")
    }

    /// The rider crawls on short of post 2 after the start: with no post time yet the run's end is
    /// not foreseen (`TimingMachine+TimeoutForeseen`), and the timeout comes at its deadline.
    @Test func timeoutIsReportedAtTheDeadlineOnTheFirstSampleAfterIt() throws {
        var machine = try TimingMachine.armed()
        let samples = Tracks.steady([(0, 0.02), (2, 0.2), (13, 0.21)])
        var startTime: Double?
        for sample in samples {
            var events: [TimingEvent] = []
            machine.observe(sample) { events.append($0) }
            for event in events {
                if case .start(let t, _, _) = event { startTime = t }
                if let run = event.invalidRun {
                    let start = try #require(startTime)
                    #expect(run.reason == .timeout)
                    #expect(run.t == start + 10)
                    #expect(sample.t > start + 10 && sample.t - (start + 10) < 1.0 / 30 + 1e-9)
                    #expect(run.announcement == "Invalid run. Over 10 seconds.")
                    return
                }
            }
        }
        Issue.record("no timeout")
    }

    /// Frames missing around the deadline: the first sample after it carries the finish.
    /// A finish crossed before the deadline counts; one crossed after it is a timeout.
    @Test(arguments: [(10.95, false), (11.05, true)])
    func finishInTheFirstSampleAfterTheDeadline(finishTime: Double, timesOut: Bool) throws {
        var machine = try TimingMachine.armed()
        let speed = 0.8 / (finishTime - 1)  // constant after the start, so interpolation is exact
        let samples = Tracks.steady([(0, 0.05), (1, 0.1), (12, 0.1 + speed * 11)])
            .filter { $0.t < 10.9 || $0.t > 11.2 }
        let events = machine.feed(samples)
        if timesOut {
            #expect(events.map(\.summary) == ["start 1 ltr", "post 2", "post 3", "post 4", "invalid timeout"])
            #expect(events.last?.t == 11.0)
        } else {
            #expect(events.map(\.summary) ==
                    ["start 1 ltr", "post 2", "post 3", "post 4", "post 5", "result fail"])
            let result = try #require(events.compactMap(\.result).first)
            #expect(abs(result.elapsedSeconds - (finishTime - 1)) < 1e-9)
        }
    }

    @Test func severalPostsInOneStepAreEachCountedAndInterpolated() throws {
        // 2.5 fps at 0.5625 of the width per second: the step 0.275 -> 0.5 crosses posts 2 and 3.
        var machine = try TimingMachine.armed()
        let events = machine.feed(Tracks.steady([(0, 0.05), (2.4, 1.4)], fps: 2.5))
        #expect(events.map(\.summary) ==
                ["start 1 ltr", "post 2", "post 3", "post 4", "post 5", "result pass"])
        let result = try #require(events.compactMap(\.result).first)
        let truth = [0.1, 0.3, 0.5, 0.7, 0.9].map { ($0 - 0.05) / 0.5625 }
        #expect(result.crossingTimes.count == 5)
        for (time, expected) in zip(result.crossingTimes, truth) {
            #expect(abs(time - expected) < 1e-9)
        }
    }

    @Test func invalidRunsCarryTheirWords() throws {
        let expectations: [([(t: Double, x: Double?)], String)] = [
            ([(0, 0.2), (2, 0.6)], "Invalid run. Started at an inner post."),
            ([(0, 0.05), (0.034, 0.05), (0.066, 0.95), (1, 0.95)], "Invalid run. Two outer posts at once."),
            ([(0, 0.02), (1.6, 0.4), (1.61, nil), (2.6, nil), (2.61, 0.55), (3.5, 0.8)],
             "Invalid run. Post 3 was missed."),
            ([(0, 0.02), (1, 0.35), (1.5, 0.25)], "Invalid run. Post 2 was out of order."),
            ([(0, 0.02), (2, 0.4), (13, 0.41)], "Invalid run. Over 10 seconds."),
        ]
        for (waypoints, words) in expectations {
            var machine = try TimingMachine.armed()
            let runs = machine.feed(Tracks.steady(waypoints)).compactMap(\.invalidRun)
            #expect(runs.map(\.announcement) == [words])
        }
    }

    @Test func unarmedMachineIgnoresRiders() throws {
        var machine = try TimingMachine(course: .standard)
        #expect(machine.feed(Tracks.steady([(0, 0.02), (4, 0.98)])).isEmpty)
        #expect(machine.phase == .unarmed)
    }

    @Test func twoPostCourseTimesBetweenItsPosts() throws {
        let course = Course(posts: [0.25, 0.75], lengthMetres: 10, passKmh: 35, timeoutSeconds: 5)
        var machine = try TimingMachine.armed(course: course)
        let events = machine.feed(Tracks.steady([(0, 0.95), (2, 0.05)]))
        #expect(events.map(\.summary) == ["start 2 rtl", "post 1", "result fail"])
        let result = try #require(events.compactMap(\.result).first)
        #expect(abs(result.elapsedSeconds - 0.5 / 0.45) < 1e-9)
        #expect(abs(result.speedKmh - 10 / (0.5 / 0.45) * 3.6) < 1e-9)
    }
}
