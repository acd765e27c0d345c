import Foundation
import Synchronization

/// Where clips live and what is known about them:
/// `ROOT/YYYY-MM-DD/session-N/run-0007-31kmh-pass.mp4`, `…/highlight-0003.mp4`, and a
/// per-session `index.json` rewritten atomically after every change.
///
/// Before each clip it asks the `StorageGuard`; when space is short it deletes the oldest
/// non-favourite clips (all sessions), and when still short it refuses the clip
/// (`reserve…` returns nil) and the guard reports `clipsSuspended`.
/// Thread-safe; meant for the clip writer thread plus occasional commands.
public final class ClipLibrary: Sendable {
    public let root: String
    public let storageGuard: StorageGuard
    private let clock: @Sendable () -> Date
    private let state: Mutex<MutableState>

    private struct MutableState {
        var session: SessionID
        var index: SessionClipIndex
        var nextHighlight: Int
    }

    public init(root: String, session: SessionID, storageGuard: StorageGuard = StorageGuard(),
                clock: @escaping @Sendable () -> Date = { Date() }) throws(DurableFileError) {
        self.root = root
        self.storageGuard = storageGuard
        self.clock = clock
        try DurableFile.createDirectory(root)
        Self.removeUnfinishedWrites(root: root)
        let index = try Self.loadIndex(root: root, session: session)
        state = Mutex(MutableState(session: session, index: index, nextHighlight: Self.nextHighlight(in: index)))
    }

    /// True while clips are refused for lack of space.
    public var clipsSuspended: Bool { storageGuard.clipsSuspended }

    public var session: SessionID { state.withLock { $0.session } }

    /// Clips of the current session, in the order they were written.
    public var currentIndex: SessionClipIndex { state.withLock { $0.index } }

    /// Switches to another session (date change or command); later clips go to its directory.
    public func setSession(_ session: SessionID) throws(DurableFileError) {
        let index = try Self.loadIndex(root: root, session: session)
        state.withLock { $0 = MutableState(session: session, index: index, nextHighlight: Self.nextHighlight(in: index)) }
    }

    /// Directory of a session's clips.
    public func directory(of session: SessionID) -> String {
        Self.directory(root: root, session: session)
    }

    /// Reserves the path of a valid run's clip, or nil when clips are suspended for space.
    /// - Parameter expectedBytes: about how big the clip will be (the packets' total).
    public func reserveRunClip(number: Int, speedKmh: Double, pass: Bool, expectedBytes: Int) -> ClipReservation? {
        let rounded = Int(speedKmh.rounded())
        let name = String(format: "run-%04d-%dkmh-%@.mp4", number, rounded, pass ? "pass" : "fail")
        return reserve(expectedBytes: expectedBytes) { session, _ in
            (ClipReservation(path: self.directory(of: session) + "/" + name, kind: .run, number: number,
                             session: session, speedKmh: speedKmh, pass: pass), false)
        }
    }

    /// Reserves the path of the next highlight clip, or nil when clips are suspended for space.
    public func reserveHighlightClip(expectedBytes: Int) -> ClipReservation? {
        reserve(expectedBytes: expectedBytes) { session, nextHighlight in
            let name = String(format: "highlight-%04d.mp4", nextHighlight)
            return (ClipReservation(path: self.directory(of: session) + "/" + name, kind: .highlight,
                                    number: nextHighlight, session: session, speedKmh: nil, pass: nil), true)
        }
    }

    /// Adds a written clip (its file complete at `reservation.path`) to its session's index.
    @discardableResult
    public func commit(_ reservation: ClipReservation) throws(DurableFileError) -> ClipEntry {
        let size = (try? FileManager.default.attributesOfItem(atPath: reservation.path)[.size] as? Int) ?? 0
        let entry = ClipEntry(
            kind: reservation.kind, number: reservation.number, time: clock().formatted(.iso8601),
            speedKmh: reservation.speedKmh, verdict: reservation.pass.map { $0 ? "pass" : "fail" },
            file: (reservation.path as NSString).lastPathComponent, bytes: size)
        try state.withLock { (state: inout MutableState) throws(DurableFileError) in
            if reservation.session == state.session {
                state.index.clips.removeAll { $0.file == entry.file }
                state.index.clips.append(entry)
                try Self.saveIndex(state.index, root: root)
            } else {
                var other = try Self.loadIndex(root: root, session: reservation.session)
                other.clips.removeAll { $0.file == entry.file }
                other.clips.append(entry)
                try Self.saveIndex(other, root: root)
            }
        }
        return entry
    }

    /// Marks or unmarks a clip of any session as a favourite (never deleted for space).
    /// Returns false when no such clip is indexed.
    @discardableResult
    public func setFavourite(_ favourite: Bool, file: String, session: SessionID) throws(DurableFileError) -> Bool {
        try state.withLock { (state: inout MutableState) throws(DurableFileError) -> Bool in
            var index = session == state.session ? state.index : try Self.loadIndex(root: root, session: session)
            guard let position = index.clips.firstIndex(where: { $0.file == file }) else { return false }
            index.clips[position].favourite = favourite
            try Self.saveIndex(index, root: root)
            if session == state.session { state.index = index }
            return true
        }
    }

    // MARK: - Space

