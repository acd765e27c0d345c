import GateSpeedCore
import GateSpeedEngine
import GateSpeedSimulation
import GateSpeedVision

/// `GATESPEED_SWEEP_TRACE=tracker gatespeed bench --sweep 1 --seed S --perspective`: replays
/// perspective scene S and prints, frame by frame while someone is followed or a rider is in view,
/// what the tracker follows (view units) and where the riders and bystanders truly are (course
/// metres, x along, y across). Diagnostics only.
enum SweepPerspectiveTrackerTrace {
    static func print(_ sweep: PerspectiveSweepScene) throws(SweepCommand.SweepFailure) {
        var (pipeline, gate) = try SweepCommand.perspectivePipeline(sweep)
        let scene = sweep.scene
        var source = PerspectiveCourseSource(scene: scene)
        func fixed(_ value: Double, _ digits: Int) -> String { BenchReport.fixed(value, digits) }
        while source.nextFrame({ frame in
            let said = SweepTrackerTrace.step(frame, &pipeline)
            let t = frame.timestamp
            let output = pipeline.lastOutput
            let inView = sweep.runs.filter { t >= $0.entersView && t <= $0.leavesView }
            let tracks = pipeline.detector.trackSummaries
            guard !tracks.isEmpty || !inView.isEmpty || !said.isEmpty else { return }
            var line = fixed(t, 3) + " " + (output.phase == .ready ? "" : "cal ")
            for run in inView {
                let g = scene.groundPoint(of: run.rider, at: t)
                let v = scene.viewPoint(of: run.rider, at: t, heightAboveGround: 1.2)
                let foot = scene.viewPoint(of: run.rider, at: t, heightAboveGround: 0)
                line += "truth " + fixed(g.x, 2) + "," + fixed(g.y, 2) + (v.map { " v" + fixed($0.x, 3) } ?? "")
                    + (foot.map { " fy" + fixed($0.y, 3) } ?? "") + " "
            }
            for b in scene.bystanders where b.isPresent(at: t) {
                let p = b.position(at: t)
                line += (b.isStanding ? "stand " : "walk ") + fixed(p.x, 1) + "," + fixed(p.y, 1) + " "
            }
            if let rider = output.rider { line += "RIDER #\(rider.trackID) " + fixed(rider.x, 3) + " " }
            line += "fg " + fixed(100 * output.foregroundFraction, 1) + "% blobs \(pipeline.detector.lastBlobs.count):"
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
                    + (gate.groundPoint(viewX: track.x, viewY: track.footY).map { " g" + fixed($0.x, 1) + "," + fixed($0.y, 1) } ?? "")
            }
            for s in said { line += " >> " + s }
            Swift.print(line)
        }) == .delivered {}
    }
}
