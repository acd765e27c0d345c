import Testing
@testable import GateSpeedGeometry
#if canImport(Glibc)
import Glibc
#endif

/// Temporary measurement harness (GEOM_EXP=1).
@Suite struct ZzExperiment {
    static let wanted = getenv("GEOM_EXP") != nil

    @Test(.enabled(if: wanted)) func measure() {
        let combos: [(String, Bool, Bool, Bool)] = [("all", true, true, true), ("height", true, false, false), ("distance", false, true, false),
                                                    ("hfov", false, false, true), ("none", false, false, false), ("h+fov", true, false, true)]
        let placements: [(Double, Double, Double)] = [(29, 2.5, 65), (15, 1.5, 100), (22, 3, 80), (29, 1.5, 65), (15, 3, 65)]
        for (d, h, fov) in placements {
            let course = SyntheticCourse.placed(distance: d, height: h, fov: fov)
            for (name, gh, gd, gf) in combos {
                for noisePx in [0.0, 0.3, 0.7, 1.5] {
                    var refused = 0, n = 0, covered = 0, coveredN = 0
                    var maxX = 0.0, maxPost = 0.0, maxGateErr = 0.0, sumSigma = 0.0
                    var worstTime = Duration.zero
                    var firstRefusal = ""
                    let seeds = noisePx == 0 ? 1 : 30
                    for seed in 1...seeds {
                        let hints = CameraHints(heightMetres: gh ? h : nil, distanceMetres: gd ? d : nil, horizontalFieldOfViewDegrees: gf ? fov : nil)
                        let survey = course.survey(hints: hints, noise: noisePx / 640, seed: UInt64(seed))
                        let clock = ContinuousClock()
                        var result: Result<CourseGeometry, GeometryFailure>?
                        let t = clock.measure { result = CourseSolver.solve(survey) }
                        worstTime = max(worstTime, t)
                        guard case let .success(g)? = result else {
                            refused += 1
                            if case let .failure(f)? = result, firstRefusal.isEmpty { firstRefusal = f.description }
                            continue
                        }
                        n += 1
                        maxX = max(maxX, (g.camera.position.x - course.camera.position.x).magnitude)
                        for i in 1..<4 { maxPost = max(maxPost, (g.postAlong[i] - course.postAlong[i]).magnitude) }
                        let solved = CourseGeometryVariant(camera: g.camera, postAlong: g.postAlong)
                        for offset in [-1.0, 1.0] {
                            let sigma = GateDistanceSpread.sigmaMetres(nominal: g.camera, postAlong: g.postAlong, variants: g.variants, offset: offset)
                            let across = offset * GateDistanceSpread.awaySign(course.camera)
                            guard let measured = GateDistanceSpread.measuredDistance(truth: course.camera, first: 0, last: 28, across: across, timing: solved) else { continue }
                            let err = measured - 28
                            maxGateErr = max(maxGateErr, err.magnitude)
                            sumSigma += sigma
                            coveredN += 1
                            if err.magnitude <= sigma { covered += 1 }
                        }
                    }
                    let cov = coveredN == 0 ? 0 : Double(covered) / Double(coveredN)
                    print("EXP d \(d) h \(h) fov \(fov) facts \(name) noise \(noisePx): solved \(n) refused \(refused) | max |dx cam| \(NumberText.fixed(maxX, 2)) max |post err| \(NumberText.fixed(maxPost, 3)) | max gate err \(NumberText.fixed(100 * maxGateErr / 28, 2)) % mean sigma \(NumberText.fixed(100 * sumSigma / Double(max(1, coveredN)) / 28, 2)) % coverage \(NumberText.fixed(cov * 100, 0)) % | worst \(worstTime) \(firstRefusal.prefix(120))")
                }
            }
        }
    }
}
