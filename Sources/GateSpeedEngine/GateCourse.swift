import GateSpeedCore
import GateSpeedFrames
import GateSpeedGeometry

/// The course in world units, solved from a `GateSurvey`: where the posts stand on the ground
/// and the camera that sees them, with the mapping from view points to course coordinates
/// that gate-plane timing needs.
///
/// Course coordinates are metres: x along the line of posts from post 1 (0) to the last post
/// (the course length), y across it, z up. Built at start-up (it allocates); the mapping
/// functions used per frame do not.
public struct GateCourse: Sendable {
    public let solution: CourseGeometry
    public let frameGeometry: FrameGeometry
    /// Sensor size the solution was made for, pixels.
    public let sensorWidth: Int, sensorHeight: Int
    /// 1-sigma error of the distance between the start and finish gates as this geometry
    /// places them for a rider up to a metre either side of the line, metres.
    public let gateDistanceSigma: Double
    /// Sign of "away from the camera" along course y (+1 when the camera stands at negative y).
    public let awaySign: Double

    public var camera: PinholeCamera { solution.camera }
    /// The foot edge's precision per frame assumed for placement advice, pixels (1 sigma): the
    /// vision finds it to 0.1-0.4 px rms on simulated riders; half a pixel allows for the blur and
    /// compression of a real camera.
    public static let footPrecisionPixels = 0.5
    /// How far the rider's vertical axis stands beyond the lowest point of their silhouette,
    /// away from the camera, metres: the lowest point seen is the nearer foot's outer edge, half
    /// a skating stance (feet ~0.3 m apart) plus the skate's half-width nearer than the axis, and
    /// the edge of a foot on the ground reads a fraction of a pixel low. Its own uncertainty
    /// (±0.07 m) is in every gate-plane speed's ± (`GatePlaneTrack.depthBiasSigma`).
    public static let footToAxisMetres = 0.18
    /// Post positions along the course, metres, post 1 first.
    public var postAlong: [Double] { solution.postAlong }

    /// Solves the survey for a course `lengthMetres` long seen through `frameGeometry`.
    public static func solve(_ survey: GateSurvey, lengthMetres: Double,
                             frameGeometry: FrameGeometry) -> Result<GateCourse, GeometryFailure> {
        switch CourseSolver.solve(survey.courseSurvey(lengthMetres: lengthMetres, geometry: frameGeometry)) {
        case .failure(let failure):
            return .failure(failure)
        case .success(let solution):
            return .success(GateCourse(solution: solution, frameGeometry: frameGeometry,
                                       sensorWidth: survey.sensorWidth, sensorHeight: survey.sensorHeight))
        }
    }

    init(solution: CourseGeometry, frameGeometry: FrameGeometry, sensorWidth: Int, sensorHeight: Int) {
        self.solution = solution
        self.frameGeometry = frameGeometry
        self.sensorWidth = sensorWidth
        self.sensorHeight = sensorHeight
        awaySign = solution.camera.awaySign
        gateDistanceSigma = Self.gateDistanceSigma(solution)
    }

    /// The timing course: posts in metres along the course, each end post carrying half the
    /// gate-distance variance.
    public func timingCourse(rules: Course) -> Course {
        var course = rules
        course.posts = postAlong
        course.postUnit = .metres
        let endSigma = gateDistanceSigma / (2.0).squareRoot()
        course.postSigmas = postAlong.indices.map { $0 == 0 || $0 == postAlong.count - 1 ? endSigma : 0 }
        return course
    }

    // MARK: Mapping (per frame: no allocation)

    /// A view point (normalised, top-left origin) in the solver's sensor coordinates.
    @inline(__always)
    public func imagePoint(viewX: Double, viewY: Double) -> ImagePoint {
        let s = frameGeometry.sensorPoint(viewX: viewX, viewY: viewY)
        return ImagePoint(x: s.x, y: s.y)
    }

