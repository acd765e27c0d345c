import Foundation
import GateSpeedPlatform
import Testing
import GateSpeedEvents
@testable import GateSpeedRecording
import GateSpeedTestSupport

/// The README's favourites: `"favourite": true` written by hand into a past session's
/// `index.json` keeps that clip when the storage guard makes room.
@Suite struct FavouriteByHandTests {
    @Test func aClipMarkedFavouriteInAPastSessionsIndexIsNeverDeletedForSpace() throws {
        let root = makeTemporaryDirectory("favourite-by-hand")
        let disk = TinyDisk(root: root, capacity: 3_500)
        let guardian = StorageGuard(minimumFreeBytes: 500, freeBytes: disk.freeBytes, log: .silent)
        let clock = JournalTestClock(Date(timeIntervalSince1970: 1_780_308_000))
        let first = SessionID(date: "2026-06-01", number: 1)
        let clips = try ClipLibrary(root: root, session: first, storageGuard: guardian, clock: clock.read)
        for _ in 1...2 {
            clock.advance(by: 60)
            try writeClip(try #require(clips.reserveHighlightClip(expectedBytes: 1_000)), bytes: 1_000, library: clips)
        }
        try clips.setSession(SessionID(date: "2026-06-01", number: 2))

        // By hand, as the README says: the first highlight of session 1 becomes a favourite.
        let indexPath = root + "/2026-06-01/session-1/index.json"
        var index = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: indexPath)))
            as? [String: Any])
        var entries = try #require(index["clips"] as? [[String: Any]])
        entries[0]["favourite"] = true
        index["clips"] = entries
        try JSONSerialization.data(withJSONObject: index).write(to: URL(fileURLWithPath: indexPath))

        // Two more clips need room for one: the oldest that is not a favourite goes.
        for _ in 1...2 {
            clock.advance(by: 60)
            try writeClip(try #require(clips.reserveHighlightClip(expectedBytes: 1_000)), bytes: 1_000, library: clips)
        }
        #expect(FileManager.default.fileExists(atPath: root + "/2026-06-01/session-1/highlight-0001.mp4"))
        #expect(!FileManager.default.fileExists(atPath: root + "/2026-06-01/session-1/highlight-0002.mp4"))
    }
}
