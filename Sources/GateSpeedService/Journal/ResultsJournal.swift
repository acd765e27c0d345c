import Foundation
import Synchronization

/// What the journal knows after an append (or a restore): the session the line went to,
/// its scoreboard, and whether this call started that session (print a `session` event).
public struct JournalState: Sendable, Equatable {
    public var session: SessionID
    public var scoreboard: SessionScoreboard
    /// True when this call began a new session (date change or command).
    public var sessionStarted: Bool
}

/// The results journal: `results.jsonl`, one JSON object per line, every `result` and
/// `invalid` appended and fsync'd BEFORE the caller announces it, so nothing announced is
/// lost. On start the current session's scoreboard is restored from it; a session line is
/// written when a new session begins (first start, a new local date, or `startNewSession`).
///
/// Appends are synchronous and durable: they return only once the line is on disk.
/// Thread-safe (calls are serialised by a mutex); intended to be called from one sink
/// thread off the frame loop.
public final class ResultsJournal: Sendable {
    public let path: String
    /// Lines skipped while restoring: a torn last line from a kill mid-write, or garbage.
    public let ignoredLineCount: Int

    private let clock: @Sendable () -> Date
    private let calendar: Calendar
    private let state: Mutex<MutableState>

    private struct MutableState {
        var file: AppendOnlyFile
        var session: SessionID
        var scoreboard: SessionScoreboard
    }

    /// Opens (or creates) the journal at `path` and restores the current session.
    /// - Parameters:
    ///   - clock: wall-clock time, for the session date and the `wall` field (injectable for tests).
    ///   - timeZone: the zone whose calendar date splits sessions (the board's local time).
    public init(path: String, clock: @escaping @Sendable () -> Date = { Date() },
                timeZone: TimeZone = .current) throws(DurableFileError) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.path = path
        self.clock = clock
        self.calendar = calendar
        try DurableFile.createDirectory((path as NSString).deletingLastPathComponent)
        let restored = try JournalRestore.read(path: path)
        ignoredLineCount = restored.ignoredLines
        let file = try AppendOnlyFile(path: path, validLength: restored.validLength)
        let placeholder = SessionID(date: "", number: 0)
        state = Mutex(MutableState(file: file, session: restored.session ?? placeholder,
                                   scoreboard: restored.scoreboard))
        _ = try state.withLock { (state: inout MutableState) throws(DurableFileError) -> Bool in
            try self.rollSessionIfNeeded(&state, reason: restored.session == nil ? "first" : "date")
        }
    }

    /// The current session and its scoreboard, without writing anything.
    public var current: JournalState {
        state.withLock { JournalState(session: $0.session, scoreboard: $0.scoreboard, sessionStarted: false) }
    }

    /// Appends a valid result durably and returns the updated scoreboard. A new local date
    /// first starts a new session (its line is written before the result).
    @discardableResult
    public func append(_ result: JournalResult) throws(DurableFileError) -> JournalState {
        try state.withLock { (state: inout MutableState) throws(DurableFileError) -> JournalState in
            let started = try rollSessionIfNeeded(&state, reason: "date")
            var line = baseLine(JournalLine.resultEvent, state.session)
            line.t = result.t
            line.valid = true
            line.direction = result.direction
            line.elapsed_s = result.elapsedSeconds
            line.speed_kmh = result.speedKmh
            line.pass = result.pass
            line.announcement = result.announcement
            line.uncertainty_kmh = result.uncertaintyKmh.isFinite ? result.uncertaintyKmh : nil
            line.close_call = result.closeCall
            try write(line, to: state.file)
            state.scoreboard.recordResult(speedKmh: result.speedKmh, pass: result.pass)
            return JournalState(session: state.session, scoreboard: state.scoreboard, sessionStarted: started)
        }
    }

    /// Appends an invalid attempt durably.
    @discardableResult
    public func append(_ invalid: JournalInvalid) throws(DurableFileError) -> JournalState {
        try state.withLock { (state: inout MutableState) throws(DurableFileError) -> JournalState in
            let started = try rollSessionIfNeeded(&state, reason: "date")
            var line = baseLine(JournalLine.invalidEvent, state.session)
            line.t = invalid.t
            line.reason = invalid.reason
            line.announcement = invalid.announcement
            try write(line, to: state.file)
            state.scoreboard.recordInvalid()
            return JournalState(session: state.session, scoreboard: state.scoreboard, sessionStarted: started)
        }
    }

    /// Starts a new session now (the `new session` command): scoreboard back to zero.
    @discardableResult
    public func startNewSession() throws(DurableFileError) -> JournalState {
        try state.withLock { (state: inout MutableState) throws(DurableFileError) -> JournalState in
            let today = localDate(clock())
            let number = state.session.date == today ? state.session.number + 1 : 1
            try beginSession(&state, SessionID(date: today, number: number), reason: "command")
            return JournalState(session: state.session, scoreboard: state.scoreboard, sessionStarted: true)
        }
    }

    /// Starts session 1 of today when the current session is from another date.
    private func rollSessionIfNeeded(_ state: inout MutableState, reason: String) throws(DurableFileError) -> Bool {
        let today = localDate(clock())
        guard state.session.date != today else { return false }
        try beginSession(&state, SessionID(date: today, number: 1), reason: reason)
        return true
    }

    private func beginSession(_ state: inout MutableState, _ session: SessionID, reason: String) throws(DurableFileError) {
        var line = baseLine(JournalLine.sessionEvent, session)
        line.reason = reason
        try write(line, to: state.file)
        state.session = session
        state.scoreboard = SessionScoreboard()
    }

    private func baseLine(_ event: String, _ session: SessionID) -> JournalLine {
        JournalLine(event: event, wall: clock().formatted(.iso8601), date: session.date, session: session.number)
    }

    private func write(_ line: JournalLine, to file: AppendOnlyFile) throws(DurableFileError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(line) else {
            throw DurableFileError(.write, path: path, code: EINVAL)
        }
        try file.append(Array(data) + [UInt8(ascii: "\n")])
    }

    /// `YYYY-MM-DD` of `date` in the journal's time zone.
    func localDate(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        let year = parts.year ?? 1970, month = parts.month ?? 1, day = parts.day ?? 1
        return String(format: "%04d-%02d-%02d", year, month, day)
    }
}

