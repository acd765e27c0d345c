/// A second, different camera placement that fits the marks as well as the solution does.
///
/// Bases alone always allow one: with the camera's distance, height and lens known, the end posts
/// subtend the same angle from a camera the same distance to the left or to the right of the
/// course's centre, and each fits the two end bases exactly (the inner bases only place their own
/// posts). Without tops, a camera rotated about the line of posts to the other side also sees the
/// same bases. Tops tell these apart. The check solves again from the mirror image of the solution
/// (the camera reflected about the course's centre) and looks through the multi-start runs for any
/// solution within `costMargin` of the best χ² whose camera position or posts differ by more than
/// 3 sigma (plus 5 cm). A rival that would time a rider 1 m off the post line within
/// `harmlessPercent` of the solution is only a warning; otherwise the survey is refused.
///
/// The check runs on the final model: marks re-weighted by their estimated noise, inner posts held
/// by the even-spacing prior, camera values not given held by regularising priors. The spacing prior
/// alone tells most mirror images apart (the mirror needs unevenly spaced inner posts); with tops,
/// a square-on camera has no rival.
///
/// Far from the posts the camera's place along the course can be pinned more loosely than the
/// local covariance says (only the tops' perspective and the posts' even spacing tell which end is
/// nearer); `flatAlongTheCourse` measures that range, for a warning when it changes the timing.
enum Ambiguity {
    static let costMargin = 4.0
    static let harmlessPercent = 0.25

    /// How differently the two placements time a rider 1 m nearer the camera than the posts, percent.
    static func timingDifferencePercent(_ model: SurveyModel, best: [Double], rival: [Double]) -> Double {
        let timing = GatePlaneErrorModel(widthPixels: 1, heightPixels: 1, footPrecisionPixels: 0, smoothingFrames: 1,
                                         riderOffsetMetres: 1)
        let other = CourseGeometryVariant(camera: model.camera(rival), postAlong: model.postAlong(rival))
        return 100 * (timing.variantSpeedError(truth: model.camera(best), postAlong: model.postAlong(best), variant: other) ?? .infinity)
    }

    static func placements(best: [Double], rival: [Double]) -> String {
        let otherSide = (best[SurveyModel.cameraY] < 0) != (rival[SurveyModel.cameraY] < 0)
        if otherSide { return "a camera on either side of the line of posts" }
        let a = best[SurveyModel.cameraX], b = rival[SurveyModel.cameraX]
        return "two camera placements, about \(NumberText.fixed(min(a, b), 1)) m and \(NumberText.fixed(max(a, b), 1)) m along the course,"
    }

    static func warning(best: [Double], rival: [Double], differencePercent: Double) -> String {
        "the marks fit \(placements(best: best, rival: rival)) nearly equally well; they would time within "
            + "\(NumberText.fixed(differencePercent.magnitude, 2)) % of each other"
    }

    /// The mirror-image start: the camera reflected about the course's centre, re-aimed so the end
    /// posts fall on their marks, inner posts evenly spaced.
    static func mirroredStart(_ model: SurveyModel, from p: [Double]) -> [Double]? {
        guard let first = model.observations.first, let last = model.observations.last else { return nil }
        let focal = p[SurveyModel.focal]
        let position = CoursePoint(x: model.length - p[SurveyModel.cameraX], y: p[SurveyModel.cameraY], z: p[SurveyModel.cameraZ])
        guard let rotation = StartingGuesses.triad(
            cameraRays: (CoursePoint(x: first.baseX / focal, y: first.baseY / focal, z: 1),
                         CoursePoint(x: last.baseX / focal, y: last.baseY / focal, z: 1)),
            courseRays: (CoursePoint(x: 0, y: 0, z: 0) - position, CoursePoint(x: model.length, y: 0, z: 0) - position)) else { return nil }
        let a = rotation.angles
        var q = [focal, position.x, position.y, position.z, a.yaw, a.pitch, a.roll]
        for i in 1..<max(1, model.postCount - 1) { q.append(model.length * Double(i) / Double(model.postCount - 1)) }
        return q
    }

