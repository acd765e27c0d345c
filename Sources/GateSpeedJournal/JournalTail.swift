import Foundation
import GateSpeedEvents

/// Reading the journal forward from a byte offset: what later consumers (MQTT) have not yet
/// sent. Only complete lines count; lines the restore would not believe are skipped.
public enum JournalTail {
    /// The lines after `offset`; `end` is the offset after the last complete line read (session
    /// lines advance it too). Nil when the file cannot be read; a file shorter than `offset`
    /// (replaced) answers `shorter: true` and nothing else.
    public static func read(path: String, from offset: Int, limitBytes: Int = 8 << 20) -> JournalTailRead? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let size = try? handle.seekToEnd() else { return nil }
        guard UInt64(max(offset, 0)) <= size else { return ([], 0, true) }
        do { try handle.seek(toOffset: UInt64(max(offset, 0))) } catch { return nil }
        let wanted = Int(min(size - UInt64(max(offset, 0)), UInt64(limitBytes)))
        guard wanted > 0 else { return ([], offset, false) }
        guard let data = try? handle.read(upToCount: wanted) else { return nil }
        let bytes = [UInt8](data)
        guard let lastNewline = bytes.lastIndex(of: UInt8(ascii: "\n")) else { return ([], offset, false) }
        let decoder = JSONDecoder()
        var entries: [JournalTailEntry] = []
        var start = 0
        while start <= lastNewline {
            let stop = bytes[start...lastNewline].firstIndex(of: UInt8(ascii: "\n")) ?? lastNewline
            let lineBytes = bytes[start..<stop]
            let end = offset + stop + 1
            start = stop + 1
            guard !lineBytes.isEmpty, let line = try? decoder.decode(JournalLine.self, from: Data(lineBytes)),
                  JournalRestore.problem(with: line) == nil else { continue }
            if let text = eventLine(line) {
                entries.append(JournalTailEntry(end: end, event: line.event, t: line.t, line: text))
            }
        }
        return (entries, offset + lastNewline + 1, false)
    }

    /// The stdout line of a journalled result or invalid run, fields in `EventJSON`'s order.
    static func eventLine(_ line: JournalLine) -> String? {
        var object = JSONObject()
        switch line.event {
        case JournalLine.resultEvent:
            object.add("event", string: "result")
            object.add("t", number: line.t ?? .nan, decimals: 4)
            object.add("valid", bool: true)
            object.add("direction", string: line.direction ?? "")
            object.add("elapsed_s", number: line.elapsed_s ?? .nan, decimals: 4)
            object.add("speed_kmh", number: line.speed_kmh ?? .nan, decimals: 3)
            object.add("pass", bool: line.pass ?? false)
            object.add("announcement", string: line.announcement ?? "")
            object.add("uncertainty_kmh", number: line.uncertainty_kmh ?? .nan, decimals: 3)
            object.add("close_call", bool: line.close_call ?? false)
        case JournalLine.invalidEvent:
            object.add("event", string: "invalid")
            object.add("t", number: line.t ?? .nan, decimals: 4)
            object.add("reason", string: line.reason ?? "")
            object.add("announcement", string: line.announcement ?? "")
        default:
            return nil
        }
        return object.text + "}"
    }
}
