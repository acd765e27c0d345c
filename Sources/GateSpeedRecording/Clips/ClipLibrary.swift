import Foundation
import Synchronization
import GateSpeedPlatform
import GateSpeedEvents

/// Where clips live and what is known about them:
/// `ROOT/YYYY-MM-DD/session-N/run-0007-31kmh-pass.mp4`, `…/highlight-0003.mp4`, and a
/// per-session `index.json` rewritten atomically after every change.
///
/// Before each clip it asks the `StorageGuard`; when space is short it deletes the oldest
/// non-favourite clips (all sessions), and when still short it refuses the clip
/// (`reserve…` returns nil) and the guard reports `clipsSuspended`.
///
/// Everything read from the folder (index entries, folder names) goes through
/// `ConfinedDirectory`: nothing outside `root` is ever read, written or deleted, whatever an
/// index says. A corrupt index is set aside and rebuilt; clips go on.
/// Thread-safe; meant for the clip writer thread plus occasional commands.
public final class ClipLibrary: Sendable {
    public let root: String
    public let storageGuard: StorageGuard
    private let clock: @Sendable () -> Date
    private let store: ClipIndexStore
    private let state: Mutex<MutableState>

    private struct MutableState {
        var session: SessionID
        var index: SessionClipIndex
        var nextHighlight: Int
        /// Every other session's index, read from disk once (the first time space is short)
        /// and kept up to date from then on, so housekeeping never re-reads an `index.json`.
        var others: [SessionID: SessionClipIndex]?
    }

    /// - Parameter partialClipIsPlayable: decides whether a hidden `.NAME.partial` left by a
    ///   kill is a complete clip (kept, renamed to NAME and indexed) or not (deleted). Nil:
    ///   every one is deleted.
    public init(root: String, session: SessionID, storageGuard: StorageGuard = StorageGuard(),
                clock: @escaping @Sendable () -> Date = { Date() },
                partialClipIsPlayable: (@Sendable (String) -> Bool)? = nil) throws(DurableFileError) {
        self.root = root
        self.storageGuard = storageGuard
        self.clock = clock
        let store = ClipIndexStore(root: root, log: storageGuard.log)
        self.store = store
        _ = try ConfinedDirectory.openRoot(root, create: true)
        ClipRecovery(store: store).recoverUnfinishedWrites(isPlayable: partialClipIsPlayable)
        let index = Self.loadOrEmpty(session, store: store)
        state = Mutex(MutableState(session: session, index: index, nextHighlight: Self.nextHighlight(in: index)))
    }

    /// True while clips are refused for lack of space.
    public var clipsSuspended: Bool { storageGuard.clipsSuspended }

    public var session: SessionID { state.withLock { $0.session } }

    /// Clips of the current session, in the order they were written.
    public var currentIndex: SessionClipIndex { state.withLock { $0.index } }

    /// Switches to another session (date change or command); later clips go to its directory.
    public func setSession(_ session: SessionID) throws(DurableFileError) {
        state.withLock { state in
            guard session != state.session else { return }
            let index = state.others?.removeValue(forKey: session) ?? Self.loadOrEmpty(session, store: store)
            state.others?[state.session] = state.index
            state.session = session
            state.index = index
            state.nextHighlight = Self.nextHighlight(in: index)
        }
    }

    /// Directory of a session's clips.
    public func directory(of session: SessionID) -> String {
        "\(root)/\(session.date)/session-\(session.number)"
    }

    /// Reserves the path of a valid run's clip, or nil when clips are suspended for space.
    /// - Parameters:
    ///   - expectedBytes: about how big the clip will be (the packets' total).
    ///   - session: the session the run was timed in (nil: the current one). A clip cut after
    ///     a new session began still belongs to the session of its run.
    ///   - filedKmh: the whole km/h the name carries (`SpeedText.filed`: it agrees with `pass`).
    public func reserveRunClip(number: Int, speedKmh: Double, pass: Bool, filedKmh: Int, expectedBytes: Int,
                               session: SessionID? = nil) -> ClipReservation? {
        let name = ClipFileName(kind: .run, number: min(max(number, 1), ClipFileName.maximumNumber),
                                roundedKmh: min(max(filedKmh, 0), 9_999), pass: pass).text
        return reserve(expectedBytes: expectedBytes, session: session) { session, _ in
            (ClipReservation(path: self.directory(of: session) + "/" + name, kind: .run, number: number,
                             session: session, speedKmh: speedKmh, pass: pass), false)
        }
    }

    /// Reserves the path of the next highlight clip, or nil when clips are suspended for space.
    public func reserveHighlightClip(expectedBytes: Int, session: SessionID? = nil) -> ClipReservation? {
        reserve(expectedBytes: expectedBytes, session: session) { session, nextHighlight in
            let name = ClipFileName(kind: .highlight, number: nextHighlight).text
            return (ClipReservation(path: self.directory(of: session) + "/" + name, kind: .highlight,
                                    number: nextHighlight, session: session, speedKmh: nil, pass: nil), true)
        }
    }

