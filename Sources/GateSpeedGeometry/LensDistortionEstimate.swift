/// What ignoring barrel distortion costs, found by simulation.
///
/// Assumption: a one-parameter radial model, x_d = x·(1 + k₁r²) about the sensor centre with r = 1 at
/// the left and right edges, and a typical lens with k₁ = −0.03·(half field of view / 50°)², so a 100°
/// lens pulls the image edge in by 3 % of the half-width, a 65° lens by 1.3 %, a 120° lens by 4.3 %.
/// The simulation places a camera with that lens where the solved one stands (moved straight back,
/// same height and aim, if the course does not fit that lens with a 5 % margin each side), marks the
/// posts on the distorted image as the survey did (same tops, same camera values, exactly), solves
/// the undistorted model from those marks, and times a rider `riderOffsetMetres` nearer the camera
/// than the posts by gate-plane timing through the solved camera.
struct LensDistortionEstimate: Sendable {
    let geometry: CourseGeometry
    let riderHeightMetres: Double
    let riderOffsetMetres: Double

    /// k₁ of the assumed typical lens.
    static func typicalK1(horizontalFieldOfViewDegrees fov: Double) -> Double {
        let half = fov / 2 / 50
        return -0.03 * half * half
    }

    static func distort(_ p: ImagePoint, k1: Double, aspect: Double) -> ImagePoint {
        let x = p.x - 0.5, y = (p.y - 0.5) / aspect
        let factor = 1 + k1 * (x * x + y * y) / 0.25
        return ImagePoint(x: 0.5 + x * factor, y: 0.5 + y * factor * aspect)
    }

    /// The speed error in percent (positive = too fast), or nil when the lens cannot see the course
    /// from any distance up to 200 m or the simulation cannot be solved.
    func speedErrorPercent(horizontalFieldOfViewDegrees fov: Double) -> Double? {
        speedErrorPercent(horizontalFieldOfViewDegrees: fov, k1: LensDistortionEstimate.typicalK1(horizontalFieldOfViewDegrees: fov))
    }

    /// The same with a given k₁.
    func speedErrorPercent(horizontalFieldOfViewDegrees fov: Double, k1: Double) -> Double? {
        guard fov.isFinite, (20...170).contains(fov), k1.isFinite, k1.magnitude < 0.5 else { return nil }
        let survey = geometry.survey
        let placement = PlacementSearch(geometry: geometry, model: GatePlaneErrorModel(
            widthPixels: survey.sensorWidthPixels, heightPixels: survey.sensorWidthPixels / survey.sensorAspect,
            footPrecisionPixels: 1, smoothingFrames: 18, riderOffsetMetres: riderOffsetMetres),
                                        riderHeightMetres: riderHeightMetres, target: 0)
        var truth = geometry.camera
        truth.focalLength = PinholeCamera.focalLength(horizontalFieldOfViewDegrees: fov)
        var distance = truth.distanceMetres
        while !placement.fits(truth) {
            distance *= 1.05
            guard distance <= 200 else { return nil }
            truth = PinholeCamera(position: CoursePoint(x: truth.position.x, y: ImageRuleParallax.towardCamera(truth) * distance,
                                                        z: truth.position.z),
                                  lookingAt: placement.aim, rollDegrees: geometry.camera.rollDegrees,
                                  horizontalFieldOfViewDegrees: fov, sensorAspect: truth.sensorAspect)
        }
        let aspect = truth.sensorAspect
        let pole = survey.poleHeightMetres ?? 1.5
        var posts: [PostMark] = []
        for (mark, x) in zip(survey.posts, geometry.postAlong) {
            guard let base = truth.project(CoursePoint(x: x, y: 0, z: 0)) else { return nil }
            let top = mark.top == nil ? nil : truth.project(CoursePoint(x: x, y: 0, z: pole))
            posts.append(PostMark(base: LensDistortionEstimate.distort(base, k1: k1, aspect: aspect),
                                  top: top.map { LensDistortionEstimate.distort($0, k1: k1, aspect: aspect) }))
        }
        let hints = CameraHints(
            heightMetres: survey.camera.heightMetres.map { _ in truth.heightMetres },
            distanceMetres: survey.camera.distanceMetres.map { _ in truth.distanceMetres },
            horizontalFieldOfViewDegrees: survey.camera.horizontalFieldOfViewDegrees.map { _ in fov })
        var simulated = survey
        simulated.posts = posts
        simulated.camera = hints
        let model = SurveyModel(survey: simulated)
        let start = model.parameters(camera: truth, postAlong: geometry.postAlong)
        guard let solved = SolveSearch.run(model, starts: [start] + StartingGuesses.starts(for: model, hints: hints),
                                           screenedPerSide: 4, keptPerSide: 1).first else { return nil }
        let camera = model.camera(solved.parameters), along = model.postAlong(solved.parameters)
        let pathY = ImageRuleParallax.towardCamera(truth) * riderOffsetMetres
        /// Where the solved camera puts the rider when truly at x.
        func seen(_ x: Double) -> Double? {
            guard let image = truth.project(CoursePoint(x: x, y: pathY, z: 0)),
                  let ground = camera.groundPoint(of: LensDistortionEstimate.distort(image, k1: k1, aspect: aspect)) else { return nil }
            return ground.x
        }
        /// The true position at which the timing calls post `i` crossed (secant iterations).
        func crossing(_ i: Int) -> Double? {
            var x0 = geometry.postAlong[i], x1 = x0 + 0.1
            guard var f0 = seen(x0).map({ $0 - along[i] }) else { return nil }
            for _ in 0..<20 {
                guard let f1 = seen(x1).map({ $0 - along[i] }) else { return nil }
                if f1.magnitude < 1e-9 { return x1 }
                guard (f1 - f0).magnitude > 1e-15 else { return nil }
                let x2 = x1 - f1 * (x1 - x0) / (f1 - f0)
                (x0, f0, x1) = (x1, f1, x2)
            }
            return x1.isFinite ? x1 : nil
        }
        guard let first = crossing(0), let last = crossing(along.count - 1), (last - first).magnitude > 1e-9 else { return nil }
        return (survey.courseLengthMetres / (last - first) - 1) * 100
    }
}
