/// Solves a pinhole camera and the posts' positions from one still frame's marks.
///
/// Levenberg–Marquardt on the reprojection residuals of every marked base and top (whitened by the
/// mark noise), one even-spacing residual per inner post (`EvenSpacingPrior`, ±0.25 m) and one
/// residual per camera value: a prior for each measured one (height ±0.1 m, distance ±0.5 m, field
/// of view ±2°) and a weak regularising prior for each one not given (`RegularisingPriors`), with a
/// central-difference Jacobian. Parameters: focal length, camera x, y, z, yaw, pitch, roll and the
/// inner posts' positions along the line. Many starts (see `StartingGuesses`) on both sides of the
/// line of posts; the lowest χ² wins. The marks are then re-weighted by the noise their own
/// residuals show (`MarkNoiseEstimate`) and the fit repeated, so the covariance, the ±1-sigma
/// variants and every speed's ± rest on how good the marks really are.
///
/// After solving, in this order: the survey must give some height and the covariance must be
/// regular (`Determinability`); the solve must have converged; no mark may sit far from where the
/// solution puts it (`ResidualCheck`); each measured camera value must agree with what the marks
/// and the other values imply (`ContradictionCheck`); no different placement may fit as well and
/// time differently (`Ambiguity`); and the variants must pin the start-to-finish gate distance
/// within 3 % of the course length, even with the regularising priors widened (`Determinability`).
/// Loosely pinned quantities, a post off its evenly spaced place and a mark a few pixels out become
/// warnings.
public enum CourseSolver {
    public static func solve(_ survey: CourseSurvey) -> Result<CourseGeometry, GeometryFailure> {
        let problems = SurveyValidation.problems(in: survey)
        guard problems.isEmpty else { return .failure(GeometryFailure(problems: problems)) }
        let stated = SurveyModel(survey: survey)
        let runs = SolveSearch.run(stated, starts: StartingGuesses.starts(for: stated, hints: survey.camera))
        guard let first = runs.first,
              let (model, best, covariance, noise) = MarkNoiseEstimate.refine(stated, from: first, stated: survey.markPrecision,
                                                                            widthPixels: survey.sensorWidthPixels) else {
            return refused(GeometryProblem(key: "posts",
                                           message: "no camera can see these marks as posts standing on flat ground; check the marks"))
        }
        let p = best.parameters
        guard Determinability.hasHeights(survey) else {
            return refused(Determinability.problem(model, parameters: p, survey: survey, shortfall: .noHeights))
        }
        guard !covariance.isSingular else {
            return refused(Determinability.problem(model, parameters: p, survey: survey, shortfall: .singular))
        }
        guard best.converged else {
            return refused(GeometryProblem(key: "posts",
                                           message: "the camera solve did not settle on one answer; check the marks and the camera values"))
        }
        let camera = model.camera(p)
        let along = model.postAlong(p)
        let residuals = postResiduals(camera, along: along, survey: survey)
        let residualFindings = ResidualCheck.findings(residuals, survey: survey)
        if let problem = residualFindings.problems.first { return refused(problem) }
        let contradictions = ContradictionCheck.problems(model, solution: p, cost: best.cost, survey: survey)
        guard contradictions.isEmpty else { return .failure(GeometryFailure(problems: contradictions)) }
        var warnings: [String] = []
        // The other starts' answers, settled under the re-weighted marks, are the candidate rivals.
        let settle = LevenbergMarquardt(maximumIterations: 60)
        let rivals = model.markSigma == stated.markSigma ? runs : runs.compactMap { settle.minimise(model, from: $0.parameters) }
        if let rival = Ambiguity.rival(model, best: best, runs: rivals, covariance: covariance) {
            let difference = Ambiguity.timingDifferencePercent(model, best: p, rival: rival.parameters)
            guard difference.magnitude <= Ambiguity.harmlessPercent else {
                return refused(Ambiguity.problem(model, best: p, rival: rival.parameters, differencePercent: difference, survey: survey))
            }
            warnings.append(Ambiguity.warning(best: p, rival: rival.parameters, differencePercent: difference))
        }
        let variants = ProfileVariants.variants(model, parameters: p, covariance: covariance)
        let gateSigma = GateDistanceSpread.worstSigmaMetres(nominal: camera, postAlong: along, variants: variants)
        let spread = gateSigma <= Determinability.timeableFraction * model.length
            ? Determinability.spread(model, parameters: p, asSolved: gateSigma)
            : Determinability.TimingSpread(asSolved: gateSigma, widened: gateSigma)
        guard Determinability.timeable(spread, length: model.length) else {
            return refused(Determinability.problem(model, parameters: p, survey: survey, shortfall: .loose(spread)))
        }
        var alongRange: ClosedRange<Double>?
        if let reached = Ambiguity.flatAlongTheCourse(model, best: best, covariance: covariance) {
            let xs = ([p] + reached.map(\.parameters)).map { $0[SurveyModel.cameraX] }
            let range = (xs.min() ?? 0)...(xs.max() ?? 0)
            alongRange = range
            let difference = reached.map { Ambiguity.timingDifferencePercent(model, best: p, rival: $0.parameters).magnitude }.max() ?? 0
            if difference > Ambiguity.harmlessPercent {
                warnings.append(Ambiguity.looseAlongTheCourse(range: range, differencePercent: difference))
            }
        }
        let uncertainty = SolutionUncertainty(covariance: covariance, parameters: p, postCount: model.postCount)
        warnings += residualFindings.warnings
        warnings += EvenSpacingPrior.warnings(postAlong: along, length: model.length)
        warnings += looseness(model, uncertainty, parameters: p, gateSigmaMetres: gateSigma, survey: survey)
        let distances = residuals.flatMap { [$0.basePixels] + ($0.topPixels.map { [$0] } ?? []) }
        let rms = (distances.reduce(0) { $0 + $1 * $1 } / Double(max(1, distances.count))).squareRoot()
        return .success(CourseGeometry(
            camera: camera, postAlong: along, postAlongSigmaMetres: uncertainty.postAlongMetres, residuals: residuals,
            rmsResidualPixels: rms, heightSigmaMetres: uncertainty.heightMetres,
            distanceSigmaMetres: uncertainty.distanceMetres, fieldOfViewSigmaDegrees: uncertainty.fieldOfViewDegrees,
            markNoisePixels: model.markSigma * survey.sensorWidthPixels, markNoiseIsEstimated: noise.fromResiduals != nil,
            uncertaintyScale: model.markSigma / survey.markPrecision, variants: variants, gateDistanceSigmaMetres: gateSigma,
            cameraAlongRangeMetres: alongRange, warnings: warnings, survey: survey))
    }

