import Foundation
import GateSpeedCore
import GateSpeedPlatform
import Testing
import GateSpeedEvents
@testable import GateSpeedRecording
import GateSpeedTestSupport

/// Writes `bytes` bytes at a reservation's path and commits it, as the clip writer does.
@discardableResult
func writeClip(_ reservation: ClipReservation, bytes: Int, library: ClipLibrary) throws -> ClipEntry {
    try Data(repeating: 0x42, count: bytes).write(to: URL(fileURLWithPath: reservation.path))
    return try library.commit(reservation)
}

@Suite struct ClipLibraryTests {
    let session = SessionID(date: "2026-06-01", number: 3)
    let clock = JournalTestClock(Date(timeIntervalSince1970: 1_780_308_000))

    func library(_ root: String) throws -> ClipLibrary {
        try ClipLibrary(root: root, session: session,
                        storageGuard: StorageGuard(minimumFreeBytes: 0, freeBytes: { _ in nil }, log: .silent),
                        clock: clock.read)
    }

    @Test func namesFollowTheLayoutAndTheIndexDescribesEachClip() throws {
        let root = makeTemporaryDirectory("clips")
        let clips = try library(root)
        let run = try #require(clips.reserveRunClip(number: 7, speedKmh: 31.4, pass: true, filedKmh: SpeedText.filed(31.4, thresholdKmh: 30), expectedBytes: 100))
        #expect(run.path == root + "/2026-06-01/session-3/run-0007-31kmh-pass.mp4")
        try writeClip(run, bytes: 100, library: clips)
        let slow = try #require(clips.reserveRunClip(number: 8, speedKmh: 27.6, pass: false, filedKmh: SpeedText.filed(27.6, thresholdKmh: 30), expectedBytes: 100))
        #expect(slow.path.hasSuffix("/run-0008-28kmh-fail.mp4"))
        let first = try #require(clips.reserveHighlightClip(expectedBytes: 100))
        let second = try #require(clips.reserveHighlightClip(expectedBytes: 100))
        #expect(first.path.hasSuffix("session-3/highlight-0001.mp4"))
        #expect(second.path.hasSuffix("session-3/highlight-0002.mp4"))
        try writeClip(first, bytes: 50, library: clips)

        let data = try Data(contentsOf: URL(fileURLWithPath: root + "/2026-06-01/session-3/index.json"))
        let index = try JSONDecoder().decode(SessionClipIndex.self, from: data)
        #expect(index.date == "2026-06-01" && index.session == 3)
        #expect(index.clips.map(\.file) == ["run-0007-31kmh-pass.mp4", "highlight-0001.mp4"])
        #expect(index.clips[0].speedKmh == 31.4 && index.clips[0].verdict == "pass" && index.clips[0].bytes == 100)
        #expect(index.clips[1].kind == .highlight && index.clips[1].speedKmh == nil && !index.clips[1].favourite)
        let json = String(decoding: data, as: UTF8.self)
        #expect(json.contains("\"speed_kmh\"") && json.contains("\"favourite\""))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: root + "/2026-06-01/session-3")
        #expect(!leftovers.contains { $0.contains(".tmp") }, "the index is replaced by rename")
    }

    @Test func aReopenedLibraryContinuesTheSessionAndKeepsFavourites() throws {
        let root = makeTemporaryDirectory("clips-reopen")
        do {
            let clips = try library(root)
            try writeClip(try #require(clips.reserveHighlightClip(expectedBytes: 1)), bytes: 10, library: clips)
            #expect(try clips.setFavourite(true, file: "highlight-0001.mp4", session: session))
            #expect(try !clips.setFavourite(true, file: "nope.mp4", session: session))
        }
        let reopened = try library(root)
        #expect(reopened.currentIndex.clips.first?.favourite == true)
        let next = try #require(reopened.reserveHighlightClip(expectedBytes: 1))
        #expect(next.number == 2)
    }

    @Test func aNewSessionWritesToItsOwnDirectory() throws {
        let root = makeTemporaryDirectory("clips-session")
        let clips = try library(root)
        try clips.setSession(SessionID(date: "2026-06-02", number: 1))
        let run = try #require(clips.reserveRunClip(number: 1, speedKmh: 30, pass: true, filedKmh: SpeedText.filed(30, thresholdKmh: 30), expectedBytes: 1))
        #expect(run.path == root + "/2026-06-02/session-1/run-0001-30kmh-pass.mp4")
        #expect(clips.reserveHighlightClip(expectedBytes: 1)?.number == 1)
    }
}
