import GateSpeedPlatform
import AllocationCounting
import Foundation
import GateSpeedFrames
import GateSpeedLiveView
import Synchronization

/// What the live view costs the frame loop with 0, 1 and 3 viewers: `LiveView.offer` as the
/// frame loop calls it, on colour frames held in memory, at the real cadence (30 fps: the
/// bench sleeps, untimed, until each frame's time), while viewer threads pull JPEGs as
/// `/live.mjpeg` clients would. Also what the encoding thread spends per JPEG.
enum LiveViewBench {
    static let description = "live view: LiveView.offer on the frame loop at 30 fps, with 0, 1 and 3 viewers"
        + " (a copy into its buffer 4 times a second while someone watches; the JPEG is made on its own thread)"
    static let header = "size      viewers  skip_med_us  copy_med_us  copy_max_us  copies  jpegs  encode_ms  jpeg_kb  loop allocations"
    /// Back-to-back calls with nobody watching, for the per-call cost without the sleeps' cold caches.
    static let idleCalls = 1_000_000
    /// Frames per measurement: 3 s at 30 fps.
    static let frames = 90

    struct Measurement {
        var width: Int, height: Int, viewers: Int
        /// Frames the live view skipped (nobody watching, or not yet its time) and frames it copied.
        var skipped: DurationSummary?
        var copies: DurationSummary?
        var copyMaximum = 0.0
        /// With nobody watching: nanoseconds per call over `idleCalls` back-to-back calls.
        var idleNanoseconds: Double?
        var statistics = LiveViewStatistics(copied: 0, encoded: 0, encodeSeconds: 0, encodeFailures: 0)
        var jpegBytes = 0
        var allocations: Int?
    }

    /// One measurement per viewer count, on `store`'s frames.
    static func measure(_ store: FrameStore, viewers: Int, clockCost: Double, countAllocations: Bool) -> Measurement {
        let view = LiveView(width: store.width, height: store.height, framesPerSecond: 4,
                            posts: LivePosts(viewX: [0.1, 0.3, 0.5, 0.7, 0.9], geometry: .identity))
        view.start()
        let shared = ViewerFlags()
        let done = DispatchSemaphore(value: 0)
        for _ in 0..<viewers {
            view.beginWatching()
            let thread = Thread {
                var sequence: UInt64 = 0
                while !shared.stop.load(ordering: .relaxed) {
                    if let jpeg = view.nextJPEG(after: sequence, timeoutSeconds: 0.2) {
                        sequence = jpeg.sequence
                        shared.lastSize.store(jpeg.bytes.count, ordering: .relaxed)
                    }
                }
                done.signal()
            }
            thread.start()
        }
        var skipped: [Double] = [], copies: [Double] = []
        skipped.reserveCapacity(store.count)
        copies.reserveCapacity(store.count)
        var measurement = Measurement(width: store.width, height: store.height, viewers: viewers)
        let start = MonotonicClock.nanoseconds()
        if countAllocations { AllocationCounter.start() }
        let before = AllocationCounter.count
        store.forEachFrame { index, frame in
            let due = start &+ UInt64(index) * 33_333_333
            let now = MonotonicClock.nanoseconds()
            if due > now { usleep(UInt32(min(100_000, (due - now) / 1000))) }
            let copiedBefore = view.copiedFrames
            let began = MonotonicClock.nanoseconds()
            view.offer(frame, now: Double(index) / 30)
            let spent = max(0, Double(MonotonicClock.nanoseconds() &- began) - clockCost) / 1000
            if view.copiedFrames != copiedBefore { copies.append(spent) } else { skipped.append(spent) }
        }
        if viewers == 0 {
            var calls = 0
            let began = MonotonicClock.nanoseconds()
            store.forEachFrame { _, frame in
                for _ in 0..<(idleCalls / max(1, store.count)) {
                    view.offer(frame, now: 0)
                    calls += 1
                }
            }
            measurement.idleNanoseconds = Double(MonotonicClock.nanoseconds() &- began) / Double(max(1, calls))
        }
        if countAllocations { measurement.allocations = AllocationCounter.count - before }
        AllocationCounter.stop()
        shared.stop.store(true, ordering: .relaxed)
        for _ in 0..<viewers { done.wait(); view.endWatching() }
        view.stop()
        measurement.skipped = DurationSummary(skipped)
        measurement.copies = DurationSummary(copies)
        measurement.copyMaximum = copies.max() ?? 0
        measurement.statistics = view.statistics
        measurement.jpegBytes = shared.lastSize.load(ordering: .relaxed)
        return measurement
    }

    static func line(_ m: Measurement, allocationProblem: String?) -> String {
        func column(_ text: String, _ width: Int) -> String {
            text.count >= width ? " " + text : String(repeating: " ", count: width - text.count) + text
        }
        let size = "\(m.width)x\(m.height)"
        var text = size + String(repeating: " ", count: max(1, 10 - size.count)) + column("\(m.viewers)", 7)
        let encodeMs = m.statistics.encoded > 0 ? m.statistics.encodeSeconds / Double(m.statistics.encoded) * 1000 : 0
        text += column(m.skipped.map { BenchReport.fixed($0.median, 2) } ?? "-", 13)
            + column(m.copies.map { BenchReport.fixed($0.median, 1) } ?? "-", 13)
            + column(m.copies == nil ? "-" : BenchReport.fixed(m.copyMaximum, 1), 13) + column("\(m.statistics.copied)", 8)
            + column("\(m.statistics.encoded)", 7) + column(BenchReport.fixed(encodeMs, 2), 11)
            + column(BenchReport.fixed(Double(m.jpegBytes) / 1024, 1), 9)
        let allocations = allocationProblem.map { "not measurable (\($0))" } ?? m.allocations.map { "\($0)" } ?? "not counted"
        let idle = m.idleNanoseconds.map { "; nobody watching, back to back: \(BenchReport.fixed($0, 2)) ns per call" } ?? ""
        return text + "  " + allocations + idle
    }
}

/// What the bench's viewer threads share with it.
private final class ViewerFlags: Sendable {
    let stop = Atomic<Bool>(false)
    let lastSize = Atomic<Int>(0)
}
