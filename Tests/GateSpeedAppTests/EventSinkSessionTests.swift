import Foundation
import GateSpeedCore
import GateSpeedJournal
import GateSpeedPlatform
import Synchronization
import Testing
@testable import GateSpeedApp

/// Issue 13, defect 3: the session tally has one owner, the results journal. The timing core
/// keeps none; the sink prints `session` with the journal's figures after every result and
/// whenever the journal starts a session, and publishes the same figures to the overlay.
@Suite struct EventSinkSessionTests {
    final class Dates: @unchecked Sendable {
        let now = Mutex<Date>(Date(timeIntervalSince1970: 1_780_000_000))   // a day in 2026, about noon UTC
        func nextDay() { now.withLock { $0 += 86_400 } }
    }

    /// What a sink printed and asked clips for, in order.
    final class Printed: @unchecked Sendable {
        let lines = Mutex<[String]>([])
        let clipRuns = Mutex<[Int]>([])

        /// Each printed line as (event name, object).
        var objects: [(name: String, object: [String: Any])] {
            lines.withLock { $0 }.compactMap { line in
                guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                      let name = object["event"] as? String else { return nil }
                return (name, object)
            }
        }

        /// The `session` lines as "runs/passes".
        var sessions: [String] {
            objects.filter { $0.name == "session" }.map { "\($0.object["runs"] as? Int ?? -1)/\($0.object["passes"] as? Int ?? -1)" }
        }
    }

    static func result(_ t: Double, _ kmh: Double) -> RunResult {
        RunResult(t: t, direction: .leftToRight, elapsedSeconds: 28 / (kmh / 3.6), speedKmh: kmh, pass: kmh >= 30,
                  announcement: "\(kmh) kilometres per hour", crossingTimes: [t - 3])
    }

    static func invalid(_ t: Double) -> InvalidRun {
        InvalidRun(t: t, reason: .timeout, post: nil, announcement: "Invalid run. Timed out.")
    }

    static func sink(journal: ResultsJournal?, printed: Printed) -> EventSink {
        let sink = EventSink(journal: journal, log: Log(level: .error, write: { _ in }),
                             write: { line in printed.lines.withLock { $0.append(line) } })
        sink.onResultJournalled { _, run, _ in printed.clipRuns.withLock { $0.append(run) } }
        sink.start()
        return sink
    }

    static func temporaryJournalPath() throws -> (directory: String, path: String) {
        let directory = NSTemporaryDirectory() + "gatespeed-sink-session-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return (directory, directory + "/results.jsonl")
    }

    @Test func everyResultIsFollowedByTheJournalsTallyIncludingRunsRestoredFromIt() throws {
        let (directory, path) = try Self.temporaryJournalPath()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // Earlier today: two runs, one pass (another process, restored on start).
        let earlier = ResultsJournal(path: path)
        _ = earlier.append(Self.result(10, 31))
        _ = earlier.append(Self.result(20, 28))

        let printed = Printed()
        let sink = Self.sink(journal: ResultsJournal(path: path), printed: printed)
        #expect(sink.scoreboard.runs == 2, "the overlay starts from the journal's tally")
        let changesAtStart = sink.scoreboardChanges.load(ordering: .acquiring)
        sink.post(.timing(.result(Self.result(40, 32))))
        sink.post(.timing(.invalid(Self.invalid(60))))
        sink.post(.timing(.result(Self.result(80, 29))))
        sink.finish()

        #expect(printed.objects.map(\.name) == ["result", "session", "invalid", "result", "session"])
        #expect(printed.sessions == ["3/2", "4/2"])
        #expect(printed.clipRuns.withLock { $0 } == [3, 4], "clips are numbered by the journal")
        #expect(sink.scoreboard == (try Scoreboard(runs: 4, passes: 2, totalKmh: 31 + 28 + 32 + 29)))
        #expect(sink.scoreboardChanges.load(ordering: .acquiring) == changesAtStart + 2)
    }

    @Test func theFirstResultOfANewDayIsCountedInTheNewDaysSessionOnly() throws {
        let (directory, path) = try Self.temporaryJournalPath()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let dates = Dates()
        let printed = Printed()
        let sink = Self.sink(journal: ResultsJournal(path: path, clock: { dates.now.withLock { $0 } }), printed: printed)
        sink.post(.timing(.result(Self.result(10, 31))))
        sink.post(.timing(.result(Self.result(30, 33))))
        sink.finish()
        dates.nextDay()
        let nextDay = Self.sink(journal: ResultsJournal(path: path, clock: { dates.now.withLock { $0 } }), printed: printed)
        nextDay.post(.timing(.result(Self.result(50, 29))))
        nextDay.finish()

        // One `session` line per result, with the journal's figures: the new day's first result
        // is run 1 of its session, never run 3 of the old day's.
        #expect(printed.sessions == ["1/1", "2/2", "1/0"])
        #expect(printed.clipRuns.withLock { $0 } == [1, 2, 1])
        #expect(nextDay.scoreboard.runs == 1)
    }

    @Test func aDateChangeWhileRunningStartsTheTallyAgainAtTheNextResult() throws {
        let (directory, path) = try Self.temporaryJournalPath()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let dates = Dates()
        let printed = Printed()
        let journal = ResultsJournal(path: path, clock: { dates.now.withLock { $0 } })
        let before = Self.sink(journal: journal, printed: printed)
        before.post(.timing(.result(Self.result(10, 31))))
        before.post(.timing(.result(Self.result(30, 33))))
        before.finish()
        // Past midnight, the same journal (the same process): it notices at its next line.
        dates.nextDay()
        let sink = Self.sink(journal: journal, printed: printed)
        sink.post(.timing(.invalid(Self.invalid(40))))
        sink.post(.timing(.result(Self.result(50, 29))))
        sink.finish()

        #expect(printed.sessions == ["1/1", "2/2", "0/0", "1/0"])
        #expect(printed.clipRuns.withLock { $0 } == [1, 2, 1])
    }

    @Test func aNewSessionPrintsAnEmptyTallyAndTheNextRunIsRunOne() throws {
        let (directory, path) = try Self.temporaryJournalPath()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let printed = Printed()
        let sink = Self.sink(journal: ResultsJournal(path: path), printed: printed)
        sink.post(.timing(.result(Self.result(10, 31))))
        sink.requestNewSession(t: 20)
        sink.post(.timing(.result(Self.result(30, 27))))
        sink.finish()

        #expect(printed.sessions == ["1/1", "0/0", "1/0"])
        let sessionTimes = printed.objects.filter { $0.name == "session" }.map { $0.object["t"] as? Double }
        #expect(sessionTimes == [10, 20, 30])
        #expect(printed.clipRuns.withLock { $0 } == [1, 1])
    }

    @Test func withoutAJournalTheSinkCountsAndANewSessionClearsIt() {
        let printed = Printed()
        let sink = Self.sink(journal: nil, printed: printed)
        sink.post(.timing(.result(Self.result(10, 31))))
        sink.post(.timing(.result(Self.result(30, 27))))
        sink.requestNewSession(t: 40)
        sink.post(.timing(.result(Self.result(50, 35))))
        sink.finish()

        #expect(printed.sessions == ["1/1", "2/1", "0/0", "1/1"])
        #expect(printed.clipRuns.withLock { $0 } == [1, 2, 1])
        #expect(sink.scoreboard.runs == 1)
    }
}
