/// Weak priors for the camera values a survey does not give, so that the directions the marks leave
/// loose stay finite and the solve always has one answer. They are regularisation, not
/// measurements: each is wide enough to hold any ordinary placement, the covariance (and so the
/// variants and every speed's ±) carries what they leave open, and they are never checked for
/// contradictions. Because they are guesses, a survey is timed only if it would be timeable with
/// them `wideningFactor` times wider too (`Determinability`): the timing must rest on the marks and
/// the given values, not on how typical the camera's placement is.
///
/// - field of view: 70 ± 35° (phones, action cameras and webcams span roughly 50–120°);
/// - height: 2.5 ± 2 m (a tripod to a first-floor window);
/// - distance: the distance at which a camera centred on the course, with the stated lens (or a
///   70° one), would see the end bases as far apart as they are marked, ± 50 %.
enum RegularisingPriors {
    static let fieldOfViewDegrees = 70.0
    static let fieldOfViewSigmaDegrees = 35.0
    static let heightMetres = 2.5
    static let heightSigmaMetres = 2.0
    /// The distance prior's sigma as a fraction of its value.
    static let distanceSigmaFraction = 0.5
    /// How much wider the priors are made to check that the timing does not rest on them.
    static let wideningFactor = 2.0

    /// The model with every regularising prior `wideningFactor` times wider; the same model when it has none.
    static func widened(_ model: SurveyModel) -> SurveyModel {
        var m = model
        m.priors = model.priors.map { prior in
            var q = prior
            if q.isRegularisation { q.sigma *= wideningFactor }
            return q
        }
        return m
    }

    /// The regularising priors for every camera value `hints` lacks.
    static func priors(observations: [SurveyModel.Observation], length: Double, hints: CameraHints) -> [SurveyModel.Prior] {
        var priors: [SurveyModel.Prior] = []
        if hints.heightMetres == nil { priors.append(prior(.height, observations: observations, length: length, hints: hints)) }
        if hints.distanceMetres == nil { priors.append(prior(.distance, observations: observations, length: length, hints: hints)) }
        if hints.horizontalFieldOfViewDegrees == nil {
            priors.append(prior(.fieldOfView, observations: observations, length: length, hints: hints))
        }
        return priors
    }

    /// The regularising prior of one kind.
    static func prior(_ kind: SurveyModel.PriorKind, observations: [SurveyModel.Observation], length: Double,
                      hints: CameraHints) -> SurveyModel.Prior {
        switch kind {
        case .height:
            return SurveyModel.Prior(kind: .height, value: heightMetres, sigma: heightSigmaMetres, isRegularisation: true)
        case .fieldOfView:
            return SurveyModel.Prior(kind: .fieldOfView, value: fieldOfViewDegrees, sigma: fieldOfViewSigmaDegrees,
                                     isRegularisation: true)
        case .distance:
            let guess = distanceGuess(observations: observations, length: length,
                                      fieldOfViewDegrees: hints.horizontalFieldOfViewDegrees ?? fieldOfViewDegrees)
            return SurveyModel.Prior(kind: .distance, value: guess, sigma: distanceSigmaFraction * guess, isRegularisation: true)
        }
    }

    /// Metres from the line of posts of a camera centred on the course that sees the end bases (in
    /// centred sensor-width units) as far apart as marked through a lens of the given field of view;
    /// one course length when the marks do not say (clamped to 1–400 m).
    static func distanceGuess(observations: [SurveyModel.Observation], length: Double, fieldOfViewDegrees: Double) -> Double {
        let fallback = min(400, max(1, length))
        guard let first = observations.first, let last = observations.last, observations.count >= 2,
              fieldOfViewDegrees.isFinite, fieldOfViewDegrees > 1, fieldOfViewDegrees < 179 else { return fallback }
        let focal = PinholeCamera.focalLength(horizontalFieldOfViewDegrees: fieldOfViewDegrees)
        guard let a = CoursePoint(x: first.baseX / focal, y: first.baseY / focal, z: 1).normalised,
              let b = CoursePoint(x: last.baseX / focal, y: last.baseY / focal, z: 1).normalised else { return fallback }
        let subtended = Trigonometry.arctangent2(a.cross(b).length, a.dot(b))
        let guess = (length / 2) / max(Trigonometry.tangent(subtended / 2), 1e-3)
        return guess.isFinite ? min(400, max(1, guess)) : fallback
    }
}
