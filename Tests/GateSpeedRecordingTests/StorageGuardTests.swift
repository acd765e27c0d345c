import Foundation
import Synchronization
import GateSpeedCore
import GateSpeedPlatform
import Testing
import GateSpeedEvents
@testable import GateSpeedRecording
import GateSpeedTestSupport

extension LogLines {
    /// A typed log (every level) whose finished lines, with their level marks, land here.
    var log: Log { Log(level: .debug, style: .plain, write: sink) }
}

@Suite struct StorageGuardTests {
    let session = SessionID(date: "2026-06-01", number: 1)

    @Test func deletesTheOldestNonFavouritesThenSuspendsThenResumes() throws {
        let root = makeTemporaryDirectory("guard")
        let disk = TinyDisk(root: root, capacity: 5_000)
        let log = LogLines()
        let guardian = StorageGuard(minimumFreeBytes: 1_000, freeBytes: disk.freeBytes, log: log.log)
        let clock = JournalTestClock(Date(timeIntervalSince1970: 1_780_308_000))
        let clips = try ClipLibrary(root: root, session: session, storageGuard: guardian, clock: clock.read)

        // Four 1000-byte clips fill the disk down to the 1000-byte floor.
        for number in 1...4 {
            clock.advance(by: 60)
            let run = try #require(clips.reserveRunClip(number: number, speedKmh: 30, pass: true, filedKmh: SpeedText.filed(30, thresholdKmh: 30), expectedBytes: 1_000))
            try writeClip(run, bytes: 1_000, library: clips)
        }
        try clips.setFavourite(true, file: "run-0001-30kmh-pass.mp4", session: session)

        // The fifth needs room: run 1 is a favourite, so run 2 (the oldest other) goes.
        clock.advance(by: 60)
        let fifth = try #require(clips.reserveRunClip(number: 5, speedKmh: 31, pass: true, filedKmh: SpeedText.filed(31, thresholdKmh: 30), expectedBytes: 1_000))
        try writeClip(fifth, bytes: 1_000, library: clips)
        var files = clips.currentIndex.clips.map(\.number)
        #expect(files == [1, 3, 4, 5])
        #expect(!FileManager.default.fileExists(atPath: root + "/2026-06-01/session-1/run-0002-30kmh-pass.mp4"))
        #expect(!guardian.clipsSuspended)

        // Everything left becomes a favourite: nothing may be deleted, so clips stop.
        for entry in clips.currentIndex.clips { try clips.setFavourite(true, file: entry.file, session: session) }
        #expect(clips.reserveHighlightClip(expectedBytes: 1_000) == nil)
        #expect(clips.clipsSuspended)
        #expect(log.all.contains { $0.hasPrefix("warning: clips suspended") }, "a suspension is a warning")
        files = clips.currentIndex.clips.map(\.number)
        #expect(files == [1, 3, 4, 5], "favourites survive")

        // Space comes back (a bigger card): clips resume.
        disk.grow(to: 100_000)
        #expect(clips.reserveHighlightClip(expectedBytes: 1_000) != nil)
        #expect(!clips.clipsSuspended)
        #expect(log.all.contains { $0.hasPrefix("clips resumed") }, "the resumption is info")
        #expect(log.all.contains { $0.hasPrefix("deleted ") && $0.contains("to keep free space") }, "a routine deletion is info")
    }

    @Test func deletionReachesOlderSessions() throws {
        let root = makeTemporaryDirectory("guard-sessions")
        let disk = TinyDisk(root: root, capacity: 3_000)
        let guardian = StorageGuard(minimumFreeBytes: 500, freeBytes: disk.freeBytes, log: .silent)
        let clock = JournalTestClock(Date(timeIntervalSince1970: 1_780_308_000))
        let clips = try ClipLibrary(root: root, session: session, storageGuard: guardian, clock: clock.read)
        try writeClip(try #require(clips.reserveHighlightClip(expectedBytes: 1_000)), bytes: 1_000, library: clips)
        clock.advance(by: 86_400)
        try clips.setSession(SessionID(date: "2026-06-02", number: 1))
        try writeClip(try #require(clips.reserveHighlightClip(expectedBytes: 1_000)), bytes: 1_000, library: clips)
        clock.advance(by: 60)
        try writeClip(try #require(clips.reserveHighlightClip(expectedBytes: 1_000)), bytes: 1_000, library: clips)
        #expect(!FileManager.default.fileExists(atPath: root + "/2026-06-01/session-1/highlight-0001.mp4"))
        let oldIndex = try JSONDecoder().decode(SessionClipIndex.self, from: Data(contentsOf:
            URL(fileURLWithPath: root + "/2026-06-01/session-1/index.json")))
        #expect(oldIndex.clips.isEmpty, "the old session's index no longer lists the deleted clip")
    }

    @Test func statvfsReadsTheRealFileSystem() {
        let free = StorageGuard.statvfsFreeBytes(NSTemporaryDirectory())
        #expect((free ?? 0) > 0)
        #expect(StorageGuard.statvfsFreeBytes("/no/such/dir") == nil)
    }
}
