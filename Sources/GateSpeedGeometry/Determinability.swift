/// Whether a survey pins the geometry down well enough to time with, and if not, which extra
/// measurement would.
///
/// Every survey is solved: the camera values it lacks get weak regularising priors
/// (`RegularisingPriors`), so the directions the marks leave loose stay finite and their effect is
/// carried by the covariance, the variants and every speed's ±. What matters for timing is the
/// mapping near the post line, not every camera parameter, so the test is on timing: the 1-sigma,
/// over the variants, of the start-to-finish gate distance for a rider up to 1 m off the post line
/// (`GateDistanceSpread`, the Engine's own computation) must be within `timeableFraction` of the
/// course length, both as solved and with the regularising priors twice as wide (so that a ± that
/// only the guesses keep small, and that a camera placed unlike the guesses would not honour, is
/// not trusted). Bases alone with no heights at all (no pole tops, no camera height) are refused
/// outright: nothing then says how far across the course a rider is.
///
/// `timeableFraction` is 3 %: with 1 px marks, the camera height and one more camera value, about
/// half of ordinary placements (10–60 m away, 1–4 m up) have a gate-distance sigma of 1.5–3 % for
/// a rider 1 m off the line, mostly from the marks' noise at the end posts (a pixel of a foot's
/// height is most of a metre of depth at 30 m); they are timed, with that ±. What is refused is
/// mostly a survey without the camera height, whose off-line timing rests on the poles' faint
/// convergence.
///
/// The refusal names the smallest sets of measurements that would bring the spread within the
/// limit, judged at the solution with each measurement added at the value the solution implies
/// (always including the tops when none are marked); when no measurement would, how precise the
/// marks would have to be.
enum Determinability {
    /// The largest 1-sigma gate-distance spread accepted, as a fraction of the course length.
    static let timeableFraction = 0.03

    enum Remedy: Sendable, Equatable, CaseIterable {
        case tops, height, distance, fieldOfView
    }

    /// Why a survey is refused.
    enum Shortfall: Sendable, Equatable {
        /// No pole tops and no camera height.
        case noHeights
        /// The information matrix is singular even with the regularising priors.
        case singular
        /// The variants spread the gate distance by this much (metres, 1 sigma), as solved and with
        /// the regularising priors widened.
        case loose(TimingSpread)
    }

    /// Whether anything in the survey gives a height: a marked top (with the pole height) or the camera's.
    static func hasHeights(_ survey: CourseSurvey) -> Bool {
        survey.camera.heightMetres != nil || hasTops(survey)
    }

