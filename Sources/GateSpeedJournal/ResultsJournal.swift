import Foundation
import Synchronization
import GateSpeedCore
import GateSpeedEvents
import GateSpeedPlatform

/// Whether a journal line is on disk.
public enum JournalDurability: Sendable, Equatable {
    /// Appended and fsync'd before the call returned.
    case durable
    /// The disk refused it (full, read-only, gone): kept in memory, in order, with `lines`
    /// lines waiting in all, and written as soon as a retry succeeds. The status LED shows it.
    case pending(lines: Int)
    /// The disk refused it and the in-memory backlog is full: this line is not kept. The
    /// announcement says so aloud and the line goes to the log in full.
    case notKept

    /// Said after the announcement of a line that is `notKept`.
    public static let notSavedSentence = "Not saved."

    /// The words to announce for a result or invalid run with this durability: unchanged
    /// while it is on disk or waiting in the backlog; with "Not saved." when it is not kept.
    public func announcing(_ words: String) -> String {
        self == .notKept ? words + " " + Self.notSavedSentence : words
    }
}

/// What the journal knows after an append (or a restore): the session the line went to,
/// its scoreboard, whether this call started that session (print a `session` event), and
/// whether the line is on disk.
public struct JournalState: Sendable, Equatable {
    public var session: SessionID
    /// The session's tally (the timing core's `Scoreboard`: the journal is its owner).
    public var scoreboard: Scoreboard
    /// Invalid attempts in the session (not runs; kept for the log).
    public var invalid: Int = 0
    /// True when this call began a new session (date change or command).
    public var sessionStarted: Bool
    public var durability: JournalDurability = .durable
}

/// The results journal: `results.jsonl`, one JSON object per line, every `result` and
/// `invalid` appended and fsync'd BEFORE the caller announces it. On start the current
/// session's scoreboard is restored from it; a session line is written when a new session
/// begins (first start, a new local date, or `startNewSession`).
///
/// The durability rule: a line the disk refuses (ENOSPC, EIO, a journal that cannot even be
/// opened at start) is never dropped silently. It waits in a bounded in-memory backlog, in
/// order, retried before every later line and by `retryPending()`; `fault` says why meanwhile
/// (the service blinks the status LED). Only when the backlog is full is a line `notKept`,
/// which the caller must say aloud. Nothing here throws: timing never stops for the journal.
///
/// Thread-safe (calls are serialised by a mutex); intended to be called from one sink
/// thread off the frame loop.
public final class ResultsJournal: Sendable {
    public let path: String
    /// Lines skipped while restoring: a torn last line from a kill mid-write, garbage, or
    /// lines whose numbers are out of range.
    public let ignoredLineCount: Int
    /// Why the first few of them were skipped ("line 7: speed_kmh 1e+300 is outside 0…1000").
    public let ignoredLineReasons: [String]
    /// Lines kept in memory at most while the disk refuses them (about 300 bytes each).
    public let backlogCapacity: Int

    private let clock: @Sendable () -> Date
    private let timeZone: TimeZone
    private let calls: DiskWrites
    private let state: Mutex<MutableState>

    private struct MutableState {
        /// Nil while the file could not be opened (retried with the backlog).
        var file: AppendOnlyFile?
        var session: SessionID
        var scoreboard: Scoreboard
        var invalid: Int
        /// Encoded lines the disk has not taken yet, oldest first.
        var backlog: [[UInt8]] = []
        /// The last failure, while anything is pending or the file is not open.
        var fault: DurableFileError?
    }

    /// Opens (or creates) the journal at `path` and restores the current session. Never
    /// fails: a journal that cannot be read or written starts with its `fault` set and its
    /// lines in the backlog.
    /// - Parameters:
    ///   - clock: wall-clock time, for the session date and the `wall` field (injectable for tests).
    ///   - timeZone: the zone whose calendar date splits sessions (the board's local time).
    ///   - calls: the write seam (tests make the disk full).
    public init(path: String, clock: @escaping @Sendable () -> Date = { Date() },
                timeZone: TimeZone = .current, backlogCapacity: Int = 1_000, calls: DiskWrites = .system) {
        self.path = path
        self.clock = clock
        self.timeZone = timeZone
        self.calls = calls
        self.backlogCapacity = max(1, backlogCapacity)
        var restored = JournalRestore.Restored()
        var file: AppendOnlyFile?
        var fault: DurableFileError?
        do throws(DurableFileError) {
            try DurableFile.createDirectory((path as NSString).deletingLastPathComponent)
            restored = try JournalRestore.read(path: path)
            file = try AppendOnlyFile(path: path, validLength: restored.validLength, calls: calls)
        } catch {
            fault = error
        }
        ignoredLineCount = restored.ignoredLines
        ignoredLineReasons = restored.ignoredReasons
        let placeholder = SessionID(date: "", number: 0)
        state = Mutex(MutableState(file: file, session: restored.session ?? placeholder,
                                   scoreboard: restored.scoreboard, invalid: restored.invalid, fault: fault))
        state.withLock { state in
            _ = rollSessionIfNeeded(&state, reason: restored.session == nil ? "first" : "date")
        }
    }

    /// The current session and its scoreboard, without writing anything.
    public var current: JournalState {
        state.withLock {
            JournalState(session: $0.session, scoreboard: $0.scoreboard, invalid: $0.invalid, sessionStarted: false,
                         durability: $0.backlog.isEmpty ? .durable : .pending(lines: $0.backlog.count))
        }
    }

    /// Why lines are waiting (or the file is not open); nil when everything is on disk.
    public var fault: DurableFileError? { state.withLock { $0.fault } }

