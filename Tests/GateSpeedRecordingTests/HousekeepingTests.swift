import FFmpegMedia
import Foundation
import GateSpeedFrames
import GateSpeedPlatform
import GateSpeedEvents
import Synchronization
import Testing
@testable import GateSpeedRecording

/// Issue 13, defect 4: deleting old clips for space must not hold up the encoder, whose frames
/// are the next rider's pre-roll. The disk here is slow on purpose: the first free-space check
/// blocks until the test has seen the recorder encode on (or gives up after a minute).
@Suite(.serialized) struct HousekeepingTests {
    /// A free-space probe whose first answer ("too little") waits to be released.
    final class SlowDisk: @unchecked Sendable {
        let busy = Atomic<Bool>(false)
        let released = Atomic<Bool>(false)
        private let calls = Atomic<Int>(0)

        func freeBytes(_ path: String) -> UInt64? {
            guard calls.add(1, ordering: .relaxed).newValue == 1 else { return 1 << 40 }
            busy.store(true, ordering: .releasing)
            let deadline = MonotonicClock.seconds() + 60
            while !released.load(ordering: .acquiring) && MonotonicClock.seconds() < deadline {
                MonotonicClock.sleep(seconds: 0.002)
            }
            return 0
        }
    }

    static let width = 160, height = 120

    /// Three old clips of an earlier session, for the housekeeping to delete.
    static func fileOldClips(root: String) throws {
        let old = try ClipLibrary(root: root, session: SessionID(date: "2026-05-01", number: 1),
                                  storageGuard: StorageGuard(minimumFreeBytes: 0, log: .silent))
        for number in 1...3 {
            let reservation = try #require(old.reserveRunClip(number: number, speedKmh: 31, pass: true, filedKmh: 31,
                                                              expectedBytes: 10))
            try Data("old clip".utf8).write(to: URL(fileURLWithPath: reservation.path))
            try old.commit(reservation)
        }
    }

    /// Waits (bounded) until the recorder has encoded `count` frames.
    static func waitForEncoded(_ recorder: Recorder, _ count: Int, until deadline: Double) {
        while recorder.statistics.encoded < count && MonotonicClock.seconds() < deadline {
            MonotonicClock.sleep(seconds: 0.002)
        }
    }

    @Test func noFramesAreDroppedWhileOldClipsAreDeleted() throws {
        let root = temporaryDirectory("housekeeping")
        try Self.fileOldClips(root: root)
        let disk = SlowDisk()
        let library = try ClipLibrary(root: root, session: SessionID(date: "2026-06-01", number: 1),
                                      storageGuard: StorageGuard(minimumFreeBytes: 1_000, freeBytes: { disk.freeBytes($0) },
                                                                 log: .silent))
        var encoder = EncoderSettings(width: Self.width, height: Self.height)
        encoder.preferHardware = false
        encoder.preset = "ultrafast"
        encoder.keyframeIntervalSeconds = 1
        let timing = ClipTiming(preRoll: 0.5, postRoll: 0.5)
        let reports = ClipReports()
        let recorder = try Recorder(settings: RecorderSettings(encoder: encoder, timing: timing, drawOverlay: false),
                                    library: library, onClip: reports.sink, log: .silent)
        recorder.start()
        var image = I420Image(width: Self.width, height: Self.height)
        var submitted = 0
        var requested = false
        var during = 0
        // 30 fps: until the clip is cut and the housekeeping begins, then more frames than the
        // hand-over holds, each once the previous one was encoded (waiting at most 3 s: a
        // recorder held up by the housekeeping never encodes it, and the hand-over overflows).
        for t in cameraTimes(from: 0, to: 8) {
            image.timestamp = t
            let busy = disk.busy.load(ordering: .acquiring)
            // The frames so far were handed over as fast as the recorder took them: let it catch up.
            if busy { Self.waitForEncoded(recorder, submitted, until: MonotonicClock.seconds() + 3) }
            image.withVideoFrame { _ = recorder.submit($0, overlay: OverlayState(), waitForRoom: !busy) }
            submitted += 1
            if busy {
                during += 1
                if during >= recorder.settings.frameBuffers + 2 { break }
            }
            if t >= 2.05 && !requested {
                recorder.requestRunClip(RunClipRequest(number: 1, startTime: 1, finishTime: 2, speedKmh: 40, pass: true,
                                                       thresholdKmh: 30))
                requested = true
            }
        }
        disk.released.store(true, ordering: .releasing)
        recorder.stop()
        #expect(during >= recorder.settings.frameBuffers + 2, "the housekeeping never began")
        #expect(recorder.statistics.dropped == 0, "frames were dropped while old clips were deleted")
        #expect(reports.all.count == 1)
        #expect(!FileManager.default.fileExists(atPath: root + "/2026-05-01/session-1/run-0001-31kmh-pass.mp4"))
    }
}
