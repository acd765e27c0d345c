/// Checks each measured camera value against what the marks (and the other measured values) imply
/// without it: solved again with that prior replaced by its regularising one (`RegularisingPriors`;
/// regularising priors themselves are never checked), a given value further than
/// 3·√(σ_implied² + σ_prior²) plus a tolerance (5 % of the value, at least 0.3 m or 2°) from the
/// implied one is a contradiction. A value the rest cannot pin (implied sigma over half the value)
/// cannot be contradicted. The value must also cost the fit: leaving it out must lower χ² by more
/// than `minimumCostRise` (a likelihood-ratio test), so that a second, distant solution the marks
/// alone cannot tell from the first is not mistaken for a contradiction. The search without the value
/// is kept short: a value that can be contradicted leaves a well-pinned problem, which converges fast.
enum ContradictionCheck {
    static let minimumCostRise = 9.0

    static func problems(_ model: SurveyModel, solution: [Double], cost: Double, survey: CourseSurvey) -> [GeometryProblem] {
        var problems: [GeometryProblem] = []
        for prior in model.measuredPriors {
            var hints = survey.camera
            switch prior.kind {
            case .height: hints.heightMetres = nil
            case .distance: hints.distanceMetres = nil
            case .fieldOfView: hints.horizontalFieldOfViewDegrees = nil
            }
            let without = model.replacing(RegularisingPriors.prior(prior.kind, observations: model.observations,
                                                                   length: model.length, hints: hints))
            let starts = [solution] + StartingGuesses.starts(for: without, hints: hints)
            guard let run = SolveSearch.run(without, starts: starts, screenedPerSide: 6, keptPerSide: 2, fullIterations: 60).first, run.converged else { continue }
            let q = run.parameters
            guard let (covariance, _) = Determinability.analyse(without, parameters: q), !covariance.isSingular else { continue }
            let u = SolutionUncertainty(covariance: covariance, parameters: q, postCount: without.postCount)
            let implied: Double, sigma: Double, tolerance: Double
            switch prior.kind {
            case .height:
                (implied, sigma, tolerance) = (q[SurveyModel.cameraZ], u.heightMetres, max(0.05 * prior.value, 0.3))
            case .distance:
                (implied, sigma, tolerance) = (q[SurveyModel.cameraY].magnitude, u.distanceMetres, max(0.05 * prior.value, 0.3))
            case .fieldOfView:
                (implied, sigma, tolerance) = (SurveyModel.fieldOfViewDegrees(focal: q[SurveyModel.focal]), u.fieldOfViewDegrees,
                                               max(0.05 * prior.value, 2))
            }
            guard sigma.isFinite, sigma <= 0.5 * implied else { continue }
            let limit = 3 * (sigma * sigma + prior.sigma * prior.sigma).squareRoot() + tolerance
            guard (prior.value - implied).magnitude > limit, cost - run.cost > minimumCostRise else { continue }
            problems.append(problem(prior, implied: implied, sigma: sigma, others: without.measuredPriors))
        }
        // Two values each contradicted by the marks and the other: the marks cannot tell which is wrong.
        guard problems.count > 1 else { return problems }
        let keys = problems.map(\.key)
        return problems.map { p in
            var q = p
            q.message.removeLast()
            q.message += "; either this or " + Determinability.list(keys.filter { $0 != p.key }, joinedBy: "or") + " is wrong)"
            return q
        }
    }

    static func key(_ kind: SurveyModel.PriorKind) -> String {
        switch kind {
        case .height: return "camera.height_m"
        case .distance: return "camera.distance_m"
        case .fieldOfView: return "camera.hfov_deg"
        }
    }

    static func problem(_ prior: SurveyModel.Prior, implied: Double, sigma: Double, others: [SurveyModel.Prior]) -> GeometryProblem {
        let source = others.isEmpty ? "the marked posts"
            : "the marked posts with " + Determinability.list(others.map { "\(key($0.kind)) \(NumberText.trimmed($0.value))" }, joinedBy: "and")
        let given = NumberText.trimmed(prior.value)
        switch prior.kind {
        case .height:
            let places = sigma < 0.1 ? 2 : 1
            return GeometryProblem(key: "camera.height_m", message: "\(given) contradicts \(source), which put the camera "
                + "\(NumberText.fixed(implied, places)) ± \(NumberText.fixed(sigma, places)) m above the ground "
                + "(the perspective of the posts does not fit that height)")
        case .distance:
            return GeometryProblem(key: "camera.distance_m", message: "\(given) contradicts \(source), which put the camera "
                + "\(NumberText.fixed(implied, 1)) ± \(NumberText.fixed(sigma, 1)) m from the line of posts "
                + "(the size and spacing of the posts in the picture do not fit that distance)")
        case .fieldOfView:
            return GeometryProblem(key: "camera.hfov_deg", message: "\(given) contradicts \(source), which give the lens a "
                + "horizontal field of view of \(NumberText.fixed(implied, 0)) ± \(NumberText.fixed(max(sigma, 0.5), 0))° "
                + "(the size and spacing of the posts in the picture do not fit that lens)")
        }
    }
}
