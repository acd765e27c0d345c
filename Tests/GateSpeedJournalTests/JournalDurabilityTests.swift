import Foundation
import Synchronization
import Testing
import GateSpeedCore
import GateSpeedEvents
@testable import GateSpeedJournal
#if canImport(Glibc)
import Glibc
import GateSpeedPlatform
import GateSpeedTestSupport
#endif

/// A disk behind the journal's write seam that can be made to refuse every write and
/// fsync with an errno (ENOSPC: full), and to take them again.
final class FaultyDisk: Sendable {
    private let refusing = Atomic<Int32>(0)
    /// Writes the disk took while refusing nothing (each append is one write).
    let writesTaken = Atomic<Int>(0)

    init(refusing code: Int32 = 0) { refusing.store(code, ordering: .relaxed) }
    func refuse(_ code: Int32) { refusing.store(code, ordering: .relaxed) }
    func heal() { refusing.store(0, ordering: .relaxed) }

    var calls: DiskWrites {
        DiskWrites(write: { fd, bytes in
            let code = self.refusing.load(ordering: .relaxed)
            guard code == 0 else { errno = code; return -1 }
            self.writesTaken.add(1, ordering: .relaxed)
            return DiskWrites.system.write(fd, bytes)
        }, fsync: { fd in
            let code = self.refusing.load(ordering: .relaxed)
            guard code == 0 else { errno = code; return -1 }
            return DiskWrites.system.fsync(fd)
        })
    }
}

@Suite struct JournalDurabilityTests {
    let utc = TimeZone(identifier: "UTC") ?? .current
    /// 2026-06-01 10:00:00 UTC.
    let morning = Date(timeIntervalSince1970: 1_780_308_000)

    func result(_ t: Double, _ kmh: Double) -> RunResult {
        RunResult(t: t, direction: .leftToRight, elapsedSeconds: 28 / (kmh / 3.6), speedKmh: kmh, pass: kmh >= 30,
                  announcement: "\(kmh) kilometres per hour", crossingTimes: [])
    }

