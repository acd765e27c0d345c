import Foundation
import GateSpeedCore
import Testing
import GateSpeedEvents
@testable import GateSpeedRecording
import GateSpeedPlatform
import GateSpeedTestSupport

/// Names read from the clip folder (a crafted `index.json`, linked folders) never reach
/// anything outside it: nothing there is deleted, written or read.
@Suite struct PathConfinementTests {
    let session = SessionID(date: "2026-06-01", number: 1)
    let clock = JournalTestClock(Date(timeIntervalSince1970: 1_780_308_000))

    /// A clips root and, beside it, a folder of files that must survive.
    func layout(_ name: String) throws -> (root: String, outside: String) {
        let base = makeTemporaryDirectory(name)
        let root = base + "/clips", outside = base + "/victim"
        try FileManager.default.createDirectory(atPath: root + "/2026-06-01/session-1", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try Data("precious".utf8).write(to: URL(fileURLWithPath: outside + "/victim.txt"))
        return (root, outside)
    }

    func writeIndex(_ json: String, at directory: String) throws {
        try Data(json.utf8).write(to: URL(fileURLWithPath: directory + "/index.json"))
    }

    func entry(_ file: String, time: String = "2026-01-01T00:00:00Z", number: Int = 1) -> String {
        #"{"kind":"run","number":\#(number),"time":"\#(time)","speed_kmh":30,"verdict":"pass","file":"\#(file)","favourite":false,"bytes":10}"#
    }

    /// A library on a disk that is always short of space: every reservation deletes what it can.
    func hungryLibrary(_ root: String, log: LogLines) throws -> ClipLibrary {
        let disk = TinyDisk(root: root, capacity: 0)
        return try ClipLibrary(root: root, session: SessionID(date: "2026-06-02", number: 1),
                               storageGuard: StorageGuard(minimumFreeBytes: 1, freeBytes: disk.freeBytes, log: log.log),
                               clock: clock.read)
    }

    @Test func aCraftedIndexEntryNeverDeletesOutsideTheFolder() throws {
        let (root, outside) = try layout("confine-dotdot")
        let sessionDirectory = root + "/2026-06-01/session-1"
        try FileManager.default.createSymbolicLink(atPath: sessionDirectory + "/run-0002-30kmh-pass.mp4",
                                                   withDestinationPath: outside + "/victim.txt")
        try writeIndex(#"{"date":"2026-06-01","session":1,"clips":["#
                       + [entry("../../../../victim.txt"), entry("../../../victim/victim.txt"),
                          entry(outside + "/victim.txt"), entry("run-0002-30kmh-pass.mp4", number: 2)]
                           .joined(separator: ",") + "]}", at: sessionDirectory)
        let log = LogLines()
        let clips = try hungryLibrary(root, log: log)
        // Before: the guard unlinked ROOT/2026-06-01/session-1/../../../victim/victim.txt.
        #expect(clips.reserveHighlightClip(expectedBytes: 1) == nil, "nothing of ours left to delete")
        #expect(try String(contentsOfFile: outside + "/victim.txt", encoding: .utf8) == "precious")
        #expect(!FileManager.default.fileExists(atPath: sessionDirectory + "/run-0002-30kmh-pass.mp4"),
                "the link inside the folder may go, never what it points to")
        #expect(log.all.contains { $0.contains("dropped 3 entries") && $0.contains("absolute path") })
        #expect(FileManager.default.fileExists(atPath: sessionDirectory + "/index.json.corrupt-1"), "the evidence is kept")
    }

    @Test func aSessionFolderThatIsALinkIsNeverEntered() throws {
        let (root, outside) = try layout("confine-link")
        try FileManager.default.createDirectory(atPath: outside + "/session-1", withIntermediateDirectories: true)
        try Data("x".utf8).write(to: URL(fileURLWithPath: outside + "/session-1/run-0001-30kmh-pass.mp4"))
        try writeIndex(#"{"date":"2026-05-31","session":1,"clips":["# + entry("run-0001-30kmh-pass.mp4") + "]}",
                       at: outside + "/session-1")
        try FileManager.default.createSymbolicLink(atPath: root + "/2026-05-31", withDestinationPath: outside)
        let clips = try hungryLibrary(root, log: LogLines())
        #expect(clips.reserveHighlightClip(expectedBytes: 1) == nil)
        #expect(FileManager.default.fileExists(atPath: outside + "/session-1/run-0001-30kmh-pass.mp4"))
    }

