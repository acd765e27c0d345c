/// Solves a pinhole camera and the posts' positions from one still frame's marks.
///
/// Levenberg–Marquardt on the reprojection residuals of every marked base and top (whitened by the
/// mark precision) plus one residual per measured camera value (priors: height ±0.1 m, distance
/// ±0.5 m, field of view ±2°), with a central-difference Jacobian. Parameters: focal length, camera
/// x, y, z, yaw, pitch, roll and the inner posts' positions along the line. Many starts (see
/// `StartingGuesses`) on both sides of the line of posts; the lowest χ² wins.
///
/// After solving, in this order: the geometry must be pinned (`Determinability`); the solve must
/// have converged; no mark may sit far from where the solution puts it (`ResidualCheck`); each
/// measured camera value must agree with what the marks and the other values imply
/// (`ContradictionCheck`); and no different placement may fit as well and time differently
/// (`Ambiguity`). Loosely pinned quantities and a mark a few pixels out become warnings.
public enum CourseSolver {
    public static func solve(_ survey: CourseSurvey) -> Result<CourseGeometry, GeometryFailure> {
        let problems = SurveyValidation.problems(in: survey)
        guard problems.isEmpty else { return .failure(GeometryFailure(problems: problems)) }
        let model = SurveyModel(survey: survey)
        let runs = SolveSearch.run(model, starts: StartingGuesses.starts(for: model, hints: survey.camera))
        guard let best = runs.first else {
            return refused(GeometryProblem(key: "posts",
                                           message: "no camera can see these marks as posts standing on flat ground; check the marks"))
        }
        let p = best.parameters
        guard let (covariance, _) = Determinability.analyse(model, parameters: p), !covariance.isSingular,
              SolutionUncertainty(covariance: covariance, parameters: p, postCount: model.postCount)
                .pinsTheGeometry(parameters: p, length: model.length) else {
            return refused(Determinability.problem(model, parameters: p, survey: survey))
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
        if let rival = Ambiguity.rival(model, best: best, runs: runs, covariance: covariance) {
            let difference = Ambiguity.timingDifferencePercent(model, best: p, rival: rival.parameters)
            guard difference.magnitude <= Ambiguity.harmlessPercent else {
                return refused(Ambiguity.problem(model, best: p, rival: rival.parameters, differencePercent: difference, survey: survey))
            }
            warnings.append(Ambiguity.warning(best: p, rival: rival.parameters, differencePercent: difference))
        }
        var alongRange: ClosedRange<Double>?
        if let reached = Ambiguity.flatAlongTheCourse(model, best: best, covariance: covariance) {
            let xs = ([p] + reached.map(\.parameters)).map { $0[SurveyModel.cameraX] }
            let range = (xs.min() ?? 0)...(xs.max() ?? 0)
            alongRange = range
            let difference = reached.map { Ambiguity.timingDifferencePercent(model, best: p, rival: $0.parameters).magnitude }.max() ?? 0
            warnings.append(Ambiguity.looseAlongTheCourse(range: range, differencePercent: difference))
        }
        let scale = residualScale(model, cost: best.cost)
        let uncertainty = SolutionUncertainty(covariance: covariance, parameters: p, postCount: model.postCount, scale: scale)
        warnings += residualFindings.warnings
        warnings += looseness(model, uncertainty, parameters: p, scale: scale, survey: survey)
        let variants = covariance.axes.flatMap { axis in
            [1.0, -1.0].map { sign in
                let q = zip(p, axis).map { $0 + sign * scale * $1 }
                return CourseGeometryVariant(camera: model.camera(q), postAlong: model.postAlong(q))
            }
        }
        let distances = residuals.flatMap { [$0.basePixels] + ($0.topPixels.map { [$0] } ?? []) }
        let rms = (distances.reduce(0) { $0 + $1 * $1 } / Double(max(1, distances.count))).squareRoot()
        return .success(CourseGeometry(
            camera: camera, postAlong: along, postAlongSigmaMetres: uncertainty.postAlongMetres, residuals: residuals,
            rmsResidualPixels: rms, heightSigmaMetres: uncertainty.heightMetres,
            distanceSigmaMetres: uncertainty.distanceMetres, fieldOfViewSigmaDegrees: uncertainty.fieldOfViewDegrees,
            uncertaintyScale: scale, variants: variants, cameraAlongRangeMetres: alongRange, warnings: warnings, survey: survey))
    }

    static func refused(_ problem: GeometryProblem) -> Result<CourseGeometry, GeometryFailure> {
        .failure(GeometryFailure(problems: [problem]))
    }

    /// max(1, √(χ² / degrees of freedom)); 1 when nothing is left over to judge the fit by.
    static func residualScale(_ model: SurveyModel, cost: Double) -> Double {
        let freedom = model.residualCount - model.parameterCount
        guard freedom > 0, cost.isFinite else { return 1 }
        return max(1, (cost / Double(freedom)).squareRoot())
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
    /// cut its sigma by at least a third.
    static func looseness(_ model: SurveyModel, _ u: SolutionUncertainty, parameters p: [Double], scale: Double,
                          survey: CourseSurvey) -> [String] {
        let distance = p[SurveyModel.cameraY].magnitude, height = p[SurveyModel.cameraZ]
        let fov = SurveyModel.fieldOfViewDegrees(focal: p[SurveyModel.focal])
        let improved = Determinability.available(for: survey).compactMap { remedy -> (Determinability.Remedy, SolutionUncertainty)? in
            guard let (_, better) = Determinability.analyse(Determinability.augmented(model, parameters: p, with: [remedy]),
                                                            parameters: p, scale: scale) else { return nil }
            return (remedy, better)
        }
        func firmer(_ sigma: (SolutionUncertainty) -> Double) -> String {
            let helping = improved.filter { sigma($0.1) < 2.0 / 3.0 * sigma(u) }.map { Determinability.text($0.0, survey: survey) }
            return helping.isEmpty ? "" : "; giving " + Determinability.list(helping, joinedBy: "or") + " would firm it up"
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
