import GateSpeedVision
import GateSpeedPlatform

/// A stage probe that reads the clock as each stage of a frame ends and keeps, per frame, how
/// long each stage took (nanoseconds, one clock read included) in storage sized up front.
///
/// A stage's time runs from the previous stage's end (or the frame's start) to its own end.
/// Stages a frame does not reach (components and tracking while calibrating, for example) are
/// marked as not run for that frame rather than counted as zero.
struct StageTimingProbe: StageProbe {
    static let stageCount = FrameStage.allCases.count

    /// `frameCapacity` x `stageCount` durations, frame-major, nanoseconds.
    private(set) var durations: [UInt64]
    /// Per frame, bit `stage.rawValue` set when that stage ended in the frame.
    private(set) var stagesRun: [UInt8]
    private var frame = 0
    private var last: UInt64 = 0

    init(frameCapacity: Int) {
        durations = [UInt64](repeating: 0, count: frameCapacity * Self.stageCount)
        stagesRun = [UInt8](repeating: 0, count: frameCapacity)
    }

    /// Starts frame `index` (0-based over the whole run) now.
    @inline(__always)
    mutating func beginFrame(_ index: Int) {
        frame = index
        last = MonotonicClock.nanoseconds()
    }

    @inline(__always)
    mutating func stageEnded(_ stage: FrameStage) {
        let now = MonotonicClock.nanoseconds()
        durations[frame * Self.stageCount + stage.rawValue] &+= now &- last
        stagesRun[frame] |= 1 << UInt8(stage.rawValue)
        last = now
    }

    /// Nanoseconds `stage` took in frame `index`, or nil when the frame did not reach it.
    func duration(of stage: FrameStage, frame index: Int) -> UInt64? {
        guard stagesRun[index] & (1 << UInt8(stage.rawValue)) != 0 else { return nil }
        return durations[index * Self.stageCount + stage.rawValue]
    }
}
