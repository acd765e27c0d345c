import Testing
@testable import GateSpeedGeometry

/// The solve recovers known cameras and posts from their marks.
@Suite struct CourseSolverTests {
    func solved(_ survey: CourseSurvey) -> CourseGeometry? {
        switch CourseSolver.solve(survey) {
        case .success(let g): return g
        case .failure(let f):
            Issue.record("refused: \(f)")
            return nil
        }
    }

    @Test func exactMarksGiveTheExactCamera() {
        let course = SyntheticCourse.placed(distance: 29, height: 2.5, fov: 65, pan: 5, roll: 2)
        guard let g = solved(course.survey(hints: course.exactHints)) else { return }
        #expect((g.camera.position - course.camera.position).length < 1e-5)
        #expect((g.camera.forward - course.camera.forward).length < 1e-7)
        #expect((g.camera.right - course.camera.right).length < 1e-7)
        #expect((g.camera.horizontalFieldOfViewDegrees - 65).magnitude < 1e-5)
        #expect(zip(g.postAlong, course.postAlong).allSatisfy { ($0 - $1).magnitude < 1e-5 })
        #expect(g.rmsResidualPixels < 1e-4)
        #expect(g.warnings.isEmpty)
    }

    /// Placements across the working range, with 1 px mark noise and measured camera values that
    /// are themselves off by their stated sigmas: every recovered quantity within 3.5 sigma.
    @Test(arguments: [
        (15.0, 1.5, 100.0, 0.0, 0.0), (29, 2.5, 65, 0, 0), (29, 3, 65, 10, -3), (20, 2, 80, -15, 4), (15, 3, 100, 15, 0),
        (29, 1.5, 70, 0, 2), (22, 2.5, 75, 8, -5), (17, 1.5, 95, -20, 5),
    ] as [(Double, Double, Double, Double, Double)])
    func placementsAcrossTheRangeAreRecovered(distance: Double, height: Double, fov: Double, pan: Double, roll: Double) {
        let course = SyntheticCourse.placed(distance: distance, height: height, fov: fov, pan: pan, roll: roll)
        for seed in UInt64(1)...4 {
            var random = TestRandom(seed: seed * 977)
            let hints = course.hints(height: true, fov: true, random: &random)
            guard let g = solved(course.survey(hints: hints, noise: 0.0015, seed: seed)) else { continue }
            let where_ = "d \(distance) h \(height) fov \(fov) pan \(pan) seed \(seed)"
            #expect((g.camera.distanceMetres - distance).magnitude < 3.5 * g.distanceSigmaMetres, "\(where_): distance \(g.camera.distanceMetres) ± \(g.distanceSigmaMetres)")
            #expect((g.camera.heightMetres - height).magnitude < 3.5 * g.heightSigmaMetres, "\(where_): height \(g.camera.heightMetres) ± \(g.heightSigmaMetres)")
            #expect((g.camera.horizontalFieldOfViewDegrees - fov).magnitude < 3.5 * g.fieldOfViewSigmaDegrees, "\(where_): fov")
            for i in 1..<4 {
                #expect((g.postAlong[i] - course.postAlong[i]).magnitude < 3.5 * g.postAlongSigmaMetres[i], "\(where_): post \(i)")
            }
            #expect((g.camera.rollDegrees - roll).magnitude < 1, "\(where_): roll")
            #expect(g.rmsResidualPixels > 0.3 && g.rmsResidualPixels < 2, "\(where_): rms \(g.rmsResidualPixels) for 1 px noise")
        }
    }

    @Test func unevenlySpacedPostsAreFound() {
        let course = SyntheticCourse.placed(distance: 20, height: 2.5, fov: 85, pan: 5, postAlong: [0, 5.5, 14.8, 20, 28])
        guard let g = solved(course.survey(hints: course.exactHints, noise: 0.0015, seed: 11)) else { return }
        for i in 1..<4 {
            #expect((g.postAlong[i] - course.postAlong[i]).magnitude < 3.5 * g.postAlongSigmaMetres[i], "post \(i): \(g.postAlong[i])")
            #expect(g.postAlongSigmaMetres[i] < 0.5)
        }
        #expect(g.postAlong.first == 0 && g.postAlong.last == 28)
    }

