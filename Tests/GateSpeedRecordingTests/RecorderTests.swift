import FFmpegMedia
import Foundation
import GateSpeedFrames
import GateSpeedEvents
import Synchronization
import GateSpeedPlatform
import Testing
@testable import GateSpeedRecording

@Suite(.serialized) struct RecorderTests {
    let session = SessionID(date: "2026-06-01", number: 1)

    func makeRecorder(root: String, reports: ClipReports, frameBuffers: Int = 4,
                      storageGuard: StorageGuard = StorageGuard(minimumFreeBytes: 0, log: .silent))
        throws -> (Recorder, ClipLibrary) {
        let library = try ClipLibrary(root: root, session: session, storageGuard: storageGuard)
        var encoder = EncoderSettings(width: SyntheticRide.width, height: SyntheticRide.height)
        encoder.preferHardware = false
        encoder.preset = "ultrafast"
        encoder.crf = 20
        encoder.keyframeIntervalSeconds = 1
        let recorder = try Recorder(settings: RecorderSettings(encoder: encoder, frameBuffers: frameBuffers),
                                    library: library, onClip: reports.sink, log: .silent)
        return (recorder, library)
    }

    /// Feeds frames like a file source that waits for the recorder (no drops), so the
    /// test does not depend on machine speed.
    func feed(_ recorder: Recorder, _ image: I420Image, _ overlay: OverlayState) {
        image.withVideoFrame { _ = recorder.submit($0, overlay: overlay, waitForRoom: true) }
    }