    @Test func anIndexClaimingAnotherFolderIsFiledWhereItWasFound() throws {
        let (root, outside) = try layout("confine-claim")
        let sessionDirectory = root + "/2026-06-01/session-1"
        try Data("x".utf8).write(to: URL(fileURLWithPath: sessionDirectory + "/run-0001-30kmh-pass.mp4"))
        try writeIndex(#"{"date":"../victim","session":1,"clips":["# + entry("run-0001-30kmh-pass.mp4") + "]}",
                       at: sessionDirectory)
        let clips = try ClipLibrary(root: root, session: session,
                                    storageGuard: StorageGuard(minimumFreeBytes: 0, freeBytes: { _ in nil }, log: .silent),
                                    clock: clock.read)
        #expect(clips.currentIndex.date == "2026-06-01" && clips.currentIndex.clips.count == 1)
        try clips.setFavourite(true, file: "run-0001-30kmh-pass.mp4", session: session)
        let names = try FileManager.default.contentsOfDirectory(atPath: outside)
        #expect(names == ["victim.txt"], "nothing was written outside")
    }

    @Test func aLinkPlantedAtTheTemporaryIndexNameIsNotWrittenThrough() throws {
        let (root, outside) = try layout("confine-tmp")
        let clips = try ClipLibrary(root: root, session: session,
                                    storageGuard: StorageGuard(minimumFreeBytes: 0, freeBytes: { _ in nil }, log: .silent),
                                    clock: clock.read)
        try FileManager.default.createSymbolicLink(atPath: root + "/2026-06-01/session-1/index.json.tmp",
                                                   withDestinationPath: outside + "/victim.txt")
        let run = try #require(clips.reserveRunClip(number: 1, speedKmh: 30, pass: true, filedKmh: SpeedText.filed(30, thresholdKmh: 30), expectedBytes: 1))
        try writeClip(run, bytes: 5, library: clips)
        #expect(try String(contentsOfFile: outside + "/victim.txt", encoding: .utf8) == "precious")
        #expect(clips.currentIndex.clips.count == 1)
    }

    @Test func aLinkedIndexFileIsNotReadButSetAside() throws {
        let (root, outside) = try layout("confine-read")
        try FileManager.default.createSymbolicLink(atPath: root + "/2026-06-01/session-1/index.json",
                                                   withDestinationPath: outside + "/victim.txt")
        let clips = try ClipLibrary(root: root, session: session,
                                    storageGuard: StorageGuard(minimumFreeBytes: 0, freeBytes: { _ in nil }, log: .silent),
                                    clock: clock.read)
        #expect(clips.currentIndex.clips.isEmpty)
        #expect(try String(contentsOfFile: outside + "/victim.txt", encoding: .utf8) == "precious")
    }

    @Test func entryNamesArePlainNamesOnly() {
        #expect(ConfinedDirectory.problem(withName: "run-0001-30kmh-pass.mp4") == nil)
        #expect(ConfinedDirectory.problem(withName: "..") != nil)
        #expect(ConfinedDirectory.problem(withName: ".") != nil)
        #expect(ConfinedDirectory.problem(withName: "") != nil)
        #expect(ConfinedDirectory.problem(withName: "/etc/passwd")?.contains("absolute") == true)
        #expect(ConfinedDirectory.problem(withName: "a/../../b") != nil)
        #expect(ConfinedDirectory.problem(withName: "nul\u{0}byte") != nil)
        #expect(ConfinedDirectory.problem(withName: String(repeating: "x", count: 256)) != nil)
        #expect(ClipEntry(kind: .run, number: 1, time: "", speedKmh: 1, verdict: nil, file: "index.json", bytes: 1)
            .problem != nil, "only clip names are clips")
        #expect(ClipEntry(kind: .run, number: Int.max, time: "", speedKmh: 1, verdict: nil,
                          file: "run-0001-1kmh-pass.mp4", bytes: 1).problem != nil)
    }
}
