/// The least-squares problem of one survey: whitened reprojection residuals of the marked bases and
/// tops, one even-spacing residual per inner post (`EvenSpacingPrior`), and one residual per camera
/// prior (a measured value, or a regularising one for a value not given; `RegularisingPriors`).
///
/// Parameters, in order: focal length (sensor widths), camera x, y, z (metres), yaw, pitch, roll
/// (radians, as `PinholeCamera`'s angle initialiser), then the inner posts' positions along the line
/// (metres). Post 1 is fixed at x = 0 and the last post at x = length; all stand on y = 0.
///
/// Marks are held in centred sensor-width units: X = x − 0.5, Y = (y − 0.5) / aspect, so one unit is
/// a sensor width in both directions and a residual of `markSigma` is one sigma.
struct SurveyModel: Sendable {
    enum PriorKind: Sendable, Equatable, CaseIterable { case height, distance, fieldOfView }

    struct Prior: Sendable, Equatable {
        var kind: PriorKind
        /// Metres (height, distance) or degrees (field of view).
        var value: Double
        /// 1 sigma, in the value's unit.
        var sigma: Double
        /// True for a weak prior standing in for a value the survey does not give (never checked
        /// for contradictions, never quoted as given).
        var isRegularisation = false
    }

    struct Observation: Sendable, Equatable {
        var baseX: Double, baseY: Double
        var top: (x: Double, y: Double)?

        static func == (a: Observation, b: Observation) -> Bool {
            a.baseX == b.baseX && a.baseY == b.baseY && a.top?.x == b.top?.x && a.top?.y == b.top?.y
        }
    }

    static let focal = 0, cameraX = 1, cameraY = 2, cameraZ = 3, yaw = 4, pitch = 5, roll = 6, firstInner = 7

    var observations: [Observation]
    var poleHeight: Double
    var length: Double
    var aspect: Double
    /// 1-sigma of a mark, sensor widths (both directions).
    var markSigma: Double
    /// Whether the inner posts carry the even-spacing residuals.
    var evenSpacing: Bool
    var priors: [Prior]

    var postCount: Int { observations.count }
    var innerPostCount: Int { max(0, postCount - 2) }
    var parameterCount: Int { SurveyModel.firstInner + innerPostCount }
    var markResidualCount: Int { observations.reduce(0) { $0 + ($1.top == nil ? 2 : 4) } }
    var spacingResidualCount: Int { evenSpacing ? innerPostCount : 0 }
    var residualCount: Int { markResidualCount + spacingResidualCount + priors.count }
    /// The priors standing for values the user measured.
    var measuredPriors: [Prior] { priors.filter { !$0.isRegularisation } }

    init(observations: [Observation], poleHeight: Double, length: Double, aspect: Double, markSigma: Double,
         evenSpacing: Bool = true, priors: [Prior]) {
        self.observations = observations
        self.poleHeight = poleHeight
        self.length = length
        self.aspect = aspect
        self.markSigma = markSigma
        self.evenSpacing = evenSpacing
        self.priors = priors
    }

    /// The model of a validated survey: a prior for every camera value it gives, a regularising
    /// prior for every one it lacks, and the even-spacing residuals.
    init(survey: CourseSurvey) {
        let aspect = survey.sensorAspect
        let observations = survey.posts.map { mark in
            Observation(baseX: mark.base.x - 0.5, baseY: (mark.base.y - 0.5) / aspect,
                        top: mark.top.map { (x: $0.x - 0.5, y: ($0.y - 0.5) / aspect) })
        }
        self.init(observations: observations, poleHeight: survey.poleHeightMetres ?? 0, length: survey.courseLengthMetres,
                  aspect: aspect, markSigma: survey.markPrecision,
                  priors: SurveyModel.priors(of: survey.camera)
                    + RegularisingPriors.priors(observations: observations, length: survey.courseLengthMetres, hints: survey.camera))
    }

    /// The model with `prior` in place of any prior of the same kind.
    func replacing(_ prior: Prior) -> SurveyModel {
        var m = self
        m.priors.removeAll { $0.kind == prior.kind }
        m.priors.append(prior)
        return m
    }

