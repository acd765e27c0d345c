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

    @Test func theTimingMachineKeepsNoTally() throws {
        // The journal is the one owner of the session tally: the machine reports the result
        // and nothing else after it.
        var machine = try TimingMachine.armed()
        let events = machine.feed(Tracks.steady([(0, 0.02), (4, 0.98)]))
        #expect(events.map(\.summary) == ["start 1 ltr", "post 2", "post 3", "post 4", "post 5", "result pass"])
    }
}
