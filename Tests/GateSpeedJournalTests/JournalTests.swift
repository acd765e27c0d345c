import Foundation
import Synchronization
import Testing
import GateSpeedCore
import GateSpeedEvents
@testable import GateSpeedJournal
import GateSpeedTestSupport

@Suite struct JournalTests {
    let utc = TimeZone(identifier: "UTC") ?? .current
    /// 2026-06-01 10:00:00 UTC.
    let morning = Date(timeIntervalSince1970: 1_780_308_000)

    func result(_ t: Double, _ kmh: Double) -> RunResult {
        RunResult(t: t, direction: .leftToRight, elapsedSeconds: 28 / (kmh / 3.6), speedKmh: kmh, pass: kmh >= 30,
                  announcement: "\(kmh) kilometres per hour", crossingTimes: [])
    }

    @Test func appendsAreOnDiskWhenTheCallReturnsAndRestoreTheScoreboard() throws {
        let path = makeTemporaryDirectory("journal") + "/results.jsonl"
        let clock = JournalTestClock(morning)
        let journal = ResultsJournal(path: path, clock: clock.read, timeZone: utc)
        #expect(journal.current.session == SessionID(date: "2026-06-01", number: 1))
        journal.append(result(10, 31.0))
        journal.append(InvalidRun(t: 20, reason: .timeout, post: nil, announcement: "Invalid run"))
        journal.append(result(30, 28.0))
        let state = journal.append(result(40, 33.2))
        #expect(state.scoreboard.runs == 3 && state.scoreboard.passes == 2)

        // Read the file independently: every acknowledged line is there, complete.
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let lines = text.split(separator: "\n")
        #expect(lines.count == 5, "a session line, three results, one invalid")
        #expect(lines[1].contains("\"speed_kmh\":31"))

        let reopened = ResultsJournal(path: path, clock: clock.read, timeZone: utc)
        let restored = reopened.current.scoreboard
        #expect(restored.runs == 3 && restored.passes == 2 && reopened.current.invalid == 1)
        #expect(abs(restored.averageKmh - (31.0 + 28.0 + 33.2) / 3) < 1e-9)
        #expect(reopened.ignoredLineCount == 0)
    }

    @Test func aTornLastLineIsIgnoredAndCutBeforeTheNextAppend() throws {
        let path = makeTemporaryDirectory("journal-torn") + "/results.jsonl"
        let clock = JournalTestClock(morning)
        do {
            let journal = ResultsJournal(path: path, clock: clock.read, timeZone: utc)
            journal.append(result(10, 31.0))
            journal.append(result(20, 29.0))
        }
        // The process is killed halfway through writing a third line.
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data(#"{"event":"result","t":30,"speed_kmh":35.5,"pa"#.utf8))
        handle.closeFile()

        let reopened = ResultsJournal(path: path, clock: clock.read, timeZone: utc)
        #expect(reopened.ignoredLineCount == 1)
        #expect(reopened.current.scoreboard.runs == 2 && reopened.current.scoreboard.passes == 1)
        reopened.append(result(40, 32.0))
        let again = ResultsJournal(path: path, clock: clock.read, timeZone: utc)
        #expect(again.ignoredLineCount == 0, "the torn fragment was cut, the new line is whole")
        #expect(again.current.scoreboard.runs == 3 && again.current.scoreboard.passes == 2)
    }

    @Test func aKillAtAnyByteNeverMakesRestoreFail() throws {
        let directory = makeTemporaryDirectory("journal-kill")
        let clock = JournalTestClock(morning)
        let full = directory + "/full.jsonl"
        do {
            let journal = ResultsJournal(path: full, clock: clock.read, timeZone: utc)
            for (index, kmh) in [31.0, 27.5, 30.0].enumerated() { journal.append(result(Double(index), kmh)) }
        }
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: full)))
        let newline = UInt8(ascii: "\n")
        for cut in stride(from: 0, through: bytes.count, by: 7) {
            let path = directory + "/cut-\(cut).jsonl"
            try Data(bytes[0..<cut]).write(to: URL(fileURLWithPath: path))
            let journal = ResultsJournal(path: path, clock: clock.read, timeZone: utc)
            let completeLines = bytes[0..<cut].filter { $0 == newline }.count
            // Line 1 is the session line; every further complete line is a result.
            #expect(journal.current.scoreboard.runs == max(0, completeLines - 1), "cut at byte \(cut)")
        }
    }

    @Test func aNewDateStartsANewSession() throws {
        let path = makeTemporaryDirectory("journal-date") + "/results.jsonl"
        let clock = JournalTestClock(morning)
        let journal = ResultsJournal(path: path, clock: clock.read, timeZone: utc)
        journal.append(result(1, 31))
        clock.advance(by: 86_400)
        let state = journal.append(result(2, 25))
        #expect(state.sessionStarted)
        #expect(state.session == SessionID(date: "2026-06-02", number: 1))
        #expect(state.scoreboard.runs == 1 && state.scoreboard.passes == 0)

        // A restart on yet another day starts that day's first session with an empty scoreboard.
        clock.advance(by: 86_400)
        let nextDay = ResultsJournal(path: path, clock: clock.read, timeZone: utc)
        #expect(nextDay.current.session == SessionID(date: "2026-06-03", number: 1))
        #expect(nextDay.current.scoreboard.runs == 0)
    }

    @Test func theCommandStartsTheNextSessionOfTheDayAndItSurvivesRestart() throws {
        let path = makeTemporaryDirectory("journal-command") + "/results.jsonl"
        let clock = JournalTestClock(morning)
        let journal = ResultsJournal(path: path, clock: clock.read, timeZone: utc)
        journal.append(result(1, 31))
        let started = journal.startNewSession()
        #expect(started.session == SessionID(date: "2026-06-01", number: 2))
        #expect(started.scoreboard == Scoreboard() && started.invalid == 0)
        journal.append(result(2, 34))
        let reopened = ResultsJournal(path: path, clock: clock.read, timeZone: utc)
        #expect(reopened.current.session.number == 2)
        #expect(reopened.current.scoreboard.runs == 1 && reopened.current.scoreboard.totalKmh == 34)
    }

    @Test func anUnwritableJournalIsAClearFaultAndNeverStopsTheService() {
        // Before: the constructor threw, `run` exited 1 and systemd restart-looped with dark LEDs.
        let journal = ResultsJournal(path: "/proc/gatespeed-no/results.jsonl")
        let fault = journal.fault
        #expect(fault?.description.contains("/proc/gatespeed-no") == true)
        #expect(fault.map { $0.errno.rawValue != 0 } == true)
        let state = journal.append(result(1, 31))
        #expect(state.scoreboard.runs == 1, "timing and counting go on")
        #expect(state.durability == .pending(lines: 2), "the session line and the result wait in memory")
    }
}