    /// The measured priors for the values `hints` gives.
    static func priors(of hints: CameraHints) -> [Prior] {
        var priors: [Prior] = []
        if let h = hints.heightMetres { priors.append(Prior(kind: .height, value: h, sigma: CameraHints.heightSigmaMetres)) }
        if let d = hints.distanceMetres {
            priors.append(Prior(kind: .distance, value: d, sigma: CameraHints.distanceSigmaMetres))
        }
        if let f = hints.horizontalFieldOfViewDegrees {
            priors.append(Prior(kind: .fieldOfView, value: f, sigma: CameraHints.fieldOfViewSigmaDegrees))
        }
        return priors
    }

    func camera(_ p: [Double]) -> PinholeCamera {
        PinholeCamera(position: CoursePoint(x: p[SurveyModel.cameraX], y: p[SurveyModel.cameraY], z: p[SurveyModel.cameraZ]),
                      focalLength: p[SurveyModel.focal], sensorAspect: aspect,
                      yaw: p[SurveyModel.yaw], pitch: p[SurveyModel.pitch], roll: p[SurveyModel.roll])
    }

    /// Every post's position along the line, metres: 0, the inner parameters, the length.
    func postAlong(_ p: [Double]) -> [Double] {
        guard postCount >= 2 else { return [0] }
        return [0] + Array(p[SurveyModel.firstInner..<parameterCount]) + [length]
    }

    /// The parameters of a camera and post positions (the inverse of `camera` and `postAlong`).
    func parameters(camera: PinholeCamera, postAlong: [Double]) -> [Double] {
        let a = camera.angles
        var p = [camera.focalLength, camera.position.x, camera.position.y, camera.position.z, a.yaw, a.pitch, a.roll]
        if postAlong.count == postCount && postCount > 2 { p += postAlong[1..<(postCount - 1)] }
        return p
    }

    /// Centred sensor-width coordinates of a course point, or nil behind the camera.
    static func planePoint(_ camera: PinholeCamera, _ point: CoursePoint) -> (x: Double, y: Double)? {
        let c = camera.cameraCoordinates(point)
        guard c.z > 1e-9, c.isFinite else { return nil }
        return (camera.focalLength * c.x / c.z, camera.focalLength * c.y / c.z)
    }

    /// The whitened residuals (marks first, post by post: base x, base y, then top x, top y when
    /// marked; then the inner posts' even-spacing residuals; then the priors), or nil when a post
    /// falls behind the camera or the focal length is not positive.
    func residuals(_ p: [Double]) -> [Double]? {
        var r = [Double](repeating: 0, count: residualCount)
        return fillResiduals(p, into: &r) ? r : nil
    }

    /// Writes the residuals into `r` (of `residualCount` elements); false when they cannot be evaluated.
    func fillResiduals(_ p: [Double], into r: inout [Double]) -> Bool {
        guard p.count == parameterCount, r.count == residualCount, p.allSatisfy(\.isFinite),
              p[SurveyModel.focal] > 1e-6 else { return false }
        let cam = camera(p)
        var row = 0
        for i in observations.indices {
            let along = i == 0 ? 0 : (i == postCount - 1 ? length : p[SurveyModel.firstInner + i - 1])
            guard fillPostResiduals(cam, post: i, along: along, into: &r, at: row) else { return false }
            row += observations[i].top == nil ? 2 : 4
        }
        if evenSpacing {
            for i in 1..<max(1, postCount - 1) {
                r[row] = EvenSpacingPrior.residual(along: p[SurveyModel.firstInner + i - 1], index: i, count: postCount, length: length)
                row += 1
            }
        }
        for prior in priors {
            r[row] = SurveyModel.priorResidual(prior, p)
            row += 1
        }
        return r.allSatisfy(\.isFinite)
    }

    static func priorResidual(_ prior: Prior, _ p: [Double]) -> Double {
        switch prior.kind {
        case .height: return (p[cameraZ] - prior.value) / prior.sigma
        case .distance: return (p[cameraY].magnitude - prior.value) / prior.sigma
        case .fieldOfView: return (fieldOfViewDegrees(focal: p[focal]) - prior.value) / prior.sigma
        }
    }

