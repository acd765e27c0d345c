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
            printFrame(frame, &pipeline, inView: { t in sweep.runs.contains { t >= $0.entersView && t <= $0.leavesView } },
                       truth: { t in
                var truth = ""
                for run in sweep.runs where t >= run.entersView && t <= run.leavesView {
                    truth += "truth " + BenchReport.fixed(scene.x(of: run.rider, at: t), 3) + " "
                }
                for b in scene.bystanders where t >= b.appears && t <= b.leaves {
                    truth += (b.isStanding ? "stand " : "walk ") + BenchReport.fixed(b.x(at: t), 3) + " "
                }
                return truth
            })
        }) == .delivered {}
    }
}

extension SweepTrackerTrace {
    /// Steps `frame` through `pipeline` and, while anyone is followed, something was said or
    /// `inView(t)` (a rider of the scene is in view), prints one line: the time (seconds; "cal "
    /// while the course is learnt), `truth(t)` (where the people truly are), the rider, what the
    /// detector and the tracker made of the frame (`regionsAndTracks`) and what was said. The
    /// tracker traces of the flat and perspective sweeps and of a recorded file.
    static func printFrame(_ frame: VideoFrame, _ pipeline: inout TimingPipeline,
                           inView: (Double) -> Bool = { _ in false }, ground: ((Double, Double) -> String)? = nil,
                           truth: (Double) -> String = { _ in "" }) {
        let said = step(frame, &pipeline)
        let t = frame.timestamp
        let tracks = pipeline.detector.trackSummaries
        guard !tracks.isEmpty || !said.isEmpty || inView(t) else { return }
        let output = pipeline.lastOutput
        var line = BenchReport.fixed(t, 3) + " " + (output.phase == .ready ? "" : "cal ") + truth(t)
        if let rider = output.rider { line += "RIDER #\(rider.trackID) " + BenchReport.fixed(rider.x, 3) + " " }
        line += regionsAndTracks(pipeline, tracks, ground: ground)
        for s in said { line += " >> " + s }
        Swift.print(line)
    }

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
