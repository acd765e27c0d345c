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
        guard var pipeline = try? TimingPipeline(course: .standard) else { return }
        while source.nextFrame({ frame in
            let said = SweepTrackerTrace.step(frame, &pipeline)
            let tracks = pipeline.detector.trackSummaries
            guard !tracks.isEmpty || !said.isEmpty else { return }
            let output = pipeline.lastOutput
            var line = BenchReport.fixed(frame.timestamp, 3) + " " + (output.phase == .ready ? "" : "cal ")
            if let rider = output.rider { line += "RIDER #\(rider.trackID) " + BenchReport.fixed(rider.x, 3) + " " }
            line += SweepTrackerTrace.regionsAndTracks(pipeline, tracks)
            for s in said { line += " >> " + s }
            Swift.print(line)
        }) == .delivered {}
    }
}
