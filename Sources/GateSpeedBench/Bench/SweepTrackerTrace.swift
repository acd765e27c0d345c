import GateSpeedCore
import GateSpeedEngine
import GateSpeedFrames
import GateSpeedSimulation
import GateSpeedVision

/// `GATESPEED_SWEEP_TRACE=tracker gatespeed bench --sweep 1 --seed S`: replays scene S once more and
/// prints, frame by frame while someone is followed or a rider is in view, what the tracker
/// follows and where the riders truly are (to see why a run was lost). Diagnostics only.
enum SweepTrackerTrace {
    static func print(_ sweep: SweepScene) {
        let scene = sweep.scene
        guard var pipeline = try? TimingPipeline(course: Course(posts: scene.posts, lengthMetres: scene.courseLength)) else {
            return
        }
        var source = SimulatedCourseSource(scene: scene)
        while source.nextFrame({ frame in
            let said = SweepTrackerTrace.step(frame, &pipeline)
            let t = frame.timestamp
            let output = pipeline.lastOutput
            let inView = sweep.runs.filter { t >= $0.entersView && t <= $0.leavesView }
            let tracks = pipeline.detector.trackSummaries
            guard !tracks.isEmpty || !inView.isEmpty || !said.isEmpty else { return }
            var line = BenchReport.fixed(t, 3) + " " + (output.phase == .ready ? "" : "cal ")
            for run in inView { line += "truth " + BenchReport.fixed(scene.x(of: run.rider, at: t), 3) + " " }
            for b in scene.bystanders where t >= b.appears && t <= b.leaves {
                line += (b.isStanding ? "stand " : "walk ") + BenchReport.fixed(b.x(at: t), 3) + " "
            }
            if let rider = output.rider { line += "RIDER #\(rider.trackID) " + BenchReport.fixed(rider.x, 3) + " " }
            line += "fg " + BenchReport.fixed(100 * output.foregroundFraction, 1) + "% blobs \(pipeline.detector.lastBlobs.count):"
            for blob in pipeline.detector.lastBlobs.prefix(4) {
                line += " [" + BenchReport.fixed(blob.upperCentreX, 3) + " h" + BenchReport.fixed(blob.height, 3)
                    + " w" + BenchReport.fixed(blob.width, 3) + " y" + BenchReport.fixed(blob.minY, 3) + "-"
                    + BenchReport.fixed(blob.maxY, 3) + "]"
            }
            line += " |"
            for track in tracks {
                line += " \(track.isRider ? "*" : "")#\(track.id)\(track.matchedNow ? "" : "~") x" + BenchReport.fixed(track.x, 3)
                    + " v" + BenchReport.fixed(track.velocity, 2) + " lb" + BenchReport.fixed(track.speedLowerBound, 2)
                    + " h" + BenchReport.fixed(track.height, 3) + " f" + BenchReport.fixed(track.footY, 3)
                    + " b" + BenchReport.fixed(track.blobMinY, 3) + "-" + BenchReport.fixed(track.blobMaxY, 3) + " n\(track.hits)" + (track.onCourse ? "" : " off")
            }
            for s in said { line += " >> " + s }
            Swift.print(line)
        }) == .delivered {}
    }
}

extension SweepTrackerTrace {
    /// `frame` through `pipeline`: what it said (each event cut to 60 characters), a run's verdict
    /// taken as spoken at once.
    static func step(_ frame: VideoFrame, _ pipeline: inout TimingPipeline) -> [String] {
        var said: [String] = []
        var runEnded = false
        pipeline.process(frame) { event in
            said.append(String(describing: event).prefix(60).description)
            if case .result = event { runEnded = true }
            if case .invalid = event { runEnded = true }
        }
        if runEnded { pipeline.announcementFinished { _ in } }
        return said
    }
}