    /// Whether any post's top is marked (with the pole height). Without tops two placements always
    /// fit the bases (`Ambiguity`), so every remedy set for a tops-less survey includes the tops.
    static func hasTops(_ survey: CourseSurvey) -> Bool {
        survey.poleHeightMetres != nil && survey.posts.contains { $0.top != nil }
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
    /// are zero there; only their Jacobian rows matter), each replacing its regularising prior.
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
                m = m.replacing(.init(kind: .height, value: camera.heightMetres, sigma: CameraHints.heightSigmaMetres))
            case .distance:
                m = m.replacing(.init(kind: .distance, value: camera.distanceMetres, sigma: CameraHints.distanceSigmaMetres))
            case .fieldOfView:
                m = m.replacing(.init(kind: .fieldOfView, value: camera.horizontalFieldOfViewDegrees,
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

    /// The gate distance's 1 sigma (metres) as solved and with the regularising priors widened.
    struct TimingSpread: Sendable, Equatable {
        var asSolved: Double
        var widened: Double
    }

    /// The 1-sigma gate-distance spread (metres) of a model at `p`, the worst of a rider 1 m nearer,
    /// on and 1 m beyond the line; infinite when it cannot be judged.
    static func gateSigmaMetres(_ model: SurveyModel, parameters p: [Double]) -> Double {
        guard let (c, _) = analyse(model, parameters: p), !c.isSingular else { return .infinity }
        return GateDistanceSpread.worstSigmaMetres(nominal: model.camera(p), postAlong: model.postAlong(p),
                                                   variants: ProfileVariants.variants(model, parameters: p, covariance: c))
    }

    /// The spread of a model at `p`; `asSolved` when already known.
    static func spread(_ model: SurveyModel, parameters p: [Double], asSolved: Double? = nil) -> TimingSpread {
        let solved = asSolved ?? gateSigmaMetres(model, parameters: p)
        let widened = model.priors.contains(where: \.isRegularisation)
            ? gateSigmaMetres(RegularisingPriors.widened(model), parameters: p) : solved
        return TimingSpread(asSolved: solved, widened: max(solved, widened))
    }

    static func timeable(_ spread: TimingSpread, length: Double) -> Bool {
        spread.widened.isFinite && spread.widened <= timeableFraction * length
    }

    /// The spread of a model at `p` when it is timeable, nil otherwise (the widened one is only
    /// computed when the one as solved passes).
    static func timeableSpread(_ model: SurveyModel, parameters p: [Double]) -> TimingSpread? {
        let solved = gateSigmaMetres(model, parameters: p)
        guard solved.isFinite, solved <= timeableFraction * model.length else { return nil }
        let s = spread(model, parameters: p, asSolved: solved)
        return timeable(s, length: model.length) ? s : nil
    }

    static func timeable(_ model: SurveyModel, parameters p: [Double]) -> Bool { timeableSpread(model, parameters: p) != nil }

    /// The smallest sets of remedies that would make the survey timeable (at most three
    /// alternatives), the one that would time most tightly first.
    static func remedies(_ model: SurveyModel, parameters p: [Double], survey: CourseSurvey) -> [[Remedy]] {
        let candidates = available(for: survey)
        guard !candidates.isEmpty else { return [] }
        for size in 1...candidates.count {
            let working = subsets(of: candidates, size: size).compactMap { set -> ([Remedy], Double)? in
                guard set.contains(.tops) || hasTops(survey),
                      let s = timeableSpread(augmented(model, parameters: p, with: set), parameters: p) else { return nil }
                return (set, s.widened)
            }
            if !working.isEmpty { return Array(working.sorted { $0.1 < $1.1 }.prefix(3).map(\.0)) }
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

    /// The problem for a survey that cannot be timed.
    static func problem(_ model: SurveyModel, parameters p: [Double], survey: CourseSurvey, shortfall: Shortfall) -> GeometryProblem {
        var notes: [String] = []
        var lead = "the marks cannot pin the geometry down"
        switch shortfall {
        case .noHeights:
            notes.append("bases alone give no heights, so nothing says how far across the course a rider is")
        case .singular:
            break
        case .loose(let spread):
            lead += " well enough to time"
            func percent(_ sigma: Double) -> String {
                sigma.isFinite ? NumberText.fixed(100 * sigma / model.length, 1) + " %" : "an unbounded amount"
            }
            var note = "a rider 1 m off the post line could be timed \(percent(spread.asSolved)) out, 1 sigma"
            if spread.asSolved <= timeableFraction * model.length {
                note += ", or \(percent(spread.widened)) if the camera values not given are less typical than assumed"
            }
            notes.append(note)
        }
        if shortfall != .noHeights, let (c, u) = analyse(model, parameters: p) {
            var loose: [String] = []
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
            if !loose.isEmpty { notes.append("they leave the camera's " + list(loose, joinedBy: "and") + " open") }
        }
        let why = notes.isEmpty ? "" : " (" + notes.joined(separator: "; ") + ")"
        let sets = remedies(model, parameters: p, survey: survey)
        let advice: String
        if !sets.isEmpty {
            advice = "give " + phrase(sets, survey: survey)
        } else if case .loose(let spread) = shortfall, let needed = neededMarkNoise(model, parameters: p, gateSigmaMetres: spread.widened) {
            let width = max(survey.sensorWidthPixels, 1)
            advice = "mark the posts more precisely (the marks are good to about \(NumberText.fixed(model.markSigma * width, 2)) px; "
                + "about \(NumberText.fixed(needed * width, 2)) px would do: zoom in on a still), or place the camera higher or nearer the posts"
        } else {
            let all = available(for: survey).map { text($0, survey: survey) }
            advice = (all.isEmpty ? "" : "give " + list(all, joinedBy: "and") + ", ")
                + "mark the posts as precisely as you can, or place the camera higher or nearer the posts"
        }
        return GeometryProblem(key: "posts", message: lead + why + ": " + advice)
    }

    /// The mark noise (sensor widths) at which the survey would be timeable, when finer marks alone
    /// would do it (at least a quarter of today's noise); nil otherwise.
    static func neededMarkNoise(_ model: SurveyModel, parameters p: [Double], gateSigmaMetres sigma: Double) -> Double? {
        guard sigma.isFinite, sigma > 0 else { return nil }
        let target = timeableFraction * model.length
        var factor = 0.95 * target / sigma
        while factor >= 0.25 {
            var finer = model
            finer.markSigma = model.markSigma * factor
            if timeable(finer, parameters: p) { return finer.markSigma }
            factor *= 0.8
        }
        return nil
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