    @Test func twoPostsAndOtherCourseLengthsSolveToo() {
        let two = SyntheticCourse.placed(distance: 15, height: 3, fov: 90, pan: 5, postAlong: [0, 20])
        guard let g2 = solved(two.survey(hints: two.exactHints, noise: 0.001, seed: 2)) else { return }
        #expect((g2.camera.distanceMetres - 15).magnitude < 3.5 * g2.distanceSigmaMetres)
        #expect(g2.postAlong == [0, 20] && g2.variants.count == 14)
        #expect(!g2.markNoiseIsEstimated, "two posts leave too few residuals to judge the marks by")
        let long = SyntheticCourse.placed(distance: 45, height: 3, fov: 90, postAlong: [0, 12, 24, 36, 48, 60])
        guard let g6 = solved(long.survey(hints: long.exactHints, noise: 0.0015, seed: 3)) else { return }
        #expect((g6.camera.distanceMetres - 45).magnitude < 3.5 * g6.distanceSigmaMetres)
        #expect(g6.postAlong.count == 6)
    }

    @Test func variantsSpanTheStatedSigmas() {
        let course = SyntheticCourse.placed(distance: 22, height: 2.5, fov: 80, pan: 5)
        guard let g = solved(course.survey(hints: course.exactHints, noise: 0.0015, seed: 5)) else { return }
        #expect(g.variants.count == 2 * 10)
        #expect(g.variants.allSatisfy { $0.postAlong.first == 0 && $0.postAlong.last == 28 })
        // For a quantity linear in the parameters, ½ Σ (variant − solution)² is its variance.
        let height = (g.variants.reduce(0) { $0 + ($1.camera.heightMetres - g.camera.heightMetres) * ($1.camera.heightMetres - g.camera.heightMetres) } / 2).squareRoot()
        let distance = (g.variants.reduce(0) { $0 + ($1.camera.distanceMetres - g.camera.distanceMetres) * ($1.camera.distanceMetres - g.camera.distanceMetres) } / 2).squareRoot()
        let post = (g.variants.reduce(0) { $0 + ($1.postAlong[2] - g.postAlong[2]) * ($1.postAlong[2] - g.postAlong[2]) } / 2).squareRoot()
        #expect((height / g.heightSigmaMetres - 1).magnitude < 1e-3)
        #expect((distance / g.distanceSigmaMetres - 1).magnitude < 1e-3)
        #expect((post / g.postAlongSigmaMetres[2] - 1).magnitude < 1e-3)
    }

    @Test func aPostMarkedAFewPixelsOffIsNamedInAWarning() {
        let course = SyntheticCourse.placed(distance: 22, height: 2.5, fov: 80, pan: 5)
        var survey = course.survey(hints: course.exactHints, noise: 0.0005, seed: 9)
        survey.posts[3].top?.y -= 6.0 / 480
        guard let g = solved(survey) else { return }
        let named = g.warnings.filter { $0.hasPrefix("posts[3].top:") }
        #expect(named.count == 1, "\(g.warnings)")
        #expect(named.first?.contains("check that mark") == true)
    }

    @Test func aBadlyMisplacedMarkIsRefusedByName() {
        let course = SyntheticCourse.placed(distance: 22, height: 2.5, fov: 80, pan: 5)
        var survey = course.survey(hints: course.exactHints, noise: 0.0005, seed: 9)
        survey.posts[1].top?.y -= 30.0 / 480
        guard case let .failure(f) = CourseSolver.solve(survey) else {
            Issue.record("a top 30 px off must be refused")
            return
        }
        #expect(f.problems.map(\.key) == ["posts[1].top"])
        #expect(f.problems.first?.message.hasPrefix("looks mis-marked: it is") == true)
    }

    @Test func aSensorOfAnotherSizeReportsResidualsInItsOwnPixels() {
        let course = SyntheticCourse.placed(distance: 22, height: 2.5, fov: 80, aspect: 16.0 / 9.0)
        var small = course.survey(hints: course.exactHints, noise: 0.0015, seed: 4)
        var large = small
        small.sensorWidthPixels = 640
        large.sensorWidthPixels = 1920
        guard let a = solved(small), let b = solved(large) else { return }
        #expect((b.rmsResidualPixels / a.rmsResidualPixels - 3).magnitude < 1e-6)
    }
}
