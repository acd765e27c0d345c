/// Everything the course solver is given: the marked posts, the known lengths and what is known
/// about the camera.
public struct CourseSurvey: Sendable, Equatable {
    /// The marks, post 1 first (`posts`).
    public var posts: [PostMark]
    /// Height of the poles above the ground, metres (`post_height_m`); needed when any top is marked.
    public var poleHeightMetres: Double?
    /// Distance from the first post to the last, metres (`length_m`).
    public var courseLengthMetres: Double
    /// Measured camera values, each optional (`camera.*`).
    public var camera: CameraHints
    /// Sensor width / height, in pixels (e.g. 4/3 for 640 × 480).
    public var sensorAspect: Double
    /// Sensor width in pixels, for residuals in pixels and the placement advice.
    public var sensorWidthPixels: Double
    /// The assumed 1-sigma precision of a tapped mark, as a fraction of the sensor width (in both
    /// directions). It weights the first fit; the covariance then uses the noise the fit's residuals
    /// show (`CourseGeometry.markNoisePixels`, at least 0.3 px), and this value only when too few
    /// marks are left over to judge (fewer than 4 degrees of freedom, e.g. two posts).
    public var markPrecision: Double

    public init(posts: [PostMark], poleHeightMetres: Double? = nil, courseLengthMetres: Double,
                camera: CameraHints = CameraHints(), sensorAspect: Double, sensorWidthPixels: Double,
                markPrecision: Double = CourseSurvey.defaultMarkPrecision) {
        self.posts = posts
        self.poleHeightMetres = poleHeightMetres
        self.courseLengthMetres = courseLengthMetres
        self.camera = camera
        self.sensorAspect = sensorAspect
        self.sensorWidthPixels = sensorWidthPixels
        self.markPrecision = markPrecision
    }

    /// About one pixel on a 640-wide sensor.
    public static let defaultMarkPrecision = 0.0015
}