    /// Adds a written clip (its file complete at `reservation.path`) to its session's index.
    @discardableResult
    public func commit(_ reservation: ClipReservation) throws(DurableFileError) -> ClipEntry {
        let file = (reservation.path as NSString).lastPathComponent
        var size = 0
        if case .file(let bytes, _) = try store.sessionDirectory(reservation.session, create: false).kind(of: file) {
            size = bytes
        }
        let entry = ClipEntry(
            kind: reservation.kind, number: reservation.number, time: WallClockText.iso8601(clock().timeIntervalSince1970),
            speedKmh: reservation.speedKmh, verdict: reservation.pass.map { $0 ? "pass" : "fail" },
            file: file, bytes: size)
        try state.withLock { (state: inout MutableState) throws(DurableFileError) in
            var index = try Self.index(of: reservation.session, in: state, store: store)
            index.clips.removeAll { $0.file == entry.file }
            index.clips.append(entry)
            try store.save(index)
            Self.keep(index, of: reservation.session, in: &state)
        }
        return entry
    }

    /// Marks or unmarks a clip of any session as a favourite (never deleted for space).
    /// Returns false when no such clip is indexed.
    @discardableResult
    public func setFavourite(_ favourite: Bool, file: String, session: SessionID) throws(DurableFileError) -> Bool {
        try state.withLock { (state: inout MutableState) throws(DurableFileError) -> Bool in
            var index = try Self.index(of: session, in: state, store: store)
            guard let position = index.clips.firstIndex(where: { $0.file == file }) else { return false }
            index.clips[position].favourite = favourite
            try store.save(index)
            Self.keep(index, of: session, in: &state)
            return true
        }
    }

    // MARK: - Space

    private func reserve(expectedBytes: Int, session requested: SessionID?,
                         _ make: (SessionID, Int) -> (ClipReservation, Bool)) -> ClipReservation? {
        state.withLock { state -> ClipReservation? in
            guard makeRoom(expectedBytes: expectedBytes, state: &state) else { return nil }
            let session = requested ?? state.session
            do {
                _ = try store.sessionDirectory(session, create: true)
            } catch {
                storageGuard.setSuspended(true, at: root, reason: "cannot make \(directory(of: session)): \(error)")
                return nil
            }
            if session == state.session {
                let (reservation, usedHighlight) = make(session, state.nextHighlight)
                if usedHighlight { state.nextHighlight += 1 }
                return reservation
            }
            // A clip of an earlier session (cut after a new one began): that session's numbering.
            return make(session, Self.nextHighlight(in: Self.loadOrEmpty(session, store: store))).0
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
        var oldest: (session: SessionID, index: SessionClipIndex, entry: ClipEntry)?
        for (session, index) in allIndexes(&state) {
            for entry in index.clips where !entry.favourite {
                if let current = oldest, !Self.isOlder(entry, session, than: current.entry, current.session) { continue }
                oldest = (session, index, entry)
            }
        }
        guard let (session, index, entry) = oldest else { return false }
        let directory = self.directory(of: session)
        do {
            // By descriptor, without following links: only an entry of this session's folder goes.
            try store.sessionDirectory(session, create: false).remove(entry.file)
        } catch {
            storageGuard.log.warning("could not delete \(directory)/\(entry.file): \(error); dropped from the index")
        }
        var updated = index
        updated.clips.removeAll { $0.file == entry.file }
        // An index that cannot be rewritten is still correct enough: the file is gone,
        // and a missing file is removed again (harmlessly) on the next start.
        try? store.save(updated)
        Self.keep(updated, of: session, in: &state)
        storageGuard.log.info("deleted \(directory)/\(entry.file) to keep free space")
        return true
    }

    private static func isOlder(_ a: ClipEntry, _ aSession: SessionID, than b: ClipEntry, _ bSession: SessionID) -> Bool {
        if a.time != b.time { return a.time < b.time }
        if aSession.date != bSession.date { return aSession.date < bSession.date }
        if aSession.number != bSession.number { return aSession.number < bSession.number }
        return a.number < b.number
    }

    /// Every session index under the root, from memory (read from disk the first time).
    private func allIndexes(_ state: inout MutableState) -> [(SessionID, SessionClipIndex)] {
        if state.others == nil {
            var others: [SessionID: SessionClipIndex] = [:]
            for (session, index) in store.allSessions() where session != state.session { others[session] = index }
            state.others = others
        }
        return [(state.session, state.index)] + (state.others ?? [:]).map { ($0.key, $0.value) }
    }

    /// A session's index: the current one, one already in memory, or read from disk.
    private static func index(of session: SessionID, in state: MutableState,
                              store: ClipIndexStore) throws(DurableFileError) -> SessionClipIndex {
        if session == state.session { return state.index }
        if let known = state.others?[session] { return known }
        return try store.load(session)
    }

    /// Keeps a rewritten index in memory.
    private static func keep(_ index: SessionClipIndex, of session: SessionID, in state: inout MutableState) {
        if session == state.session { state.index = index } else if state.others != nil { state.others?[session] = index }
    }

    // MARK: - Index files

    /// The session's index, or an empty one (logged) when its folder cannot be read at all.
    private static func loadOrEmpty(_ session: SessionID, store: ClipIndexStore) -> SessionClipIndex {
        do {
            return try store.load(session)
        } catch {
            store.log.warning("clip index of \(session): \(error); starting an empty index")
            return SessionClipIndex(date: session.date, session: session.number)
        }
    }

    private static func nextHighlight(in index: SessionClipIndex) -> Int {
        let highest = index.clips.filter { $0.kind == .highlight }.map(\.number).max() ?? 0
        return min(highest, ClipFileName.maximumNumber - 1) + 1
    }
}
