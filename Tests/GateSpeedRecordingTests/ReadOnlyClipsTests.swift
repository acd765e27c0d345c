import Foundation
import GateSpeedPlatform
import GateSpeedEvents
import GateSpeedRecording
import Synchronization
import Testing
import GateSpeedTestSupport

/// A clips folder on a read-only filesystem (a USB stick mounted read-only) is reported with the
/// real cause. Before: the folder's creation error was swallowed and the later open reported
/// ENOENT ("No such file or directory"), which sent the user looking for a missing folder.
@Suite(.enabled(if: FullDisk.canMount, "needs root and tmpfs mounts")) struct ReadOnlyClipsTests {
    @Test func aReadOnlyClipsFolderSaysReadOnly() throws {
        let disk = try FullDisk(size: "1m", fill: false)
        defer { disk.unmount() }
        let existing = disk.mountPoint + "/clips"
        try FileManager.default.createDirectory(atPath: existing, withIntermediateDirectories: true)
        #expect(FullDisk.run("/bin/mount", ["-o", "remount,ro", disk.mountPoint]) == 0)

        // A clips root that cannot be made at all.
        let error = #expect(throws: (any Error).self) {
            _ = try ClipLibrary(root: disk.mountPoint + "/missing", session: SessionID(date: "2026-12-01", number: 1))
        }
        let message = error.map { "\($0)" } ?? ""
        #expect(message.contains("Read-only file system") && !message.contains("No such file"), "\(message)")

        // A clips root that exists, read-only: the session folder cannot be made; clips stop, saying why.
        let lines = Mutex<[String]>([])
        let library = try ClipLibrary(root: existing, session: SessionID(date: "2026-12-01", number: 1),
                                      storageGuard: StorageGuard(minimumFreeBytes: 0, log: Log(write: { line in lines.withLock { $0.append(line) } })))
        #expect(library.reserveHighlightClip(expectedBytes: 1000) == nil)
        let said = lines.withLock { $0.joined(separator: "\n") }
        #expect(said.contains("Read-only file system"), "\(said)")
        #expect(!said.contains("No such file"), "\(said)")
    }
}
