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
        /// The run whose rider is in view at `t` (the latest to enter), if any.
        func run(at t: Double) -> Int? {
            sweep.runs.indices.last { sweep.runs[$0].entersView <= t && t <= sweep.runs[$0].leavesView }
        }
        var runIndex: Int?
        var crossingIndex = 0
        while source.nextFrame({ frame in
            let t = frame.timestamp
            var ended = false
            pipeline.process(frame) { event in
                switch event {
                case .start(let at, let post, _):
                    runIndex = run(at: at)
                    crossingIndex = 0
                    Swift.print("TRACE start post \(post) t \(fixed(at, 4))" + crossingError(at, runIndex, 0))
                case .post(let at, let post, _):
                    crossingIndex += 1
                    Swift.print("TRACE post \(post) t \(fixed(at, 4))" + crossingError(at, runIndex, crossingIndex))
                case .result(let result):
                    let truth = runIndex.map { sweep.runs[$0].truth.speedKmh } ?? .nan
                    Swift.print("TRACE result \(fixed(result.speedKmh, 3)) ± \(fixed(result.uncertaintyKmh, 3)) truth "
                                + "\(fixed(truth, 3)) error \(fixed((result.speedKmh - truth) / truth * 100, 3)) % ± "
                                + "\(fixed(result.uncertaintyKmh / truth * 100, 3)) %")
                    ended = true
                case .invalid(let invalid):
                    Swift.print("TRACE invalid \(invalid.reason.rawValue) t \(fixed(invalid.t, 3))")
                    ended = true
                case .ready(let at):
                    Swift.print("TRACE ready t \(fixed(at, 3))")
                }
            }
            if let index = run(at: t) {
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

        func crossingError(_ at: Double, _ index: Int?, _ crossing: Int) -> String {
            guard let index, crossing < sweep.runs[index].truth.crossingTimes.count else { return "" }
            let truth = sweep.runs[index].truth.crossingTimes[crossing]
            return " truth \(fixed(truth, 4)) error \(fixed((at - truth) * 1000, 2)) ms"
        }
    }
}
