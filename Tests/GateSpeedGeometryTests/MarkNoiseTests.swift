import Testing
@testable import GateSpeedGeometry

/// The mark noise comes from the fit's own residuals: marks better than the stated precision give
/// tighter sigmas (down to a 0.3 px floor), worse ones wider, and too few marks keep the stated one.
@Suite struct MarkNoiseTests {
    static let course = SyntheticCourse.placed(distance: 22, height: 2.5, fov: 80, pan: 5)

    func solved(_ survey: CourseSurvey) -> CourseGeometry? {
        guard case let .success(g) = CourseSolver.solve(survey) else {
            Issue.record("must solve")
            return nil
        }
        return g
    }

    @Test func theEstimateFollowsTheRealNoiseNotTheStatedPrecision() {
        for truePixels in [0.5, 1.0, 2.0] {
            var sum = 0.0, count = 0
            for seed in UInt64(1)...24 {
                var survey = Self.course.survey(hints: Self.course.exactHints, noise: truePixels / 640, seed: seed)
                survey.markPrecision = 1.5 / 640
                guard let g = solved(survey) else { continue }
                #expect(g.markNoiseIsEstimated)
                sum += g.markNoisePixels
                count += 1
            }
            let mean = sum / Double(max(1, count))
            #expect((mean / truePixels - 1).magnitude < 0.15, "true \(truePixels) px: estimated \(mean) px on average")
        }
    }

    @Test func exactMarksAreFlooredAtAThirdOfAPixel() {
        guard let g = solved(Self.course.survey(hints: Self.course.exactHints)) else { return }
        #expect(g.markNoiseIsEstimated)
        #expect((g.markNoisePixels - MarkNoiseEstimate.floorPixels).magnitude < 1e-12)
        #expect((g.uncertaintyScale - 0.3 / 0.96).magnitude < 1e-9, "scale \(g.uncertaintyScale)")
        // On a 1920-wide sensor the floor is still 0.3 of its own pixels.
        var large = Self.course.survey(hints: Self.course.exactHints)
        large.sensorWidthPixels = 1920
        guard let h = solved(large) else { return }
        #expect((h.markNoisePixels - 0.3).magnitude < 1e-12)
    }

    @Test func preciseMarksGiveTighterSigmasThanTheStatedPrecisionWould() {
        var survey = Self.course.survey(hints: Self.course.exactHints, noise: 0.4 / 640, seed: 3)
        survey.markPrecision = 1.5 / 640
        guard let g = solved(survey) else { return }
        #expect(g.uncertaintyScale < 0.6, "0.4 px marks stated as 1.5 px: scale \(g.uncertaintyScale)")
        // The same marks judged at their stated precision (no residuals to judge by) would be looser.
        let model = SurveyModel(survey: survey)
        let p = model.parameters(camera: g.camera, postAlong: g.postAlong)
        guard let (c, _) = Determinability.analyse(model, parameters: p) else { Issue.record("analysable"); return }
        let stated = GateDistanceSpread.worstSigmaMetres(nominal: g.camera, postAlong: g.postAlong,
                                                         variants: ProfileVariants.variants(model, parameters: p, covariance: c))
        #expect(g.gateDistanceSigmaMetres < 0.6 * stated, "gate sigma \(g.gateDistanceSigmaMetres) against \(stated) at 1.5 px")
    }

    @Test func sloppierMarksGiveProportionallyLargerSigmas() {
        // The same noise draws, four times as large: the estimate and the mark-bound sigmas follow.
        let tight = Self.course.survey(hints: Self.course.exactHints, noise: 0.5 / 640, seed: 7)
        let loose = Self.course.survey(hints: Self.course.exactHints, noise: 2.0 / 640, seed: 7)
        guard let a = solved(tight), let b = solved(loose) else { return }
        let noiseRatio = b.markNoisePixels / a.markNoisePixels
        #expect(noiseRatio > 3.6 && noiseRatio < 4.4, "noise ratio \(noiseRatio)")
        let gateRatio = b.gateDistanceSigmaMetres / a.gateDistanceSigmaMetres
        #expect(gateRatio > 2.5 && gateRatio < 4.4, "gate sigma ratio \(gateRatio)")
        #expect(b.fieldOfViewSigmaDegrees > a.fieldOfViewSigmaDegrees && b.heightSigmaMetres >= a.heightSigmaMetres)
    }

    @Test func tooFewMarksKeepTheStatedPrecision() {
        // Two posts with tops: 8 mark residuals for 7 camera parameters, fewer than 4 left over.
        let two = SyntheticCourse.placed(distance: 15, height: 3, fov: 90, pan: 5, postAlong: [0, 20])
        var survey = two.survey(hints: two.exactHints, noise: 0.3 / 640, seed: 2)
        survey.markPrecision = 0.0015
        guard let g = solved(survey) else { return }
        #expect(!g.markNoiseIsEstimated)
        #expect((g.markNoisePixels - 0.96).magnitude < 1e-9 && (g.uncertaintyScale - 1).magnitude < 1e-12)
    }
}