    /// The best rival solution, or nil when every solution as good as `best` is the same placement.
    static func rival(_ model: SurveyModel, best: LevenbergMarquardt.Outcome, runs: [LevenbergMarquardt.Outcome],
                      covariance: ParameterCovariance) -> LevenbergMarquardt.Outcome? {
        var candidates = runs
        if let start = mirroredStart(model, from: best.parameters),
           let mirrored = LevenbergMarquardt(maximumIterations: 300).minimise(model, from: start) {
            candidates.append(mirrored)
        }
        let compared = [SurveyModel.cameraX, SurveyModel.cameraY, SurveyModel.cameraZ]
            + Array(SurveyModel.firstInner..<model.parameterCount)
        return candidates.filter { run in
            run.cost < best.cost + costMargin && compared.contains { k in
                (run.parameters[k] - best.parameters[k]).magnitude > 3 * covariance.variance(k).squareRoot() + 0.05
            }
        }.min { $0.cost < $1.cost }
    }

    /// Where along the course the camera could stand, when the cost is much flatter along that
    /// direction than the local covariance says: the camera's x is held 3 sigma either side of the
    /// solution (everything else re-solved); a rise in χ² below `costMargin` (a Gaussian would give 9)
    /// means the sigma understates it, and the search walks on in 2-sigma steps while χ² stays within
    /// `costMargin` of the best (at most two course lengths away). Returns the farthest placements
    /// reached on each side, or nil when the cost rises as the covariance predicts.
    static func flatAlongTheCourse(_ model: SurveyModel, best: LevenbergMarquardt.Outcome,
                                   covariance: ParameterCovariance) -> [LevenbergMarquardt.Outcome]? {
        let k = SurveyModel.cameraX
        let sigma = covariance.variance(k).squareRoot()
        guard sigma.isFinite, sigma > 0 else { return nil }
        let profile = LevenbergMarquardt(maximumIterations: 40, frozen: [k])
        var reached: [LevenbergMarquardt.Outcome] = []
        var flat = false
        for sign in [-1.0, 1.0] {
            var start = best.parameters
            start[k] = best.parameters[k] + sign * 3 * sigma
            guard let probe = profile.minimise(model, from: start), probe.cost - best.cost < costMargin else { continue }
            flat = true
            var last = probe
            start = probe.parameters
            for _ in 0..<12 {
                start[k] += sign * 2 * sigma
                guard (start[k] - best.parameters[k]).magnitude <= 2 * model.length,
                      let run = profile.minimise(model, from: start), run.cost - best.cost < costMargin else { break }
                last = run
                start = run.parameters
            }
            reached.append(last)
        }
        return flat ? reached : nil
    }

    /// The warning for a camera whose place along the course the marks pin only loosely.
    static func looseAlongTheCourse(range: ClosedRange<Double>, differencePercent: Double) -> String {
        "where along the course the camera stands is only loosely pinned: anywhere from about "
            + "\(NumberText.fixed(range.lowerBound, 0)) m to \(NumberText.fixed(range.upperBound, 0)) m fits nearly as well, and "
            + "those placements would time a rider 1 m off the post line up to \(NumberText.fixed(differencePercent, 1)) % apart; "
            + "marking the post tops precisely, or moving the camera nearer the posts, would firm it up"
    }

    /// The refusal for an ambiguous survey, saying what would settle it.
    static func problem(_ model: SurveyModel, best: [Double], rival: [Double], differencePercent: Double,
                        survey: CourseSurvey) -> GeometryProblem {
        let apart = differencePercent.isFinite
            ? ", and they would time a rider 1 m off the post line \(NumberText.fixed(differencePercent.magnitude, 1)) % apart"
            : ""
        let give: String
        if Determinability.available(for: survey).contains(.tops) {
            var advice = [Determinability.text(.tops, survey: survey)]
            let settled = Determinability.augmented(model, parameters: best, with: [.tops])
            if !Determinability.timeable(settled, parameters: best) {
                let more = Determinability.remedies(settled, parameters: best, survey: survey).first?.filter { $0 != .tops } ?? []
                advice += more.map { Determinability.text($0, survey: survey) }
            }
            give = "give " + Determinability.list(advice, joinedBy: "and") + " to tell them apart"
        } else {
            give = "re-mark the post tops as precisely as you can, or move the camera nearer the posts or further round to one end"
        }
        return GeometryProblem(key: "posts", message: "the marks fit \(placements(best: best, rival: rival)) nearly equally well\(apart): \(give)")
    }
}
