import FFmpegMedia
import Foundation
import GateSpeedFrames
import GateSpeedEvents
import GateSpeedPlatform
import Testing
@testable import GateSpeedRecording

/// Real clips through the recorder and the probe: a run finished before a new session still
/// goes to its own session; a complete `.partial` a kill left is kept, a torn one is not.
@Suite(.serialized) struct ClipKeepingTests {
    let first = SessionID(date: "2026-06-01", number: 1)
    let second = SessionID(date: "2026-06-01", number: 2)

    func makeRecorder(root: String, reports: ClipReports) throws -> (Recorder, ClipLibrary) {
        let library = try ClipLibrary(root: root, session: first, storageGuard: StorageGuard(minimumFreeBytes: 0, log: .silent))
        var encoder = EncoderSettings(width: SyntheticRide.width, height: SyntheticRide.height)
        encoder.preferHardware = false
        encoder.preset = "ultrafast"
        encoder.keyframeIntervalSeconds = 1
        let recorder = try Recorder(settings: RecorderSettings(encoder: encoder), library: library,
                                    onClip: reports.sink, log: .silent)
        return (recorder, library)
    }

    /// A ride from 1 s to 3 s, its run clip requested at the finish and a new session
    /// begun during the post-roll (3 … 6 s).
    func recordRunAcrossANewSession(root: String) throws -> (ClipReports, ClipLibrary) {
        let reports = ClipReports()
        let (recorder, library) = try makeRecorder(root: root, reports: reports)
        recorder.start()
        let ride = SyntheticRide(start: 1, finish: 3)
        var image = I420Image(width: SyntheticRide.width, height: SyntheticRide.height)
        var requested = false, switched = false
        for t in cameraTimes(from: 0, to: 7) {
            ride.render(at: t, into: &image)
            image.withVideoFrame { _ = recorder.submit($0, overlay: OverlayState(), waitForRoom: true) }
            if t >= 3.05 && !requested {
                recorder.requestRunClip(RunClipRequest(number: 1, startTime: 1, finishTime: 3, speedKmh: 50.4, pass: true, thresholdKmh: 30))
                requested = true
            }
            if t >= 4 && !switched {
                try recorder.setSession(second)   // the new-session command, in the post-roll
                switched = true
            }
        }
        recorder.stop()
        return (reports, library)
    }

    @Test func aRunClipStaysInItsSessionWhenANewOneBeginsDuringThePostRoll() throws {
        let root = temporaryDirectory("keep-session")
        let (reports, library) = try recordRunAcrossANewSession(root: root)
        try #require(reports.all.count == 1)
        // Before: filed under session-2, where the next session's own run 1 then collided with it.
        #expect(reports.all[0].path == root + "/2026-06-01/session-1/run-0001-50kmh-pass.mp4")
        #expect(library.session == second && library.currentIndex.clips.isEmpty)
        let old = try JSONDecoder().decode(SessionClipIndex.self, from: Data(contentsOf:
            URL(fileURLWithPath: root + "/2026-06-01/session-1/index.json")))
        #expect(old.clips.map(\.number) == [1])
    }

    @Test func aCompletePartialIsKeptATornOneDeleted() throws {
        let source = temporaryDirectory("keep-source")
        let (reports, _) = try recordRunAcrossANewSession(root: source)
        let clip = try #require(reports.all.first?.path)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: clip))

        // What a kill -9 leaves: one clip killed after its last write (before the rename),
        // one killed half-way through the mux.
        let root = temporaryDirectory("keep-partial")
        let directory = root + "/2026-06-01/session-1"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try bytes.write(to: URL(fileURLWithPath: directory + "/.run-0003-50kmh-pass.mp4.partial"))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: directory + "/.run-0004-50kmh-pass.mp4.partial"))
        #expect(ClipProbe.isPlayable(directory + "/.run-0003-50kmh-pass.mp4.partial"))
        #expect(!ClipProbe.isPlayable(directory + "/.run-0004-50kmh-pass.mp4.partial"))
        for cut in [1, 100, bytes.count / 10, bytes.count - 8] {
            let torn = directory + "/torn-\(cut).bin"
            try bytes.dropLast(cut).write(to: URL(fileURLWithPath: torn))
            #expect(!ClipProbe.isPlayable(torn), "\(cut) bytes short")
            try FileManager.default.removeItem(atPath: torn)
        }

        let library = try ClipLibrary(root: root, session: first, storageGuard: StorageGuard(minimumFreeBytes: 0, log: .silent),
                                      partialClipIsPlayable: ClipProbe.isPlayable)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        // Before: both were deleted.
        #expect(names == ["index.json", "run-0003-50kmh-pass.mp4"])
        #expect(library.currentIndex.clips.map(\.file) == ["run-0003-50kmh-pass.mp4"])
        let (frames, statistics) = try decodeAll(directory + "/run-0003-50kmh-pass.mp4")
        #expect(statistics.corrupt == 0 && frames.count > 60)
    }
}
