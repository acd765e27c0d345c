import Foundation
import GateSpeedCore
import GateSpeedPlatform
import Testing
import GateSpeedEvents
@testable import GateSpeedRecording
import GateSpeedTestSupport

/// What a crash or a bad file leaves in the clip folder never stops clips: a corrupt index is
/// set aside and rebuilt, complete `.partial` clips are kept, broken ones deleted.
@Suite struct ClipRecoveryTests {
    let session = SessionID(date: "2026-06-01", number: 1)
    let clock = JournalTestClock(Date(timeIntervalSince1970: 1_780_308_000))

    func library(_ root: String, probe: (@Sendable (String) -> Bool)? = nil, log: LogLines = LogLines()) throws -> ClipLibrary {
        try ClipLibrary(root: root, session: session,
                        storageGuard: StorageGuard(minimumFreeBytes: 0, freeBytes: { _ in nil }, log: log.log),
                        clock: clock.read, partialClipIsPlayable: probe)
    }

    func sessionDirectory(_ root: String) throws -> String {
        let directory = root + "/2026-06-01/session-1"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test func aCorruptCurrentIndexIsSetAsideRebuiltAndClipsGoOn() throws {
        let root = makeTemporaryDirectory("clips-corrupt")
        let directory = try sessionDirectory(root)
        try Data(repeating: 0x41, count: 3).write(to: URL(fileURLWithPath: directory + "/run-0001-31kmh-pass.mp4"))
        try Data(repeating: 0x42, count: 4).write(to: URL(fileURLWithPath: directory + "/highlight-0002.mp4"))
        try Data(#"{"date":"2026-06-01","session":1,"clips":[{"kind":"run""#.utf8)
            .write(to: URL(fileURLWithPath: directory + "/index.json"))
        let log = LogLines()
        // Before: the constructor threw EILSEQ and there were no clips for the whole session.
        let clips = try library(root, log: log)
        #expect(Set(clips.currentIndex.clips.map(\.file)) == ["run-0001-31kmh-pass.mp4", "highlight-0002.mp4"])
        #expect(clips.currentIndex.clips.first { $0.kind == .run }?.verdict == "pass")
        #expect(try String(contentsOfFile: directory + "/index.json.corrupt-1", encoding: .utf8).hasPrefix("{\"date\""))
        #expect(log.all.contains { $0.contains("index.json.corrupt-1") && $0.contains("rebuilt") })

        let next = try #require(clips.reserveHighlightClip(expectedBytes: 1))
        #expect(next.number == 3, "numbering continues after the clips found")
        try writeClip(next, bytes: 2, library: clips)
        let reread = try JSONDecoder().decode(SessionClipIndex.self,
                                              from: Data(contentsOf: URL(fileURLWithPath: directory + "/index.json")))
        #expect(reread.clips.count == 3)

        // A second corrupt index goes beside the first, never over it.
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: directory + "/index.json"))
        _ = try library(root)
        #expect(FileManager.default.fileExists(atPath: directory + "/index.json.corrupt-2"))
    }

    @Test func aCompletePartialClipIsKeptAndIndexedABrokenOneDeleted() throws {
        let root = makeTemporaryDirectory("clips-partial")
        let directory = try sessionDirectory(root)
        try Data("complete".utf8).write(to: URL(fileURLWithPath: directory + "/.run-0004-33kmh-pass.mp4.partial"))
        try Data("torn".utf8).write(to: URL(fileURLWithPath: directory + "/.highlight-0001.mp4.partial"))
        try Data("complete".utf8).write(to: URL(fileURLWithPath: directory + "/.notes.txt.partial"))
        try Data("{}".utf8).write(to: URL(fileURLWithPath: directory + "/index.json.tmp"))
        let probed = LogLines()
        let clips = try library(root, probe: { path in
            probed.sink(path)
            return (try? String(contentsOfFile: path, encoding: .utf8)) == "complete"
        })
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        // Before: every .partial was deleted, the complete run clip with them.
        #expect(names == ["index.json", "run-0004-33kmh-pass.mp4"])
        #expect(clips.currentIndex.clips.map(\.file) == ["run-0004-33kmh-pass.mp4"])
        #expect(clips.currentIndex.clips.first?.speedKmh == 33 && clips.currentIndex.clips.first?.bytes == 8)
        #expect(!probed.all.contains { $0.contains("notes") }, "only clip names are probed")
    }

    @Test func aPartialClipNeverReplacesAFinishedOne() throws {
        let root = makeTemporaryDirectory("clips-partial-taken")
        let directory = try sessionDirectory(root)
        try Data("final".utf8).write(to: URL(fileURLWithPath: directory + "/run-0001-30kmh-pass.mp4"))
        try Data("complete".utf8).write(to: URL(fileURLWithPath: directory + "/.run-0001-30kmh-pass.mp4.partial"))
        _ = try library(root, probe: { _ in true })
        #expect(try String(contentsOfFile: directory + "/run-0001-30kmh-pass.mp4", encoding: .utf8) == "final")
        #expect(!FileManager.default.fileExists(atPath: directory + "/.run-0001-30kmh-pass.mp4.partial"))
    }

    @Test func aRunClipCutAfterANewSessionBeganIsFiledInItsRunsSession() throws {
        let root = makeTemporaryDirectory("clips-postroll")
        let clips = try library(root)
        try clips.setSession(SessionID(date: "2026-06-01", number: 2))
        let late = try #require(clips.reserveRunClip(number: 1, speedKmh: 30, pass: true, filedKmh: SpeedText.filed(30, thresholdKmh: 30), expectedBytes: 1, session: session))
        #expect(late.path == root + "/2026-06-01/session-1/run-0001-30kmh-pass.mp4")
        try writeClip(late, bytes: 1, library: clips)
        #expect(clips.currentIndex.clips.isEmpty, "the new session does not list the old run")
        let own = try #require(clips.reserveRunClip(number: 1, speedKmh: 31, pass: true, filedKmh: SpeedText.filed(31, thresholdKmh: 30), expectedBytes: 1))
        #expect(own.path.contains("/session-2/"))
    }

    @Test func runNameFiguresNoCourseGivesAreClampedNotTrapped() throws {
        let clips = try library(makeTemporaryDirectory("clips-clamp"))
        #expect(clips.reserveRunClip(number: 1, speedKmh: 1e300, pass: true, filedKmh: SpeedText.filed(1e300, thresholdKmh: 30), expectedBytes: 1)?.path
            .hasSuffix("run-0001-9999kmh-pass.mp4") == true)
        #expect(clips.reserveRunClip(number: 2, speedKmh: .nan, pass: false, filedKmh: SpeedText.filed(.nan, thresholdKmh: 30), expectedBytes: 1)?.path
            .hasSuffix("run-0002-0kmh-fail.mp4") == true)
        #expect(ClipFileName(parsing: "run-0002-0kmh-fail.mp4") == ClipFileName(kind: .run, number: 2, roundedKmh: 0, pass: false))
        #expect(ClipFileName(parsing: "run-99999999999999999999-1kmh-pass.mp4") == nil)
        #expect(ClipFileName(parsing: "highlight-0000.mp4") == nil)
    }
}
