import Foundation
import GateSpeedPlatform

/// How far into the journal the broker has acknowledged every result: a byte offset, kept in a
/// small file next to the journal (`results.jsonl.mqtt-STATION`), replaced atomically
/// (DurableFile) whenever it advances. After a restart or a reconnect, publishing resumes there,
/// so results made while the broker was away go out in order and none goes out twice.
public struct PublishMark: Sendable {
    public let path: String

    public init(journalPath: String, station: String) {
        path = journalPath + ".mqtt-" + station
    }

    /// The saved offset, or nil when there is none (or it cannot be read).
    public func load() -> Int? {
        guard let data = FileManager.default.contents(atPath: path), data.count < 4096,
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let offset = object["journal_offset"] as? Int, offset >= 0 else { return nil }
        return offset
    }

    public func save(_ offset: Int) throws(DurableFileError) {
        try DurableFile.writeAtomically(Array("{\"journal_offset\":\(offset)}\n".utf8), to: path)
    }
}
