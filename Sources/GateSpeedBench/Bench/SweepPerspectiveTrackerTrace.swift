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
            SweepTrackerTrace.printFrame(frame, &pipeline,
                                         inView: { t in sweep.runs.contains { t >= $0.entersView && t <= $0.leavesView } },
                                         ground: { x, footY in
                gate.groundPoint(viewX: x, viewY: footY).map { " g" + fixed($0.x, 1) + "," + fixed($0.y, 1) } ?? ""
            }) { t in
                var truth = ""
                for run in sweep.runs where t >= run.entersView && t <= run.leavesView {
                    let g = scene.groundPoint(of: run.rider, at: t)
                    let v = scene.viewPoint(of: run.rider, at: t, heightAboveGround: 1.2)
                    let foot = scene.viewPoint(of: run.rider, at: t, heightAboveGround: 0)
                    truth += "truth " + fixed(g.x, 2) + "," + fixed(g.y, 2) + (v.map { " v" + fixed($0.x, 3) } ?? "")
                        + (foot.map { " fy" + fixed($0.y, 3) } ?? "") + " "
                }
                for b in scene.bystanders where b.isPresent(at: t) {
                    let p = b.position(at: t)
                    truth += (b.isStanding ? "stand " : "walk ") + fixed(p.x, 1) + "," + fixed(p.y, 1) + " "
                }
                return truth
            }
        }) == .delivered {}
    }
}
