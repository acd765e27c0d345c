import Testing
@testable import GateSpeedGeometry

/// The stated sigmas are honest: over many noisy surveys (1 px marks, measured camera values off by
/// their own sigmas, inner posts laid off their even places by the even-spacing prior's own sigma)
/// about 95 % of recovered values fall within 2 sigma of the truth, and the spread is neither much
/// wider nor much narrower than stated.
@Suite struct UncertaintyTests {
    struct Tally {
        var inside = 0, count = 0, squares = 0.0
        mutating func add(_ error: Double, _ sigma: Double) {
            let z = error / sigma
            count += 1
            squares += z * z
            if z.magnitude <= 2 { inside += 1 }
        }
        var fraction: Double { Double(inside) / Double(max(1, count)) }
        var rms: Double { (squares / Double(max(1, count))).squareRoot() }
    }

    @Test(arguments: [
        (29.0, 2.5, 65.0, 0.0, true, false), (18, 2, 90, 10, true, false), (22, 3, 80, -8, false, true),
    ] as [(Double, Double, Double, Double, Bool, Bool)])
    func aboutNinetyFivePercentFallWithinTwoSigma(distance: Double, height: Double, fov: Double, pan: Double,
                                                  giveFov: Bool, giveDistance: Bool) {
        var tallies = [String: Tally]()
        var refused = 0
        for seed in UInt64(1)...60 {
            var random = TestRandom(seed: seed &* 7919)
            // A taped course is even to within the prior's sigma, not exactly.
            let laid = [0, 7, 14, 21, 28].enumerated().map { i, x in
                i == 0 || i == 4 ? x : x + EvenSpacingPrior.sigmaMetres * random.gaussian()
            }
            let course = SyntheticCourse.placed(distance: distance, height: height, fov: fov, pan: pan, postAlong: laid)
            let hints = course.hints(height: true, distance: giveDistance, fov: giveFov, random: &random)
            guard case let .success(g) = CourseSolver.solve(course.survey(hints: hints, noise: 0.0015, seed: seed)) else {
                refused += 1
                continue
            }
            tallies["height", default: Tally()].add(g.camera.heightMetres - height, g.heightSigmaMetres)
            tallies["distance", default: Tally()].add(g.camera.distanceMetres - distance, g.distanceSigmaMetres)
            tallies["fov", default: Tally()].add(g.camera.horizontalFieldOfViewDegrees - fov, g.fieldOfViewSigmaDegrees)
            for i in 1..<4 { tallies["post \(i)", default: Tally()].add(g.postAlong[i] - course.postAlong[i], g.postAlongSigmaMetres[i]) }
        }
        #expect(refused <= 3, "\(refused) of 60 refused")
        for (name, tally) in tallies {
            #expect(tally.fraction >= 0.86, "\(name): \(tally.inside) of \(tally.count) within 2 sigma")
            #expect(tally.rms > 0.6 && tally.rms < 1.35, "\(name): rms z \(tally.rms)")
        }
    }

    @Test func marksWorseThanTheirStatedPrecisionWidenTheSigmas() {
        let course = SyntheticCourse.placed(distance: 22, height: 2.5, fov: 80, pan: 5)
        let honest = { () -> CourseSurvey in
            var s = course.survey(hints: course.exactHints, noise: 0.0008, seed: 3)
            s.markPrecision = 0.0008
            return s
        }()
        let optimistic = { () -> CourseSurvey in
            var s = course.survey(hints: course.exactHints, noise: 0.0024, seed: 3)
            s.markPrecision = 0.0008
            return s
        }()
        guard case let .success(a) = CourseSolver.solve(honest), case let .success(b) = CourseSolver.solve(optimistic) else {
            Issue.record("both must solve")
            return
        }
        #expect(a.uncertaintyScale < 1.5)
        #expect(b.uncertaintyScale > 2, "three times the stated noise: scale \(b.uncertaintyScale)")
        #expect(b.gateDistanceSigmaMetres > 2 * a.gateDistanceSigmaMetres)
        // The inner posts are held by the even-spacing prior too, so they widen less.
        #expect(b.postAlongSigmaMetres[2] > a.postAlongSigmaMetres[2])
    }
}
