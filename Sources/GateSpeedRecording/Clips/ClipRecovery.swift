import GateSpeedPlatform
import GateSpeedEvents
/// What a kill mid-write leaves in the clip folders, dealt with at start: a hidden
/// `.NAME.partial` that is a complete, playable clip (killed between the last write and the
/// rename) is kept: renamed to NAME and added to its session's index. One that is not (cut
/// short, damaged, a link, not a clip name, or NAME already taken) is deleted, and so is an
/// `index.json.tmp`, which never replaces a good index.
struct ClipRecovery {
    let store: ClipIndexStore

    func recoverUnfinishedWrites(isPlayable: (@Sendable (String) -> Bool)?) {
        guard let top = try? ConfinedDirectory.openRoot(store.root, create: false) else { return }
        for date in top.entryNames() where SessionID.isLocalDate(date) && top.kind(of: date) == .directory {
            guard let day = try? top.subdirectory(date, create: false) else { continue }
            for name in day.entryNames() where name.hasPrefix("session-") && day.kind(of: name) == .directory {
                guard let directory = try? day.subdirectory(name, create: false),
                      let number = Int(name.dropFirst("session-".count)),
                      (1...SessionID.maximumNumber).contains(number) else { continue }
                recover(in: directory, session: SessionID(date: date, number: number), isPlayable: isPlayable)
            }
        }
    }

    private func recover(in directory: ConfinedDirectory, session: SessionID, isPlayable: (@Sendable (String) -> Bool)?) {
        var kept: [ClipEntry] = []
        for name in directory.entryNames() {
            if name.hasSuffix(".tmp") {
                try? directory.remove(name)
                continue
            }
            guard name.hasPrefix("."), name.hasSuffix(".partial") else { continue }
            let final = String(name.dropFirst().dropLast(".partial".count))
            if let clip = ClipFileName(parsing: final), case .file(let bytes, let modified) = directory.kind(of: name),
               directory.kind(of: final) == .missing, let isPlayable, isPlayable(directory.path + "/" + name),
               (try? directory.rename(name, to: final, replacing: false)) != nil {
                kept.append(ClipIndexStore.entry(for: clip, file: final, bytes: bytes, modified: modified))
                store.log.info("kept \(directory.path)/\(final): a complete clip left by an interrupted write")
            } else {
                try? directory.remove(name)
                store.log.info("deleted \(directory.path)/\(name): an unfinished clip left by an interrupted write")
            }
        }
        guard !kept.isEmpty else { return }
        do {
            var index = try store.load(session, in: directory)
            for entry in kept where !index.clips.contains(where: { $0.file == entry.file }) { index.clips.append(entry) }
            try store.save(index)
        } catch {
            store.log.warning("clip index of \(session): \(error); the kept clips are listed when it is rebuilt")
        }
    }
}