    /// Where a view point on the ground (a foot) stands, course metres; nil at or above the horizon.
    public func groundPoint(viewX: Double, viewY: Double) -> CoursePoint? {
        camera.groundPoint(of: imagePoint(viewX: viewX, viewY: viewY))
    }

    /// Course-metres position along the line of the point seen at a view point, given that it
    /// lies `across` metres from the line; nil when the ray runs parallel to that plane.
    public func along(viewX: Double, viewY: Double, across: Double) -> Double? {
        camera.point(through: imagePoint(viewX: viewX, viewY: viewY), across: across)?.x
    }

    /// The view point (normalised) of a course point, or nil behind the camera.
    public func viewPoint(of point: CoursePoint) -> (x: Double, y: Double)? {
        guard let image = camera.project(point) else { return nil }
        return frameGeometry.viewPoint(sensorX: image.x, sensorY: image.y)
    }

    /// The ground band `acrossMetres` either side of the post line and `beyondMetres` past the
    /// end posts, as a convex polygon in view coordinates (it may reach outside 0...1). Corners
    /// behind the camera are pulled in until they are in front of it.
    public func bandPolygon(acrossMetres: Double, beyondMetres: Double) -> [(x: Double, y: Double)] {
        let first = -beyondMetres, last = (postAlong.last ?? 0) + beyondMetres
        var corners: [(x: Double, y: Double)] = []
        for (x, y) in [(first, -acrossMetres), (last, -acrossMetres), (last, acrossMetres), (first, acrossMetres)] {
            var across = y
            var point: (x: Double, y: Double)?
            for _ in 0..<8 {
                point = viewPoint(of: CoursePoint(x: x, y: across, z: 0))
                if point != nil { break }
                across *= 0.5
            }
            if let point { corners.append(point) }
        }
        return corners
    }

    // MARK: Geometry uncertainty

    /// Spread, over the solver's ±1-sigma variants, of the distance between where a rider is
    /// placed at the start and at the finish gate. A rider is put at each end post 1 m nearer,
    /// on, and 1 m beyond the line; the nominal camera says where they appear, and each variant
    /// maps that back to its own course. Metres, 1 sigma (variants come in ± pairs).
    static func gateDistanceSigma(_ solution: CourseGeometry) -> Double {
        let nominal = solution.camera
        guard let finish = solution.postAlong.last, solution.postAlong.count >= 2 else { return 0 }
        let awayY = nominal.position.y < 0 ? 1.0 : -1.0
        var worst = 0.0
        for offset in [-1.0, 0, 1.0] {
            let across = offset * awayY
            var sumOfSquares = 0.0
            var index = 0
            let variants = solution.variants
            while index + 1 < variants.count {
                let plus = measuredDistance(variants[index], nominal: nominal, across: across, finish: finish)
                let minus = measuredDistance(variants[index + 1], nominal: nominal, across: across, finish: finish)
                if let plus, let minus {
                    let half = (plus - minus) / 2
                    sumOfSquares += half * half
                }
                index += 2
            }
            worst = max(worst, sumOfSquares.squareRoot())
        }
        return worst.isFinite ? worst : 0
    }

    /// The start-to-finish gate distance that `variant` would measure for a rider seen by the
    /// nominal camera at `across` metres from the line at each end post.
    private static func measuredDistance(_ variant: CourseGeometryVariant, nominal: PinholeCamera,
                                         across: Double, finish: Double) -> Double? {
        func place(_ x: Double) -> Double? {
            guard let foot = nominal.project(CoursePoint(x: x, y: across, z: 0)),
                  let body = nominal.project(CoursePoint(x: x, y: across, z: 1.1)),
                  let ground = variant.camera.groundPoint(of: foot),
                  let seen = variant.camera.point(through: body, across: ground.y) else { return nil }
            return seen.x
        }
        guard let start = place(0), let end = place(finish),
              let variantFirst = variant.postAlong.first, let variantLast = variant.postAlong.last else { return nil }
        return (end - variantLast) - (start - variantFirst)
    }
}
