/// Whether a survey pins the geometry down, and if not, which extra measurement would.
///
/// The test is numerical, on the information matrix at the solution: the camera (focal length,
/// position, three angles) has seven unknowns and every inner post one more. Bases alone pin only
/// the two end posts' image positions (four numbers; inner bases just fix their own positions along
/// the line), so they need all three camera values (and even then two placements fit, see
/// `Ambiguity`). Bases and tops of poles of known height pin a plane-to-image mapping, but a camera
/// nearly square-on to the posts (the usual setup) leaves its focal length trading against its
/// distance, and its height against its tilt, so in practice the camera height and one of the field
/// of view or the distance are needed as well; a closer, steeper camera may need less. The test says
/// so from the numbers rather than from a table, and so does the advice on what to add.
enum Determinability {
    enum Remedy: Sendable, Equatable, CaseIterable {
        case tops, height, distance, fieldOfView
    }

    /// The remedies a survey could still add.
    static func available(for survey: CourseSurvey) -> [Remedy] {
        var remedies: [Remedy] = []
        if survey.posts.contains(where: { $0.top == nil }) || survey.poleHeightMetres == nil { remedies.append(.tops) }
        if survey.camera.heightMetres == nil { remedies.append(.height) }
        if survey.camera.distanceMetres == nil { remedies.append(.distance) }
        if survey.camera.horizontalFieldOfViewDegrees == nil { remedies.append(.fieldOfView) }
        return remedies
    }

    static func text(_ remedy: Remedy, survey: CourseSurvey) -> String {
        switch remedy {
        case .tops:
            let someTops = survey.posts.contains { $0.top != nil }
            return someTops && survey.poleHeightMetres != nil ? "every post's top" : "each post's top and post_height_m"
        case .height: return "camera.height_m"
        case .distance: return "camera.distance_m"
        case .fieldOfView: return "camera.hfov_deg"
        }
    }

    /// The model with the remedies added at the values the parameters `p` imply (their residuals
    /// are zero there; only their Jacobian rows matter).
    static func augmented(_ model: SurveyModel, parameters p: [Double], with remedies: [Remedy]) -> SurveyModel {
        var m = model
        let camera = model.camera(p)
        if remedies.contains(.tops) {
            if m.poleHeight <= 0 { m.poleHeight = 1.5 }
            let along = model.postAlong(p)
            for i in m.observations.indices where m.observations[i].top == nil {
                if let t = SurveyModel.planePoint(camera, CoursePoint(x: along[i], y: 0, z: m.poleHeight)) {
                    m.observations[i].top = t
                }
            }
        }
        for remedy in remedies {
            switch remedy {
            case .tops: break
            case .height:
                m.priors.append(.init(kind: .height, value: camera.heightMetres, sigma: CameraHints.heightSigmaMetres))
            case .distance:
                m.priors.append(.init(kind: .distance, value: camera.distanceMetres, sigma: CameraHints.distanceSigmaMetres))
            case .fieldOfView:
                m.priors.append(.init(kind: .fieldOfView, value: camera.horizontalFieldOfViewDegrees,
                                      sigma: CameraHints.fieldOfViewSigmaDegrees))
            }
        }
        return m
    }

    /// The covariance and sigmas of a model at `p`, or nil when its residuals cannot be evaluated.
    static func analyse(_ model: SurveyModel, parameters p: [Double], scale: Double = 1)
        -> (covariance: ParameterCovariance, uncertainty: SolutionUncertainty)? {
        guard let j = model.jacobian(p), let c = ParameterCovariance(jacobian: j, size: p.count) else { return nil }
        return (c, SolutionUncertainty(covariance: c, parameters: p, postCount: model.postCount, scale: scale))
    }

    static func pins(_ model: SurveyModel, parameters p: [Double]) -> Bool {
        guard let (c, u) = analyse(model, parameters: p) else { return false }
        return !c.isSingular && u.pinsTheGeometry(parameters: p, length: model.length)
    }

    /// The smallest sets of remedies that would pin the geometry (at most three alternatives).
    static func remedies(_ model: SurveyModel, parameters p: [Double], survey: CourseSurvey) -> [[Remedy]] {
        let candidates = available(for: survey)
        for size in 1...max(1, candidates.count) {
            let working = subsets(of: candidates, size: size).filter {
                pins(augmented(model, parameters: p, with: $0), parameters: p)
            }
            if !working.isEmpty { return Array(working.prefix(3)) }
        }
        return []
    }