    static func refused(_ problem: GeometryProblem) -> Result<CourseGeometry, GeometryFailure> {
        .failure(GeometryFailure(problems: [problem]))
    }

    static func postResiduals(_ camera: PinholeCamera, along: [Double], survey: CourseSurvey) -> [PostResidual] {
        let width = survey.sensorWidthPixels, height = survey.sensorWidthPixels / survey.sensorAspect
        func pixels(_ mark: ImagePoint, _ point: CoursePoint) -> Double {
            guard let projected = camera.project(point) else { return .infinity }
            let dx = (projected.x - mark.x) * width, dy = (projected.y - mark.y) * height
            return (dx * dx + dy * dy).squareRoot()
        }
        let pole = survey.poleHeightMetres ?? 0
        return zip(survey.posts, along).map { mark, x in
            PostResidual(basePixels: pixels(mark.base, CoursePoint(x: x, y: 0, z: 0)),
                         topPixels: mark.top.map { pixels($0, CoursePoint(x: x, y: 0, z: pole)) })
        }
    }

    /// Warnings for quantities the marks pin only loosely, each naming the measurements that would
    /// cut its sigma by at least a third and what the best of them would do to the gate distance's
    /// 1 sigma (the geometry's share of every speed's ±).
    static func looseness(_ model: SurveyModel, _ u: SolutionUncertainty, parameters p: [Double], gateSigmaMetres: Double,
                          survey: CourseSurvey) -> [String] {
        let distance = p[SurveyModel.cameraY].magnitude, height = p[SurveyModel.cameraZ]
        let fov = SurveyModel.fieldOfViewDegrees(focal: p[SurveyModel.focal])
        let improved = Determinability.available(for: survey).compactMap { remedy -> (Determinability.Remedy, SolutionUncertainty, Double)? in
            let augmented = Determinability.augmented(model, parameters: p, with: [remedy])
            guard let (_, better) = Determinability.analyse(augmented, parameters: p) else { return nil }
            return (remedy, better, Determinability.gateSigmaMetres(augmented, parameters: p))
        }
        func percent(_ metres: Double) -> String { NumberText.fixed(100 * metres / model.length, 2) + " %" }
        func firmer(_ sigma: (SolutionUncertainty) -> Double) -> String {
            let helping = improved.filter { sigma($0.1) < 2.0 / 3.0 * sigma(u) }
            guard let best = helping.min(by: { $0.2 < $1.2 }) else { return "" }
            let names = helping.map { Determinability.text($0.0, survey: survey) }
            var text = "; giving " + Determinability.list(names, joinedBy: "or") + " would firm it up"
            if best.2.isFinite && best.2 < 0.9 * gateSigmaMetres {
                text += " (with \(Determinability.text(best.0, survey: survey)) the gate distance's 1 sigma for a rider 1 m off the "
                    + "post line would be \(percent(best.2)) instead of \(percent(gateSigmaMetres)))"
            } else {
                text += ", though it barely changes the timing"
            }
            return text
        }
        var warnings: [String] = []
        if u.distanceMetres > 0.05 * distance {
            warnings.append("the camera's distance is only loosely pinned: \(NumberText.fixed(distance, 1)) ± "
                            + "\(NumberText.fixed(u.distanceMetres, 1)) m" + firmer(\.distanceMetres))
        }
        if u.heightMetres > max(0.1 * height, 0.15) {
            warnings.append("the camera's height is only loosely pinned: \(NumberText.fixed(height, 2)) ± "
                            + "\(NumberText.fixed(u.heightMetres, 2)) m" + firmer(\.heightMetres))
        }
        if u.fieldOfViewDegrees > 4 {
            warnings.append("the lens's field of view is only loosely pinned: \(NumberText.fixed(fov, 0)) ± "
                            + "\(NumberText.fixed(u.fieldOfViewDegrees, 0))°" + firmer(\.fieldOfViewDegrees))
        }
        return warnings
    }
}
