import Foundation
import GateSpeedCore
import GateSpeedEvents
import GateSpeedPlatform

/// Reading `results.jsonl` back after a restart. Every line is checked before it is
/// believed: a line that does not decode, or whose numbers are out of range (a speed of
/// 1e300 km/h, a session of Int.max, a date that is not `YYYY-MM-DD`), is skipped and named
/// in `ignoredReasons`, so one bad line can never crash the service or poison the tally.
enum JournalRestore {
    /// Speeds a result line may carry, km/h; anything else is not a measurement.
    static let plausibleSpeedKmh: ClosedRange<Double> = 0...1_000
    /// At most this many reasons are kept for the log (the count covers all of them).
    static let reasonsKept = 5

    struct Restored {
        var session: SessionID?
        var scoreboard = Scoreboard()
        var invalid = 0
        var ignoredLines = 0
        /// "line 7: speed_kmh 1e+300 is outside 0…1000", the first few.
        var ignoredReasons: [String] = []
        /// Bytes up to and including the last newline; nil when the file does not exist.
        var validLength: Int?

        mutating func ignore(line number: Int, _ reason: String) {
            ignoredLines += 1
            if ignoredReasons.count < JournalRestore.reasonsKept { ignoredReasons.append("line \(number): \(reason)") }
        }
    }

    static func read(path: String) throws(DurableFileError) -> Restored {
        var restored = Restored()
        guard FileManager.default.fileExists(atPath: path) else { return restored }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw DurableFileError(.read, path: path, errno: .ioError)
        }
        let bytes = [UInt8](data)
        let newline = UInt8(ascii: "\n")
        let complete = (bytes.lastIndex(of: newline)).map { $0 + 1 } ?? 0
        restored.validLength = complete
        let decoder = JSONDecoder()
        var number = 0
        for lineBytes in bytes[0..<complete].split(separator: newline, omittingEmptySubsequences: false) {
            number += 1
            if lineBytes.isEmpty { continue }
            guard let line = try? decoder.decode(JournalLine.self, from: Data(lineBytes)) else {
                restored.ignore(line: number, "not a journal line (unreadable JSON or a missing field)")
                continue
            }
            if let problem = problem(with: line) {
                restored.ignore(line: number, problem)
                continue
            }
            apply(line, to: &restored)
        }
        // Torn tail from a kill mid-write: never acknowledged, cut before the next append.
        if complete < bytes.count { restored.ignore(line: max(number, 1), "incomplete last line (cut)") }
        return restored
    }

    /// Why `line` cannot be believed, or nil when it can.
    static func problem(with line: JournalLine) -> String? {
        guard (1...SessionID.maximumNumber).contains(line.session) else {
            return "session \(line.session) is outside 1…\(SessionID.maximumNumber)"
        }
        guard SessionID.isLocalDate(line.date) else {
            return "date '\(ConfinedDirectory.shortened(line.date))' is not YYYY-MM-DD"
        }
        if let t = line.t, !t.isFinite { return "t is not a finite number" }
        switch line.event {
        case JournalLine.resultEvent:
            guard let speed = line.speed_kmh else { return "a result without speed_kmh" }
            guard plausibleSpeedKmh.contains(speed) else {
                return "speed_kmh \(speed) is outside \(Int(plausibleSpeedKmh.lowerBound))…\(Int(plausibleSpeedKmh.upperBound))"
            }
            if let elapsed = line.elapsed_s, !(elapsed.isFinite && elapsed >= 0) {
                return "elapsed_s \(elapsed) is not a duration"
            }
            return nil
        case JournalLine.invalidEvent, JournalLine.sessionEvent:
            return nil
        default:
            return "unknown event '\(ConfinedDirectory.shortened(line.event))'"
        }
    }

    private static func apply(_ line: JournalLine, to restored: inout Restored) {
        let session = SessionID(date: line.date, number: line.session)
        if session != restored.session {
            restored.session = session
            restored.scoreboard = Scoreboard()
            restored.invalid = 0
        }
        switch line.event {
        case JournalLine.resultEvent:
            restored.scoreboard.record(speedKmh: line.speed_kmh ?? 0, pass: line.pass ?? false)
        case JournalLine.invalidEvent:
            restored.invalid += 1
        default:
            break
        }
    }
}
