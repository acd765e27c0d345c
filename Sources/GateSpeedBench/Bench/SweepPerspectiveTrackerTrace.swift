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
            line += SweepTrackerTrace.regionsAndTracks(pipeline, tracks) { x, footY in
                gate.groundPoint(viewX: x, viewY: footY).map { " g" + fixed($0.x, 1) + "," + fixed($0.y, 1) } ?? ""
            }
            for s in said { line += " >> " + s }
            Swift.print(line)
        }) == .delivered {}
    }
}