    private func reserve(expectedBytes: Int,
                         _ make: (SessionID, Int) -> (ClipReservation, Bool)) -> ClipReservation? {
        state.withLock { state -> ClipReservation? in
            guard makeRoom(expectedBytes: expectedBytes, state: &state) else { return nil }
            let (reservation, usedHighlight) = make(state.session, state.nextHighlight)
            if usedHighlight { state.nextHighlight += 1 }
            try? DurableFile.createDirectory(directory(of: state.session))
            return reservation
        }
    }

    /// Deletes the oldest non-favourite clips until the guard is satisfied.
    /// Returns false (and suspends clips) when that is not possible.
    private func makeRoom(expectedBytes: Int, state: inout MutableState) -> Bool {
        while !storageGuard.hasRoom(for: expectedBytes, at: root) {
            guard deleteOldestClip(state: &state) else {
                storageGuard.setSuspended(true, at: root)
                return false
            }
        }
        storageGuard.setSuspended(false, at: root)
        return true
    }

    /// Deletes the oldest non-favourite clip of all sessions and drops it from its index.
    private func deleteOldestClip(state: inout MutableState) -> Bool {
        var oldest: (index: SessionClipIndex, entry: ClipEntry)?
        for index in allIndexes(current: state.index) {
            for entry in index.clips where !entry.favourite {
                if let current = oldest, !Self.isOlder(entry, index, than: current.entry, current.index) { continue }
                oldest = (index, entry)
            }
        }
        guard let (index, entry) = oldest else { return false }
        let session = SessionID(date: index.date, number: index.session)
        let directory = self.directory(of: session)
        unlink(directory + "/" + entry.file)
        var updated = index
        updated.clips.removeAll { $0.file == entry.file }
        // An index that cannot be rewritten is still correct enough: the file is gone,
        // and a missing file is removed again (harmlessly) on the next pass.
        try? Self.saveIndex(updated, root: root)
        if session == state.session { state.index = updated }
        storageGuard.log("deleted \(directory)/\(entry.file) to keep free space")
        return true
    }

    private static func isOlder(_ a: ClipEntry, _ aIndex: SessionClipIndex,
                                than b: ClipEntry, _ bIndex: SessionClipIndex) -> Bool {
        if a.time != b.time { return a.time < b.time }
        if aIndex.date != bIndex.date { return aIndex.date < bIndex.date }
        if aIndex.session != bIndex.session { return aIndex.session < bIndex.session }
        return a.number < b.number
    }

    /// Every session index under the root (the current one from memory).
    private func allIndexes(current: SessionClipIndex) -> [SessionClipIndex] {
        var result = [current]
        let files = FileManager.default
        for date in (try? files.contentsOfDirectory(atPath: root)) ?? [] {
            for sessionName in (try? files.contentsOfDirectory(atPath: root + "/" + date)) ?? [] {
                guard sessionName.hasPrefix("session-"), let number = Int(sessionName.dropFirst(8)) else { continue }
                if date == current.date && number == current.session { continue }
                if let index = try? Self.loadIndex(root: root, session: SessionID(date: date, number: number)) {
                    result.append(index)
                }
            }
        }
        return result
    }

    /// Deletes what a kill mid-write leaves: hidden `.NAME.partial` clip files and
    /// `index.json.tmp`. They never carry a final name, so nothing else is affected.
    static func removeUnfinishedWrites(root: String) {
        let files = FileManager.default
        for date in (try? files.contentsOfDirectory(atPath: root)) ?? [] {
            for session in (try? files.contentsOfDirectory(atPath: root + "/" + date)) ?? [] where session.hasPrefix("session-") {
                let directory = root + "/" + date + "/" + session
                for name in (try? files.contentsOfDirectory(atPath: directory)) ?? []
                    where (name.hasPrefix(".") && name.hasSuffix(".partial")) || name.hasSuffix(".tmp") {
                    unlink(directory + "/" + name)
                }
            }
        }
    }

    // MARK: - Index files

    static func directory(root: String, session: SessionID) -> String {
        "\(root)/\(session.date)/session-\(session.number)"
    }

    static func loadIndex(root: String, session: SessionID) throws(DurableFileError) -> SessionClipIndex {
        let path = directory(root: root, session: session) + "/index.json"
        guard let data = FileManager.default.contents(atPath: path) else {
            return SessionClipIndex(date: session.date, session: session.number)
        }
        guard let index = try? JSONDecoder().decode(SessionClipIndex.self, from: data) else {
            throw DurableFileError(.read, path: path, code: EILSEQ)
        }
        return index
    }

    static func saveIndex(_ index: SessionClipIndex, root: String) throws(DurableFileError) {
        let directory = directory(root: root, session: SessionID(date: index.date, number: index.session))
        try DurableFile.createDirectory(directory)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        guard let data = try? encoder.encode(index) else {
            throw DurableFileError(.write, path: directory + "/index.json", code: EINVAL)
        }
        try DurableFile.writeAtomically(Array(data), to: directory + "/index.json")
    }

    private static func nextHighlight(in index: SessionClipIndex) -> Int {
        let last = index.clips.filter { $0.kind == .highlight }.map(\.number).max() ?? 0
        return last < Int.max ? max(0, last) + 1 : Int.max  // an index file may say anything
    }
}