    static func fieldOfViewDegrees(focal: Double) -> Double {
        Trigonometry.degrees(fromRadians: 2 * Trigonometry.arctangent(0.5 / focal))
    }

    /// Step sizes for central differences, scaled to each parameter.
    func differenceSteps(_ p: [Double]) -> [Double] {
        p.indices.map { j in
            let typical: Double
            switch j {
            case SurveyModel.focal: typical = 0.5
            case SurveyModel.yaw, SurveyModel.pitch, SurveyModel.roll: typical = 0.1
            default: typical = 1
            }
            return 1e-6 * max(p[j].magnitude, typical)
        }
    }

    /// The Jacobian (row-major, residualCount × parameterCount) by central differences, or nil when
    /// the residuals cannot be evaluated at `p`. A side that cannot be evaluated falls back to a
    /// one-sided difference. An inner post's column is zero outside that post's own residuals and its
    /// even-spacing residual (whose derivative is exactly 1 / sigma).
    func jacobian(_ p: [Double]) -> [Double]? {
        guard let r0 = residuals(p) else { return nil }
        let m = r0.count, n = p.count
        var j = [Double](repeating: 0, count: m * n)
        let steps = differenceSteps(p)
        var rowOfPost = [Int](repeating: 0, count: postCount + 1)
        for (i, o) in observations.enumerated() { rowOfPost[i + 1] = rowOfPost[i] + (o.top == nil ? 2 : 4) }
        var plus = r0, minus = r0
        var shifted = p
        let cam = camera(p)
        for k in 0..<n {
            let rows: Range<Int>
            let plusValid: Bool, minusValid: Bool
            if k >= SurveyModel.firstInner {
                let post = k - SurveyModel.firstInner + 1
                rows = rowOfPost[post]..<rowOfPost[post + 1]
                plusValid = fillPostResiduals(cam, post: post, along: p[k] + steps[k], into: &plus, at: rows.lowerBound)
                minusValid = fillPostResiduals(cam, post: post, along: p[k] - steps[k], into: &minus, at: rows.lowerBound)
            } else {
                rows = 0..<m
                shifted[k] = p[k] + steps[k]
                plusValid = fillResiduals(shifted, into: &plus)
                shifted[k] = p[k] - steps[k]
                minusValid = fillResiduals(shifted, into: &minus)
                shifted[k] = p[k]
            }
            for i in rows {
                switch (plusValid, minusValid) {
                case (true, true): j[i * n + k] = (plus[i] - minus[i]) / (2 * steps[k])
                case (true, false): j[i * n + k] = (plus[i] - r0[i]) / steps[k]
                case (false, true): j[i * n + k] = (r0[i] - minus[i]) / steps[k]
                case (false, false): j[i * n + k] = 0
                }
            }
            if k >= SurveyModel.firstInner && evenSpacing {
                let spacingRow = markResidualCount + (k - SurveyModel.firstInner)
                j[spacingRow * n + k] = 1 / EvenSpacingPrior.sigmaMetres
            }
        }
        return j
    }

    /// Writes one post's whitened residuals, with the post standing at `along`, into `r` from `row`;
    /// false behind the camera.
    func fillPostResiduals(_ cam: PinholeCamera, post i: Int, along: Double, into r: inout [Double], at row: Int) -> Bool {
        let o = observations[i]
        guard let b = SurveyModel.planePoint(cam, CoursePoint(x: along, y: 0, z: 0)) else { return false }
        r[row] = (b.x - o.baseX) / markSigma
        r[row + 1] = (b.y - o.baseY) / markSigma
        if let top = o.top {
            guard let t = SurveyModel.planePoint(cam, CoursePoint(x: along, y: 0, z: poleHeight)) else { return false }
            r[row + 2] = (t.x - top.x) / markSigma
            r[row + 3] = (t.y - top.y) / markSigma
        }
        return true
    }
}
