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
            line += regionsAndTracks(pipeline, tracks)
            for s in said { line += " >> " + s }
            Swift.print(line)
        }) == .delivered {}
    }
}

extension SweepTrackerTrace {
    /// What the detector found in the last frame (the foreground share, the first four regions)
    /// and everyone the tracker follows (`*` the rider, `~` not matched this frame; view units,
    /// velocity in view widths a second), each with `ground(x, footY)` appended when given.
    static func regionsAndTracks(_ pipeline: TimingPipeline, _ tracks: [RiderTracker.TrackSummary],
                                 ground: ((Double, Double) -> String)? = nil) -> String {
        func fixed(_ value: Double, _ digits: Int) -> String { BenchReport.fixed(value, digits) }
        var line = "fg " + fixed(100 * pipeline.lastOutput.foregroundFraction, 1) + "% blobs \(pipeline.detector.lastBlobs.count):"
        for blob in pipeline.detector.lastBlobs.prefix(4) {
            line += " [" + fixed(blob.upperCentreX, 3) + " h" + fixed(blob.height, 3)
                + " w" + fixed(blob.width, 3) + " y" + fixed(blob.minY, 3) + "-" + fixed(blob.maxY, 3) + "]"
        }
        line += " |"
        for track in tracks {
            line += " \(track.isRider ? "*" : "")#\(track.id)\(track.matchedNow ? "" : "~") x" + fixed(track.x, 3)
                + " v" + fixed(track.velocity, 3) + " lb" + fixed(track.speedLowerBound, 3)
                + " h" + fixed(track.height, 3) + " f" + fixed(track.footY, 3)
                + " b" + fixed(track.blobMinY, 3) + "-" + fixed(track.blobMaxY, 3) + " n\(track.hits)" + (track.onCourse ? "" : " off")
                + (ground?(track.x, track.footY) ?? "")
        }
        return line
    }

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
