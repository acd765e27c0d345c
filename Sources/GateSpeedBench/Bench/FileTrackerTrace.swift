import FFmpegMedia
import GateSpeedCore
import GateSpeedEngine
import GateSpeedVision
import Glibc

/// `GATESPEED_SWEEP_TRACE=tracker gatespeed bench FILE`: replays a recorded video on the standard
/// course (fraction posts, 28 m) and prints, frame by frame while anyone is followed, what the
/// detector and the tracker made of it and what the pipeline said (to see why people walking in
/// real footage start a run, or why a rider is lost). Diagnostics only; no truth to compare with.
enum FileTrackerTrace {
    /// Whether the trace was asked for (GATESPEED_SWEEP_TRACE=tracker).
    static let isOn = getenv("GATESPEED_SWEEP_TRACE").map { String(cString: $0) == "tracker" } ?? false

    static func print(_ path: String) throws(BenchFailure) {
        var source: VideoFileSource
        do { source = try VideoFileSource(path: path) } catch { throw BenchFailure(message: error.description) }
        var pipeline: TimingPipeline
        do { pipeline = try TimingPipeline(course: .standard) } catch { throw BenchFailure(message: "\(error)") }
        while source.nextFrame({ frame in SweepTrackerTrace.printFrame(frame, &pipeline) }) == .delivered {}
    }
}