    /// The `t` of every result line in the file, in file order.
    func resultTimes(_ path: String) throws -> [Double] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return try text.split(separator: "\n").compactMap { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return object?["event"] as? String == "result" ? object?["t"] as? Double : nil
        }
    }

    @Test func aDiskThatFillsDuringARunKeepsEveryResultAndWritesThemInOrderWhenSpaceReturns() throws {
        let path = makeTemporaryDirectory("journal-full") + "/results.jsonl"
        let clock = JournalTestClock(morning)
        let disk = FaultyDisk()
        let journal = ResultsJournal(path: path, clock: clock.read, timeZone: utc, calls: disk.calls)
        #expect(journal.append(result(10, 31)).durability == .durable)

        disk.refuse(ENOSPC)
        // Before: append threw, the sink logged it, and the result was printed and spoken but
        // never reached the file.
        let second = journal.append(result(20, 29))
        #expect(second.durability == .pending(lines: 1))
        #expect(second.scoreboard.runs == 2, "counted: it will be on disk")
        #expect(journal.append(InvalidRun(t: 25, reason: .timeout, post: nil, announcement: "Invalid run")).durability
                == .pending(lines: 2))
        #expect(journal.append(result(30, 33)).durability == .pending(lines: 3))
        #expect(journal.fault?.errno == .noSpace)
        #expect(try resultTimes(path) == [10], "nothing half-written meanwhile")
        #expect(!journal.retryPending(), "still full")

        disk.heal()
        #expect(journal.retryPending())
        #expect(journal.fault == nil && journal.pendingLineCount == 0)
        #expect(journal.append(result(40, 35)).durability == .durable)
        #expect(try resultTimes(path) == [10, 20, 30, 40], "every result, in the order they were timed")

        let reopened = ResultsJournal(path: path, clock: clock.read, timeZone: utc)
        #expect(reopened.current.scoreboard.runs == 4 && reopened.current.invalid == 1)
        #expect(reopened.ignoredLineCount == 0)
    }

    @Test func aLaterAppendFlushesTheBacklogFirst() throws {
        let path = makeTemporaryDirectory("journal-flush") + "/results.jsonl"
        let disk = FaultyDisk()
        let journal = ResultsJournal(path: path, clock: JournalTestClock(morning).read, timeZone: utc, calls: disk.calls)
        disk.refuse(EIO)
        journal.append(result(1, 30))
        journal.append(result(2, 31))
        disk.heal()
        #expect(journal.append(result(3, 32)).durability == .durable)
        #expect(try resultTimes(path) == [1, 2, 3])
    }

    @Test func aDiskAlreadyFullAtStartStillTimesAndShowsTheFault() throws {
        let path = makeTemporaryDirectory("journal-full-start") + "/results.jsonl"
        let clock = JournalTestClock(morning)
        do {
            let yesterday = ResultsJournal(path: path, clock: JournalTestClock(morning - 86_400).read, timeZone: utc)
            yesterday.append(result(1, 30))
        }
        let disk = FaultyDisk(refusing: ENOSPC)
        // Before: today's session line could not be written, the constructor threw and `run` exited 1.
        let journal = ResultsJournal(path: path, clock: clock.read, timeZone: utc, calls: disk.calls)
        #expect(journal.fault?.errno == .noSpace, "the fault is there to be shown")
        #expect(journal.current.session == SessionID(date: "2026-06-01", number: 1))
        #expect(journal.current.durability == .pending(lines: 1), "today's session line waits")
        let state = journal.append(result(5, 34))
        #expect(state.scoreboard.runs == 1 && state.durability == .pending(lines: 2))

        disk.heal()
        #expect(journal.retryPending())
        let reopened = ResultsJournal(path: path, clock: clock.read, timeZone: utc)
        #expect(reopened.current.session == SessionID(date: "2026-06-01", number: 1))
        #expect(reopened.current.scoreboard.runs == 1 && reopened.current.scoreboard.totalKmh == 34)
    }

    @Test func theBacklogIsBoundedAndSaysWhichLineIsNotKept() {
        let path = makeTemporaryDirectory("journal-bounded") + "/results.jsonl"
        let disk = FaultyDisk()
        let journal = ResultsJournal(path: path, clock: JournalTestClock(morning).read, timeZone: utc,
                                     backlogCapacity: 2, calls: disk.calls)
        disk.refuse(ENOSPC)
        #expect(journal.append(result(1, 30)).durability == .pending(lines: 1))
        #expect(journal.append(result(2, 30)).durability == .pending(lines: 2))
        #expect(journal.append(result(3, 30)).durability == .notKept)
        #expect(journal.pendingLines.count == 2 && journal.pendingLines[0].contains("\"t\":1"),
                "the kept lines can still be logged in full at shutdown")
        #expect(JournalDurability.notKept.announcing("31 kilometres per hour. Pass.")
                == "31 kilometres per hour. Pass. Not saved.")
        #expect(JournalDurability.pending(lines: 1).announcing("Pass.") == "Pass.")
        #expect(JournalDurability.durable.announcing("Pass.") == "Pass.")
    }

    @Test func outOfRangeLinesAreSkippedWithTheirReasonNeverTrappedOn() throws {
        let path = makeTemporaryDirectory("journal-hostile") + "/results.jsonl"
        let lines = [
            #"{"event":"session","wall":"w","date":"2026-06-01","session":1,"reason":"first"}"#,
            #"{"event":"result","t":1,"wall":"w","date":"2026-06-01","session":1,"speed_kmh":1e300,"pass":true}"#,
            #"{"event":"result","t":2,"wall":"w","date":"2026-06-01","session":1,"speed_kmh":-5,"pass":false}"#,
            #"{"event":"result","t":3,"wall":"w","date":"../../../etc","session":1,"speed_kmh":30,"pass":true}"#,
            #"{"event":"result","t":4,"wall":"w","date":"2026-06-01","session":0,"speed_kmh":30,"pass":true}"#,
            #"{"event":"result","t":5,"wall":"w","date":"2026-06-01","session":1,"speed_kmh":"NaN","pass":true}"#,
            #"{"event":"result","t":6,"wall":"w","date":"2026-06-01","session":1,"speed_kmh":31.5,"pass":true}"#,
        ]
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
        let journal = ResultsJournal(path: path, clock: JournalTestClock(morning).read, timeZone: utc)
        // Before: the 1e300 line was counted; the average then trapped when drawn on every clip.
        #expect(journal.current.scoreboard.runs == 1 && journal.current.scoreboard.totalKmh == 31.5)
        #expect(journal.ignoredLineCount == 5)
        #expect(journal.ignoredLineReasons.first == "line 2: speed_kmh 1e+300 is outside 0…1000")
        #expect(journal.ignoredLineReasons.contains { $0.hasPrefix("line 4: date '../../../etc'") })
        #expect(journal.fault == nil)
    }

    @Test func aSessionOfIntMaxFollowedByANewSessionDoesNotTrap() throws {
        let path = makeTemporaryDirectory("journal-intmax") + "/results.jsonl"
        let line = #"{"event":"session","wall":"w","date":"2026-06-01","session":9223372036854775807,"reason":"command"}"#
        try Data((line + "\n").utf8).write(to: URL(fileURLWithPath: path))
        let journal = ResultsJournal(path: path, clock: JournalTestClock(morning).read, timeZone: utc)
        #expect(journal.ignoredLineCount == 1)
        #expect(journal.ignoredLineReasons.first?.contains("session 9223372036854775807 is outside") == true)
        // Before: Int.max + 1 trapped here (SIGILL).
        #expect(journal.startNewSession().session == SessionID(date: "2026-06-01", number: 2))
    }

    @Test func theLastSessionNumberOfADayIsKeptNotOverflowed() {
        #expect(SessionID(date: "2026-06-01", number: SessionID.maximumNumber).nextNumber == SessionID.maximumNumber)
        #expect(SessionID(date: "2026-06-01", number: 41).nextNumber == 42)
        #expect(SessionID.isLocalDate("2026-06-01") && !SessionID.isLocalDate("2026-13-01"))
        #expect(!SessionID.isLocalDate("../../etc") && !SessionID.isLocalDate("2026/06/01"))
    }
}
