import Foundation
import GateSpeedPlatform
import GateSpeedEvents

/// Reading and writing the per-session `index.json`, always through `ConfinedDirectory`.
///
/// An index is never believed blindly: its `date` and `session` are those of the folder it
/// was found in, and an entry whose `file` is not a plain clip name (`../../victim.txt`,
/// `/etc/passwd`) or whose numbers are out of range is dropped. A file that does not decode
/// at all is set aside as `index.json.corrupt-N` and the index rebuilt from the clip files
/// present, so clips carry on for the session and nothing is lost.
struct ClipIndexStore {
    let root: String
    /// Repairs of an index are warnings: something was wrong on disk.
    let log: Log

    static let indexName = "index.json"

    /// `ROOT/DATE/session-N`, opened (and created when asked) without following links.
    func sessionDirectory(_ session: SessionID, create: Bool) throws(DurableFileError) -> ConfinedDirectory {
        let top = try ConfinedDirectory.openRoot(root, create: create)
        return try top.subdirectory([session.date, "session-\(session.number)"], create: create)
    }

    /// The session's index: read, checked and repaired; empty for a session with no folder yet.
    func load(_ session: SessionID) throws(DurableFileError) -> SessionClipIndex {
        let directory: ConfinedDirectory
        do throws(DurableFileError) {
            directory = try sessionDirectory(session, create: false)
        } catch where error.errno == .noEntry {
            return SessionClipIndex(date: session.date, session: session.number)
        }
        return try load(session, in: directory)
    }

    func load(_ session: SessionID, in directory: ConfinedDirectory) throws(DurableFileError) -> SessionClipIndex {
        let empty = SessionClipIndex(date: session.date, session: session.number)
        let bytes: [UInt8]?
        do throws(DurableFileError) {
            bytes = try directory.read(Self.indexName)
        } catch where [EPERM, ELOOP, EINVAL, EFBIG].contains(error.errno.rawValue) {
            // Not a plain file of ours (a link, a huge file): keep it aside, rebuild.
            return try setAsideAndRebuild(empty, in: directory, because: "it is not a plain index file (\(error))")
        }
        guard let bytes else {
            // No index (never written, or lost): the clip files present are the truth.
            let rebuilt = rebuild(empty, from: directory)
            if !rebuilt.clips.isEmpty { try save(rebuilt) }
            return rebuilt
        }
        guard let decoded = try? JSONDecoder().decode(SessionClipIndex.self, from: Data(bytes)) else {
            return try setAsideAndRebuild(empty, in: directory, because: "it is not a readable clip index")
        }
        var checked = empty
        var problems: [String] = []
        for entry in decoded.clips {
            if let problem = entry.problem {
                problems.append(problem)
                continue
            }
            checked.clips.removeAll { $0.file == entry.file }
            checked.clips.append(entry)
        }
        guard problems.isEmpty else {
            let aside = try setAside(in: directory)
            log.warning("\(directory.path)/\(Self.indexName): dropped \(problems.count) entr\(problems.count == 1 ? "y" : "ies") "
                + "(\(problems.prefix(3).joined(separator: "; "))); the original is kept as \(aside)")
            try save(checked)
            return checked
        }
        if decoded.date != checked.date || decoded.session != checked.session {
            // A folder copied or renamed: the folder says which session it is.
            try save(checked)
        }
        return checked
    }

    /// Replaces the session's index atomically.
    func save(_ index: SessionClipIndex) throws(DurableFileError) {
        let directory = try sessionDirectory(SessionID(date: index.date, number: index.session), create: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        guard let data = try? encoder.encode(index) else {
            throw DurableFileError(.write, path: directory.path + "/" + Self.indexName, errno: .invalidArgument)
        }
        try directory.writeAtomically(Array(data), to: Self.indexName)
    }

    /// Every session folder under the root with its index; folders that are links, or whose
    /// names are not `DATE/session-N`, are passed over.
    func allSessions() -> [(SessionID, SessionClipIndex)] {
        guard let top = try? ConfinedDirectory.openRoot(root, create: false) else { return [] }
        var result: [(SessionID, SessionClipIndex)] = []
        for date in top.entryNames().sorted() where SessionID.isLocalDate(date) && top.kind(of: date) == .directory {
            guard let day = try? top.subdirectory(date, create: false) else { continue }
            for name in day.entryNames().sorted() where name.hasPrefix("session-") {
                let digits = name.dropFirst("session-".count)
                guard digits.count <= 7, digits.utf8.allSatisfy({ (48...57).contains($0) }), let number = Int(digits),
                      (1...SessionID.maximumNumber).contains(number), day.kind(of: name) == .directory,
                      let directory = try? day.subdirectory(name, create: false) else { continue }
                let session = SessionID(date: date, number: number)
                if let index = try? load(session, in: directory) { result.append((session, index)) }
            }
        }
        return result
    }

    /// An index listing the clip files found in `directory` (oldest first by modification time).
    func rebuild(_ empty: SessionClipIndex, from directory: ConfinedDirectory) -> SessionClipIndex {
        var index = empty
        var found: [(ClipEntry, Double)] = []
        for name in directory.entryNames() {
            guard let parsed = ClipFileName(parsing: name), case .file(let bytes, let modified) = directory.kind(of: name)
            else { continue }
            found.append((Self.entry(for: parsed, file: name, bytes: bytes, modified: modified), modified))
        }
        index.clips = found.sorted { $0.1 < $1.1 }.map(\.0)
        return index
    }

    /// What the index says of a clip known only by its file.
    static func entry(for name: ClipFileName, file: String, bytes: Int, modified: Double) -> ClipEntry {
        ClipEntry(kind: name.kind, number: name.number, time: WallClockText.iso8601(modified),
                  speedKmh: name.roundedKmh.map(Double.init), verdict: name.pass.map { $0 ? "pass" : "fail" },
                  file: file, bytes: bytes)
    }

    private func setAsideAndRebuild(_ empty: SessionClipIndex, in directory: ConfinedDirectory,
                                    because reason: String) throws(DurableFileError) -> SessionClipIndex {
        let aside = try setAside(in: directory)
        let rebuilt = rebuild(empty, from: directory)
        log.warning("\(directory.path)/\(Self.indexName): \(reason); kept as \(aside) and rebuilt from the "
            + "\(rebuilt.clips.count) clip file(s) present; clips go on")
        try save(rebuilt)
        return rebuilt
    }

    /// Renames the index to the first free `index.json.corrupt-N`; returns that name.
    private func setAside(in directory: ConfinedDirectory) throws(DurableFileError) -> String {
        var number = 1
        while true {
            let name = "\(Self.indexName).corrupt-\(number)"
            do throws(DurableFileError) {
                try directory.rename(Self.indexName, to: name, replacing: false)
                return name
            } catch where error.errno == .exists && number < 1_000 {
                number += 1
            }
        }
    }
}