    /// Lines kept in memory, not yet on disk.
    public var pendingLineCount: Int { state.withLock { $0.backlog.count } }

    /// The text of the lines not yet on disk (for the log at shutdown, the last resort).
    public var pendingLines: [String] {
        state.withLock { $0.backlog.map { String(decoding: $0.dropLast(), as: UTF8.self) } }
    }

    /// Tries again to write the backlog; true when nothing is pending any more.
    @discardableResult
    public func retryPending() -> Bool {
        state.withLock { flush(&$0) }
    }

    /// Appends a valid result and returns the updated scoreboard. A new local date first
    /// starts a new session (its line is written before the result).
    @discardableResult
    public func append(_ result: RunResult) -> JournalState {
        state.withLock { state -> JournalState in
            let started = rollSessionIfNeeded(&state, reason: "date")
            var line = baseLine(JournalLine.resultEvent, state.session)
            line.t = result.t.isFinite ? result.t : nil
            line.valid = true
            line.direction = result.direction.rawValue
            line.elapsed_s = result.elapsedSeconds.isFinite ? result.elapsedSeconds : nil
            line.speed_kmh = result.speedKmh.isFinite ? result.speedKmh : nil
            line.pass = result.pass
            line.announcement = result.announcement
            line.uncertainty_kmh = result.uncertaintyKmh.isFinite ? result.uncertaintyKmh : nil
            line.close_call = result.closeCall
            let durability = write(line, &state)
            state.scoreboard.record(speedKmh: result.speedKmh, pass: result.pass)
            return JournalState(session: state.session, scoreboard: state.scoreboard, invalid: state.invalid, sessionStarted: started,
                                durability: durability)
        }
    }

    /// Appends an invalid attempt.
    @discardableResult
    public func append(_ invalid: InvalidRun) -> JournalState {
        state.withLock { state -> JournalState in
            let started = rollSessionIfNeeded(&state, reason: "date")
            var line = baseLine(JournalLine.invalidEvent, state.session)
            line.t = invalid.t.isFinite ? invalid.t : nil
            line.reason = invalid.reason.rawValue
            line.announcement = invalid.announcement
            let durability = write(line, &state)
            state.invalid += 1
            return JournalState(session: state.session, scoreboard: state.scoreboard, invalid: state.invalid, sessionStarted: started,
                                durability: durability)
        }
    }

    /// Starts a new session now (the `new session` command): scoreboard back to zero.
    @discardableResult
    public func startNewSession() -> JournalState {
        state.withLock { state -> JournalState in
            let today = localDate(clock())
            let number = state.session.date == today ? state.session.nextNumber : 1
            let durability = beginSession(&state, SessionID(date: today, number: number), reason: "command")
            return JournalState(session: state.session, scoreboard: state.scoreboard, invalid: state.invalid, sessionStarted: true,
                                durability: durability)
        }
    }

    /// Starts session 1 of today when the current session is from another date.
    private func rollSessionIfNeeded(_ state: inout MutableState, reason: String) -> Bool {
        let today = localDate(clock())
        guard state.session.date != today else { return false }
        _ = beginSession(&state, SessionID(date: today, number: 1), reason: reason)
        return true
    }

    private func beginSession(_ state: inout MutableState, _ session: SessionID, reason: String) -> JournalDurability {
        var line = baseLine(JournalLine.sessionEvent, session)
        line.reason = reason
        let durability = write(line, &state)
        state.session = session
        state.scoreboard = Scoreboard()
        state.invalid = 0
        return durability
    }

    private func baseLine(_ event: String, _ session: SessionID) -> JournalLine {
        JournalLine(event: event, wall: WallClockText.iso8601(clock().timeIntervalSince1970), date: session.date, session: session.number)
    }

    /// Writes `line` after everything pending, or keeps it pending.
    private func write(_ line: JournalLine, _ state: inout MutableState) -> JournalDurability {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Every Double was checked finite above, so encoding cannot fail; if it did, the
        // line would still be kept (as far as it can be) rather than dropped.
        let data = (try? encoder.encode(line)) ?? Data(#"{"event":"unencodable"}"#.utf8)
        let bytes = Array(data) + [UInt8(ascii: "\n")]
        if flush(&state), let file = state.file {
            do throws(DurableFileError) {
                try file.append(bytes)
                return .durable
            } catch {
                state.fault = error
            }
        }
        guard state.backlog.count < backlogCapacity else { return .notKept }
        state.backlog.append(bytes)
        return .pending(lines: state.backlog.count)
    }

    /// Opens the file if needed and writes the backlog in order; true when nothing is pending.
    private func flush(_ state: inout MutableState) -> Bool {
        if state.file == nil {
            do throws(DurableFileError) {
                try DurableFile.createDirectory((path as NSString).deletingLastPathComponent)
                // Only the valid length matters now: the session in memory is the truth.
                let restored = try JournalRestore.read(path: path)
                state.file = try AppendOnlyFile(path: path, validLength: restored.validLength, calls: calls)
            } catch {
                state.fault = error
                return false
            }
        }
        guard let file = state.file else { return false }
        while let first = state.backlog.first {
            do throws(DurableFileError) {
                try file.append(first)
            } catch {
                state.fault = error
                return false
            }
            state.backlog.removeFirst()
        }
        state.fault = nil
        return true
    }

    /// `YYYY-MM-DD` of `date` in the journal's time zone.
    func localDate(_ date: Date) -> String {
        WallClockText.date(date.timeIntervalSince1970, utcOffsetSeconds: timeZone.secondsFromGMT(for: date))
    }
}