/// Reading `results.jsonl` back after a restart.
enum JournalRestore {
    struct Restored {
        var session: SessionID?
        var scoreboard = SessionScoreboard()
        var ignoredLines = 0
        /// Bytes up to and including the last newline; nil when the file does not exist.
        var validLength: Int?
    }

    static func read(path: String) throws(DurableFileError) -> Restored {
        var restored = Restored()
        guard FileManager.default.fileExists(atPath: path) else { return restored }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw DurableFileError(.read, path: path, code: EIO)
        }
        let bytes = [UInt8](data)
        let newline = UInt8(ascii: "\n")
        let complete = (bytes.lastIndex(of: newline)).map { $0 + 1 } ?? 0
        restored.validLength = complete
        if complete < bytes.count { restored.ignoredLines += 1 } // torn tail: never acknowledged
        let decoder = JSONDecoder()
        for lineBytes in bytes[0..<complete].split(separator: newline) {
            guard let line = try? decoder.decode(JournalLine.self, from: Data(lineBytes)) else {
                restored.ignoredLines += 1
                continue
            }
            apply(line, to: &restored)
        }
        return restored
    }

    private static func apply(_ line: JournalLine, to restored: inout Restored) {
        let session = SessionID(date: line.date, number: line.session)
        if session != restored.session {
            restored.session = session
            restored.scoreboard = SessionScoreboard()
        }
        switch line.event {
        case JournalLine.resultEvent:
            restored.scoreboard.recordResult(speedKmh: line.speed_kmh ?? 0, pass: line.pass ?? false)
        case JournalLine.invalidEvent:
            restored.scoreboard.recordInvalid()
        default:
            break
        }
    }
}
