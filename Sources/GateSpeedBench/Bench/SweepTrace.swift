import GateSpeedCore
import GateSpeedEngine
import GateSpeedSimulation

/// `GATESPEED_SWEEP_TRACE=1 gatespeed bench --sweep 1 --seed S` (any value but `detector`): replays scene S and prints, for
/// every analysed frame while a run's rider is in view, the timed position against the truth
/// (view pixels), and for every crossing and result the error against the truth. To see why a
/// run was off: one bad frame (a merge with a bystander), a drift (shake, a shadow), a gap.
enum SweepTrace {
    static func print(_ sweep: SweepScene) throws(ConfigurationError) {
        let scene = sweep.scene
        var pipeline = try TimingPipeline(course: Course(posts: scene.posts, lengthMetres: scene.courseLength))
        var source = SimulatedCourseSource(scene: scene)
        let width = Double(scene.width)
        func fixed(_ value: Double, _ digits: Int) -> String { BenchReport.fixed(value, digits) }
        var events = SweepTraceEvents(runs: sweep.runs, listingCrossings: false)
        while source.nextFrame({ frame in
            let t = frame.timestamp
            var ended = false
            pipeline.process(frame) { event in if events.print(event) { ended = true } }
            if let index = events.run(at: t) {
                let truth = scene.x(of: sweep.runs[index].rider, at: t)
                if let rider = pipeline.lastOutput.rider {
                    Swift.print("TRACE frame t \(fixed(t, 4)) seq \(frame.sequence) run \(index + 1) id \(rider.trackID) "
                                + "x \(fixed(rider.x * width, 2)) true \(fixed(truth * width, 2)) "
                                + "err \(fixed((rider.x - truth) * width, 2)) px conf \(fixed(rider.confidence, 2)) "
                                + "w \(fixed((rider.blob.maxX - rider.blob.minX) * width, 1))")
                } else if truth > 0 && truth < 1 {
                    Swift.print("TRACE frame t \(fixed(t, 4)) seq \(frame.sequence) run \(index + 1) none true "
                                + "\(fixed(truth * width, 2))")
                }
            }
            if ended { pipeline.announcementFinished { _ in } }
        }) == .delivered {}
        pipeline.finish { _ in }

    }
}