    static func subsets(of items: [Remedy], size: Int) -> [[Remedy]] {
        guard size > 0 else { return [[]] }
        guard items.count >= size else { return [] }
        var result: [[Remedy]] = []
        for (i, item) in items.enumerated() {
            for rest in subsets(of: Array(items[(i + 1)...]), size: size - 1) { result.append([item] + rest) }
        }
        return result
    }

    /// A typical solution of an under-determined survey, for judging remedies at: the survey solved
    /// with weak priors (height 2.5 ± 2 m, distance one course length ± one course length, field of
    /// view 70 ± 30°) for the camera values it lacks, starting from `p`. Without them the solve may
    /// drift anywhere along the directions the marks leave open.
    static func typicalPoint(_ model: SurveyModel, from p: [Double], survey: CourseSurvey) -> [Double] {
        var regularised = model
        let present = Set(model.priors.map(\.kind))
        for prior in [SurveyModel.Prior(kind: .height, value: 2.5, sigma: 2),
                      SurveyModel.Prior(kind: .distance, value: model.length, sigma: model.length),
                      SurveyModel.Prior(kind: .fieldOfView, value: 70, sigma: 30)] where !present.contains(prior.kind) {
            regularised.priors.append(prior)
        }
        let starts = [p] + StartingGuesses.starts(for: regularised, hints: survey.camera)
        return SolveSearch.run(regularised, starts: starts, screenedPerSide: 4, keptPerSide: 1, fullIterations: 100)
            .first?.parameters ?? p
    }

    /// The problem for a survey that does not pin the geometry down.
    static func problem(_ model: SurveyModel, parameters p: [Double], survey: CourseSurvey) -> GeometryProblem {
        var loose: [String] = []
        if let (c, u) = analyse(model, parameters: p) {
            let distance = p[SurveyModel.cameraY].magnitude, height = p[SurveyModel.cameraZ]
            let huge = c.isSingular
            if huge || u.distanceMetres > 0.25 * distance {
                loose.append(huge || u.distanceMetres > distance ? "distance from the posts"
                             : "distance (\(NumberText.fixed(distance, 1)) ± \(NumberText.fixed(u.distanceMetres, 1)) m)")
            }
            if huge || u.heightMetres > 0.25 * max(height, 0.2) {
                loose.append(huge || u.heightMetres > max(height, 0.2) ? "height"
                             : "height (\(NumberText.fixed(height, 1)) ± \(NumberText.fixed(u.heightMetres, 1)) m)")
            }
            if huge || u.fieldOfViewDegrees > 10 {
                loose.append(huge || u.fieldOfViewDegrees > 40 ? "lens"
                             : "lens (\(NumberText.fixed(SurveyModel.fieldOfViewDegrees(focal: p[SurveyModel.focal]), 0)) ± \(NumberText.fixed(u.fieldOfViewDegrees, 0))°)")
            }
        }
        let why = loose.isEmpty ? "" : " (they leave the camera's " + list(loose, joinedBy: "and") + " open)"
        let sets = remedies(model, parameters: typicalPoint(model, from: p, survey: survey), survey: survey)
        let advice = sets.isEmpty
            ? "measure the camera's height, its distance from the line of posts and its lens's field of view"
            : "give " + phrase(sets, survey: survey)
        return GeometryProblem(key: "posts", message: "the marks cannot pin the geometry down\(why): \(advice)")
    }

    /// Alternative sets of remedies in words: what they share, then "either x or y" for the rest when
    /// each differs by one ("camera.height_m and either camera.distance_m or camera.hfov_deg"),
    /// otherwise the sets one after another.
    static func phrase(_ sets: [[Remedy]], survey: CourseSurvey) -> String {
        let common = Remedy.allCases.filter { r in sets.allSatisfy { $0.contains(r) } }
        let rests = sets.map { $0.filter { !common.contains($0) } }
        guard sets.count > 1, rests.allSatisfy({ $0.count == 1 }) else {
            return sets.map { list($0.map { text($0, survey: survey) }, joinedBy: "and") }.joined(separator: ", or ")
        }
        let choice = (common.isEmpty ? "" : "either ") + rests.map { text($0[0], survey: survey) }.joined(separator: " or ")
        let parts = common.map { text($0, survey: survey) } + [choice]
        if parts.count == 1 { return choice }
        if parts.count == 2 { return parts[0] + " and " + parts[1] }
        return parts.dropLast().joined(separator: ", ") + ", and " + choice
    }

    /// "a", "a and b", "a, b and c".
    static func list(_ items: [String], joinedBy word: String) -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(word) " + last
    }
}
