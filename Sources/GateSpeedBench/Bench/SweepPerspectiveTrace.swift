import GateSpeedCore
import GateSpeedEngine
import GateSpeedGeometry
import GateSpeedSimulation

/// `GATESPEED_SWEEP_TRACE=1 gatespeed bench --sweep 1 --seed S --perspective`: replays perspective
/// scene S through the gate-plane pipeline and prints, for every analysed frame while a run's rider
/// is in view, what the detector read (the foot's depth across the course and its position along,
/// metres, against the truth's body axis, `PerspectiveScene.groundPoint`; `epx`: that depth error
/// in pixels of foot height there, positive when read too far, i.e. too high) and the smoothed sample
/// the timing machine was handed (on its own, earlier, timestamp) against the truth at that time;
/// then every crossing and result against the truth. Course metres: x along from post 1, y across.
/// Also, to tell the foot's error from the post marks': `mpp` metres of depth a pixel of foot height;
/// `row` the truth's nearer foot's row (seen by the true camera) less the row read, px (positive: read
/// too high); `cal` the depth error of that true foot row through the solved course, px (the marks'
/// share of `epx`), `tr` its row; on a sample, `dep` the depth error (metres, away positive) that
/// would move the position along by its error, where the ray is oblique enough to tell; and once,
/// the solved course's row error at each post (`TRACE marks`).
enum SweepPerspectiveTrace {
    static func print(_ sweep: PerspectiveSweepScene) throws(SweepCommand.SweepFailure) {
        var (pipeline, gate) = try SweepCommand.perspectivePipeline(sweep)
        let scene = sweep.scene
        var source = PerspectiveCourseSource(scene: scene)
        func fixed(_ value: Double, _ digits: Int) -> String { BenchReport.fixed(value, digits) }
        var events = SweepTraceEvents(runs: sweep.runs, listingCrossings: true)
        let camera = gate.camera.position
        Swift.print("TRACE course posts solved " + gate.postAlong.map { fixed($0, 3) }.joined(separator: " ")
                    + " true " + scene.postPositions.map { fixed($0, 3) }.joined(separator: " ")
                    + " | camera solved x \(fixed(camera.x, 2)) y \(fixed(camera.y, 2)) z \(fixed(camera.z, 2))"
                    + " gate sigma \(fixed(gate.gateDistanceSigma, 3)) m")
        // The solved course against the true camera (printed once the view's size is known): the row
        // error (px, solved minus true) of ground points on the post line and a metre either side of
        // it, at each post: the post marks' own error, which no foot reading can remove.
        func printMarks(viewHeight: Double) {
            for x in scene.postPositions {
                var cells: [String] = []
                for y in [-1.0, 0, 1] {
                    guard let solved = gate.viewPoint(of: CoursePoint(x: x, y: y, z: 0)),
                          let sensor = scene.camera.project(x: x, y: y, z: 0) else { continue }
                    let view = sweep.geometry.viewPoint(sensorX: sensor.x, sensorY: sensor.y)
                    cells.append("y \(fixed(y, 0)): \(fixed((solved.y - view.y) * viewHeight, 2))")
                }
                Swift.print("TRACE marks post x \(fixed(x, 1)) row error " + cells.joined(separator: ", "))
            }
        }
        var marksShown = false
        var fed = 0
        while source.nextFrame({ frame in
            let t = frame.timestamp
            var ended = false
            pipeline.process(frame) { event in if events.print(event) { ended = true } }
            let newlyFed = pipeline.fedSampleCount - fed
            fed = pipeline.fedSampleCount
            if !marksShown && pipeline.lastOutput.viewHeightPixels > 0 {
                marksShown = true
                printMarks(viewHeight: pipeline.lastOutput.viewHeightPixels)
            }
            if let index = events.run(at: t) {
                let rider = sweep.runs[index].rider
                let truth = scene.groundPoint(of: rider, at: t)
                var line = "TRACE frame t \(fixed(t, 4)) seq \(frame.sequence) run \(index + 1) true x \(fixed(truth.x, 2)) y \(fixed(truth.y, 2))"
                if let seen = pipeline.lastOutput.rider {
                    line += " | id \(seen.trackID)"
                    if let foot = gate.groundPoint(viewX: seen.footX, viewY: seen.footY) {
                        let across = foot.y + gate.awaySign * GateCourse.footToAxisMetres
                        line += " foot x \(fixed(foot.x, 2)) (\(fixed(foot.x - truth.x, 2))) y \(fixed(across, 2)) (\(fixed(across - truth.y, 2)))"
                            + " fsig \(fixed(seen.footSigma * pipeline.lastOutput.viewHeightPixels, 1)) px"
                        let vh = pipeline.lastOutput.viewHeightPixels
                        if vh > 0, let lower = gate.groundPoint(viewX: seen.footX, viewY: seen.footY + 1 / vh) {
                            let perPx = abs(lower.y - foot.y)
                            line += " epx \(fixed((across - truth.y) * gate.awaySign / perPx, 2)) mpp \(fixed(perPx, 2))"
                            // The truth's nearer foot, seen by the true camera: its row against the one read
                            // (px, positive read too high) and its depth through the solved course (px, the marks' error).
                            let footTrueY = truth.y - gate.awaySign * GateCourse.footToAxisMetres
                            if let sensor = scene.camera.project(x: truth.x, y: footTrueY, z: 0) {
                                let view = sweep.geometry.viewPoint(sensorX: sensor.x, sensorY: sensor.y)
                                line += " row \(fixed((view.y - seen.footY) * vh, 2))"
                                if let cal = gate.groundPoint(viewX: view.x, viewY: view.y) {
                                    let calAcross = cal.y + gate.awaySign * GateCourse.footToAxisMetres
                                    line += " cal \(fixed((calAcross - truth.y) * gate.awaySign / perPx, 2)) tr \(fixed(view.y * vh, 2))"
                                }
                            }
                        }
                    }
                } else {
                    line += " | none"
                }
                if newlyFed > 0 {
                    let sample = pipeline.lastFedSample
                    let at = scene.groundPoint(of: rider, at: sample.t)
                    line += " | fed\(newlyFed > 1 ? "x\(newlyFed)" : "") t \(fixed(sample.t, 4)) id \(pipeline.lastFedTrackID) "
                    if let x = sample.x {
                        line += "x \(fixed(x, 3)) true \(fixed(at.x, 3)) err \(fixed(x - at.x, 3)) m sig \(fixed(sample.xSigma, 3))"
                        // The depth error that would move the position along by that much (metres, away positive).
                        let slope = (at.x - camera.x) / (at.y - camera.y)
                        if abs(slope) > 0.2 { line += " dep \(fixed((x - at.x) / slope * gate.awaySign, 2))" }
                    } else {
                        line += "none"
                    }
                }
                Swift.print(line)
            }
            if ended { pipeline.announcementFinished { _ in } }
        }) == .delivered {}
        pipeline.finish { event in
            if case .result(let result) = event { Swift.print("TRACE result at finish \(fixed(result.speedKmh, 3))") }
            if case .invalid(let invalid) = event { Swift.print("TRACE invalid at finish \(invalid.reason.rawValue)") }
        }

    }
}