    @Test func aValidRunAndAHighlightBecomeClipsThatDecodeWithTheOverlay() throws {
        let root = temporaryDirectory("recorder")
        let reports = ClipReports()
        let (recorder, library) = try makeRecorder(root: root, reports: reports)
        recorder.start()
        let ride = SyntheticRide(start: 103, finish: 106)
        let speed = 28.0 / 3 * 3.6
        let scoreboard = OverlayState.Scoreboard(runs: 1, passes: 1, averageKmh: speed)
        var image = I420Image(width: SyntheticRide.width, height: SyntheticRide.height)
        var runRequested = false, highlightAccepted: [Bool] = []
        for t in cameraTimes(from: 100, to: 112.2) {
            ride.render(at: t, into: &image)
            feed(recorder, image, ride.overlay(at: t, speedKmh: speed, scoreboard: scoreboard))
            if t >= 106.1 && !runRequested {
                // The service asks for the run's clip once the result is announced.
                recorder.requestRunClip(RunClipRequest(number: 1, startTime: 103, finishTime: 106,
                                                       speedKmh: speed, pass: true, thresholdKmh: 30))
                runRequested = true
            }
            if t >= 111.5 && highlightAccepted.isEmpty {
                highlightAccepted.append(recorder.requestHighlight(at: 111.5))
                highlightAccepted.append(recorder.requestHighlight())  // the double press
            }
        }
        recorder.stop()
        #expect(highlightAccepted == [true, false])

        let clips = reports.all.sorted { $0.kind.rawValue > $1.kind.rawValue }
        try #require(clips.count == 2)
        let run = clips[0], highlight = clips[1]
        #expect(run.kind == .run && run.path == root + "/2026-06-01/session-1/run-0001-34kmh-pass.mp4")
        #expect(highlight.kind == .highlight && highlight.path.hasSuffix("/highlight-0001.mp4"))
        #expect(library.currentIndex.clips.count == 2)
        let fed = cameraTimes(from: 100, to: 112.2).count
        #expect(recorder.statistics.encoded == fed, "every frame encoded (the test source waits)")
        #expect(recorder.statistics.dropped == 0 && recorder.statistics.submitted == fed)
        #expect(recorder.statistics.clipsWritten == 2 && recorder.statistics.clipsSkipped == 0)

        for clip in clips {
            // The file starts at the keyframe at or before the asked start, at most one
            // keyframe interval early, and ends at the asked end.
            #expect(clip.firstFrameTime <= clip.from + 1e-6)
            #expect(clip.from - clip.firstFrameTime <= 1.0 + 1e-6)
            #expect(clip.to - clip.lastFrameTime < 0.1)
            let (frames, statistics) = try decodeAll(clip.path)
            #expect(statistics.corrupt == 0, "the first frame is a keyframe: nothing undecodable")
            let duration = (frames.last?.timestamp ?? 0) - (frames.first?.timestamp ?? 0)
            #expect(abs(duration - (clip.to - clip.from)) <= 1.0 + 1.0 / 15, "\(clip.kind) duration \(duration)")
            #expect(abs(Double(frames.count) - duration * 30) < 4)
        }

        // Overlay in the run clip: sample at the post lines (between the pill and the rider).
        let (frames, _) = try decodeAll(run.path)
        if let keep = ProcessInfo.processInfo.environment["GATESPEED_KEEP_CLIP"] {
            try? FileManager.default.copyItem(atPath: run.path, toPath: keep)
        }
        let renderer = try OverlayRenderer(width: SyntheticRide.width, height: SyntheticRide.height)
        let postState = OverlayState(postXs: SyntheticRide.posts)
        func frame(at cameraTime: Double) -> I420Image? {
            frames.min { abs($0.timestamp + run.firstFrameTime - cameraTime) < abs($1.timestamp + run.firstFrameTime - cameraTime) }
        }
        let sampleY = 250  // below the result panel, above the rider
        func isLit(_ image: I420Image, _ post: Int) -> Bool {
            let x = renderer.postX(postState, post)
            return image.cr(x, sampleY) < 95 && image.luma(x, sampleY) > 110
        }
        func isDim(_ image: I420Image, _ post: Int) -> Bool {
            let x = renderer.postX(postState, post)
            return abs(image.cr(x, sampleY) - 128) < 12 && image.luma(x, sampleY) > 80 && image.luma(x + 12, sampleY) < 75
        }
        let before = try #require(frame(at: 102))
        #expect((0..<5).allSatisfy { isDim(before, $0) }, "all posts dim before the start")
        let middle = try #require(frame(at: ride.crossingTime(post: 2) + 0.2))
        #expect((0..<3).allSatisfy { isLit(middle, $0) } && (3..<5).allSatisfy { isDim(middle, $0) },
                "the first three posts lit after their crossings")
        let after = try #require(frame(at: 107))
        #expect((0..<5).allSatisfy { isLit(after, $0) })
        // The result panel (white speed, green PASS) from the finish on, not before.
        let panelX = 200..<440, panelY = 96..<240
        #expect(after.count(x: panelX, y: panelY) { y, _, _ in y > 200 } > 200)
        #expect(after.count(x: panelX, y: panelY) { _, _, cr in cr < 90 } > 40)
        #expect(middle.count(x: panelX, y: panelY) { _, _, cr in cr < 90 } == 0)
    }

    @Test func aRecorderThatCannotKeepUpDropsAndCountsFrames() throws {
        let root = temporaryDirectory("recorder-drops")
        let reports = ClipReports()
        let (recorder, _) = try makeRecorder(root: root, reports: reports, frameBuffers: 2)
        recorder.start()
        var image = I420Image(width: SyntheticRide.width, height: SyntheticRide.height)
        let ride = SyntheticRide(start: 1, finish: 4)
        ride.render(at: 0, into: &image)
        var accepted = 0
        // A burst far faster than any encoder: the frame loop never waits.
        for index in 0..<300 {
            image.timestamp = Double(index) / 30
            if image.withVideoFrame({ recorder.submit($0, overlay: OverlayState()) }) { accepted += 1 }
        }
        recorder.stop()
        let statistics = recorder.statistics
        #expect(statistics.submitted == 300)
        #expect(statistics.dropped > 0, "a burst of 300 frames into 2 buffers must drop")
        #expect(statistics.dropped + accepted == 300)
        #expect(statistics.encoded == accepted)
        #expect(!image.withVideoFrame { recorder.submit($0, overlay: OverlayState()) }, "no frames after stop")
    }

    @Test func framesOfTheWrongSizeAreDroppedNotFatal() throws {
        let (recorder, _) = try makeRecorder(root: temporaryDirectory("recorder-size"), reports: ClipReports())
        recorder.start()
        let small = I420Image(width: 320, height: 240)
        for _ in 0..<10 { _ = small.withVideoFrame { recorder.submit($0, overlay: OverlayState()) } }
        recorder.stop()
        #expect(recorder.statistics.dropped == 10 && recorder.statistics.encoded == 0)
    }

    @Test func stopWritesAPendingRunClipWithTheFootageThereIs() throws {
        let root = temporaryDirectory("recorder-stop")
        let reports = ClipReports()
        let (recorder, _) = try makeRecorder(root: root, reports: reports)
        recorder.start()
        let ride = SyntheticRide(start: 1, finish: 3)
        var image = I420Image(width: SyntheticRide.width, height: SyntheticRide.height)
        let scoreboard = OverlayState.Scoreboard(runs: 0, passes: 0, averageKmh: 0)
        for t in cameraTimes(from: 0, to: 4) {
            ride.render(at: t, into: &image)
            feed(recorder, image, ride.overlay(at: t, speedKmh: 50.4, scoreboard: scoreboard))
        }
        // The post-roll would end at 6 s; the service stops at 4 s.
        recorder.requestRunClip(RunClipRequest(number: 2, startTime: 1, finishTime: 3, speedKmh: 50.4, pass: true, thresholdKmh: 30))
        recorder.stop()
        let clips = reports.all
        try #require(clips.count == 1)
        #expect(clips[0].path.hasSuffix("run-0002-50kmh-pass.mp4"))
        #expect(clips[0].lastFrameTime > 3.8 && abs(clips[0].firstFrameTime) < 0.01, "from the first frame (pre-roll cut short by the recording start)")
        let (frames, statistics) = try decodeAll(clips[0].path)
        #expect(statistics.corrupt == 0 && frames.count > 100)
    }

    @Test func withoutSpaceClipsAreSkippedAndRecordingGoesOn() throws {
        let log = LogCollector()
        let storageGuard = StorageGuard(minimumFreeBytes: 500_000_000, freeBytes: { _ in 1_000 }, log: log.log)
        let reports = ClipReports()
        let root = temporaryDirectory("recorder-full")
        let (recorder, library) = try makeRecorder(root: root, reports: reports, storageGuard: storageGuard)
        recorder.start()
        var image = I420Image(width: SyntheticRide.width, height: SyntheticRide.height)
        let ride = SyntheticRide(start: 1, finish: 2)
        let times = cameraTimes(from: 0, to: 2.5)
        for t in times {
            ride.render(at: t, into: &image)
            feed(recorder, image, OverlayState())
        }
        let accepted = recorder.requestHighlight(at: 2.4)
        recorder.stop()
        #expect(accepted, "the highlight is marked even though it cannot be saved")
        #expect(reports.all.isEmpty && library.currentIndex.clips.isEmpty)
        #expect(library.clipsSuspended)
        #expect(recorder.statistics.clipsSkipped == 1 && recorder.statistics.encoded == times.count)
        #expect(log.lines.contains { $0.contains("clips suspended") })
    }
}

/// Collects log lines.
final class LogCollector: Sendable {
    private let collected = Mutex<[String]>([])
    var sink: @Sendable (String) -> Void { { line in self.collected.withLock { $0.append(line) } } }
    var lines: [String] { collected.withLock { $0 } }
    /// A typed log (every level) whose finished lines, with their level marks, land here.
    var log: Log { Log(level: .debug, style: .plain, write: sink) }
}
