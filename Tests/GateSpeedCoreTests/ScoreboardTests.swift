import Testing
@testable import GateSpeedCore

@Suite struct ScoreboardTests {
    @Test func tallyAverageAndReset() {
        var board = Scoreboard()
        #expect(board.runs == 0 && board.passes == 0 && board.averageKmh == 0)
        board.record(speedKmh: 31, pass: true)
        board.record(speedKmh: 28, pass: false)
        board.record(speedKmh: 33.5, pass: true)
        #expect(board.runs == 3 && board.passes == 2)
        #expect(abs(board.averageKmh - 92.5 / 3) < 1e-12)
        board.reset()
        #expect(board == Scoreboard())
    }

    @Test func restoresFromSavedNumbers() throws {
        let board = try Scoreboard(runs: 4, passes: 3, totalKmh: 126)
        #expect(board.runs == 4 && board.passes == 3 && board.averageKmh == 31.5)
        #expect(try Scoreboard(runs: 0, passes: 0, totalKmh: 0) == Scoreboard())
    }

    @Test(arguments: [
        (-1, 0, 0.0, "runs"), (2, 3, 60.0, "passes"), (2, -1, 60.0, "passes"),
        (2, 1, .nan, "total_kmh"), (2, 1, -3.0, "total_kmh"), (0, 0, 5.0, "total_kmh"),
    ])
    func refusesImpossibleNumbers(runs: Int, passes: Int, total: Double, key: String) {
        do {
            _ = try Scoreboard(runs: runs, passes: passes, totalKmh: total)
            Issue.record("accepted \(runs) \(passes) \(total)")
        } catch {
            #expect(error.key == key)
        }
    }

    @Test func theMachineTalliesValidRunsOnlyAndReportsAfterEachResult() throws {
        var machine = try TimingMachine.armed()
        var sessions: [Scoreboard] = []
        func ride(_ waypoints: [(t: Double, x: Double?)], offset: Double) {
            let samples = Tracks.steady(waypoints.map { ($0.t + offset, $0.x) })
            for event in machine.feed(samples) {
                if case .session(_, let board) = event { sessions.append(board) }
            }
            machine.rearm(t: offset + 50) { _ in }
        }
        ride([(0, 0.02), (4, 0.98)], offset: 0)           // 30.2 km/h pass
        ride([(0, 0.2), (2, 0.6)], offset: 100)           // inner start: not tallied
        ride([(0, 0.98), (5, 0.02)], offset: 200)         // 24.2 km/h fail
        #expect(sessions.map(\.runs) == [1, 2])
        #expect(sessions.map(\.passes) == [1, 1])
        let expectedTotal = 28 / (0.8 / 0.24) * 3.6 + 28 / (0.8 / 0.192) * 3.6
        #expect(abs(machine.scoreboard.averageKmh - expectedTotal / 2) < 1e-9)

        var events: [TimingEvent] = []
        machine.resetSession(t: 300) { events.append($0) }
        #expect(events == [.session(t: 300, Scoreboard())])
        #expect(machine.scoreboard == Scoreboard())
    }

    @Test func aRestoredTallyKeepsCounting() throws {
        var machine = try TimingMachine.armed()
        machine.restore(scoreboard: try Scoreboard(runs: 2, passes: 1, totalKmh: 60))
        let events = machine.feed(Tracks.steady([(0, 0.02), (4, 0.98)]))
        guard case .session(_, let board)? = events.last else {
            Issue.record("no session event: \(events)")
            return
        }
        #expect(board.runs == 3 && board.passes == 2)
        #expect(abs(board.totalKmh - (60 + 28 / (0.8 / 0.24) * 3.6)) < 1e-9)
    }
}
