/// The expected speed error of gate-plane timing (a post is crossed when the rider's ground position,
/// found from the foot point through the solved camera, passes the post's position along the course).
///
/// Two independent parts, combined in quadrature and quoted at 95 % (×1.96) as a fraction of the
/// course length:
/// - foot noise: the foot point's vertical position is known to `footPrecisionPixels` per frame and
///   smoothed over `smoothingFrames` with a local quadratic fit (noise factor √(2.25 / N)); at each end
///   post the ground position moves by ∂x/∂v per pixel of v (computed directly through the camera,
///   ≈ tan(sight line's angle from square-on) × ∂depth/∂v); the two ends add in quadrature;
/// - geometry: the spread, over the ±1 sigma variants of the solve, of the speed a rider
///   `riderOffsetMetres` nearer the camera than the posts would be timed at when the true camera is
///   the nominal one and the timing uses the variant.
struct GatePlaneErrorModel: Sendable, Equatable {
    var widthPixels: Double
    var heightPixels: Double
    var footPrecisionPixels: Double
    var smoothingFrames: Int
    var riderOffsetMetres: Double

    /// Foot noise after smoothing, pixels.
    var smoothedFootPixels: Double { footPrecisionPixels * (2.25 / Double(max(1, smoothingFrames))).squareRoot() }

    /// 1-sigma along-course error at a post base from the smoothed foot noise, metres; infinite when
    /// the post is not seen on the ground.
    func footErrorMetres(_ camera: PinholeCamera, along: Double) -> Double {
        guard let image = camera.project(CoursePoint(x: along, y: 0, z: 0)) else { return .infinity }
        let step = 1 / heightPixels
        guard let below = camera.groundPoint(of: ImagePoint(x: image.x, y: image.y + step)),
              let above = camera.groundPoint(of: ImagePoint(x: image.x, y: image.y - step)) else { return .infinity }
        let perPixel = (below.x - above.x).magnitude / 2
        return perPixel * smoothedFootPixels
    }

    /// 95 % speed error from foot noise alone, percent.
    func footErrorPercent(_ camera: PinholeCamera, postAlong: [Double]) -> Double {
        guard let first = postAlong.first, let last = postAlong.last, last > first else { return .infinity }
        let a = footErrorMetres(camera, along: first), b = footErrorMetres(camera, along: last)
        return 1.96 * (a * a + b * b).squareRoot() / (last - first) * 100
    }

    /// The speed error (fraction, positive = too fast) when the truth is `truth` but the timing uses
    /// `variant`, for a rider `riderOffsetMetres` nearer the camera; nil when undefined.
    func variantSpeedError(truth: PinholeCamera, postAlong: [Double], variant: CourseGeometryVariant) -> Double? {
        guard let first = postAlong.first, let last = postAlong.last,
              let vFirst = variant.postAlong.first, let vLast = variant.postAlong.last else { return nil }
        let pathY = ImageRuleParallax.towardCamera(truth) * riderOffsetMetres
        func shift(_ x: Double, _ variantX: Double) -> Double? {
            guard let image = truth.project(CoursePoint(x: x, y: pathY, z: 0)),
                  let seen = variant.camera.groundPoint(of: image) else { return nil }
            return seen.x - variantX
        }
        guard let s1 = shift(first, vFirst), let s2 = shift(last, vLast) else { return nil }
        let length = last - first
        // Timed from where the variant thinks the rider reaches each post: the course looks
        // (length − (s2 − s1)) long.
        return length / (length - (s2 - s1)) - 1
    }

    /// 95 % speed error from the geometry's uncertainty, percent: 1.96 × √(½ Σ error²) over the ±
    /// variant pairs. Infinite when a variant cannot time the rider.
    func geometryErrorPercent(truth: PinholeCamera, postAlong: [Double], variants: [CourseGeometryVariant]) -> Double {
        var sum = 0.0
        for variant in variants {
            guard let e = variantSpeedError(truth: truth, postAlong: postAlong, variant: variant), e.isFinite else { return .infinity }
            sum += e * e
        }
        return 1.96 * (sum / 2).squareRoot() * 100
    }

    func combined(foot: Double, geometry: Double) -> Double { (foot * foot + geometry * geometry).squareRoot() }

    /// The ±1 sigma variants a survey like `survey` (same marks marked, same camera values given,
    /// marks as precise as `markNoise`, in sensor widths) would give for a camera placed at
    /// `camera`; nil when a post would be behind the camera.
    static func hypotheticalVariants(camera: PinholeCamera, postAlong: [Double], survey: CourseSurvey,
                                     markNoise: Double) -> [CourseGeometryVariant]? {
        let pole = survey.poleHeightMetres ?? 0
        let aspect = camera.sensorAspect
        var posts: [PostMark] = []
        for (mark, x) in zip(survey.posts, postAlong) {
            guard let base = camera.project(CoursePoint(x: x, y: 0, z: 0)) else { return nil }
            var post = PostMark(base: base)
            if mark.top != nil {
                guard let top = camera.project(CoursePoint(x: x, y: 0, z: pole)) else { return nil }
                post.top = top
            }
            posts.append(post)
        }
        let hints = CameraHints(
            heightMetres: survey.camera.heightMetres.map { _ in camera.heightMetres },
            distanceMetres: survey.camera.distanceMetres.map { _ in camera.distanceMetres },
            horizontalFieldOfViewDegrees: survey.camera.horizontalFieldOfViewDegrees.map { _ in camera.horizontalFieldOfViewDegrees })
        let hypothetical = CourseSurvey(posts: posts, poleHeightMetres: survey.poleHeightMetres,
                                        courseLengthMetres: survey.courseLengthMetres, camera: hints, sensorAspect: aspect,
                                        sensorWidthPixels: survey.sensorWidthPixels, markPrecision: markNoise)
        let model = SurveyModel(survey: hypothetical)
        let p = model.parameters(camera: camera, postAlong: postAlong)
        guard let (covariance, _) = Determinability.analyse(model, parameters: p), !covariance.isSingular else { return nil }
        return ProfileVariants.variants(model, parameters: p, covariance: covariance)
    }

    /// Expected 95 % error, percent, of a hypothetical placement with marks as precise as
    /// `markNoise` (sensor widths); infinite when it cannot be judged.
    func expectedErrorPercent(camera: PinholeCamera, postAlong: [Double], survey: CourseSurvey, markNoise: Double) -> Double {
        guard let variants = GatePlaneErrorModel.hypotheticalVariants(camera: camera, postAlong: postAlong, survey: survey,
                                                                      markNoise: markNoise) else { return .infinity }
        return combined(foot: footErrorPercent(camera, postAlong: postAlong),
                        geometry: geometryErrorPercent(truth: camera, postAlong: postAlong, variants: variants))
    }
}
