/// A solved course: the camera and where the posts stand, with how well the marks pinned them.
public struct CourseGeometry: Sendable, Equatable {
    public var camera: PinholeCamera
    /// Metres along the course for each post; first 0, last the course length.
    public var postAlong: [Double]
    /// 1-sigma uncertainty of each post's position along the course, metres (0 for the end posts).
    public var postAlongSigmaMetres: [Double]
    /// Per post, how far the solved camera puts the marks from where they were tapped, sensor pixels.
    public var residuals: [PostResidual]
    /// Root mean square over every marked point of the distance between mark and projection, pixels.
    public var rmsResidualPixels: Double
    /// 1-sigma uncertainties from the least-squares covariance, scaled by `uncertaintyScale`.
    public var heightSigmaMetres: Double
    public var distanceSigmaMetres: Double
    public var fieldOfViewSigmaDegrees: Double
    /// max(1, observed / expected residual): how much worse the marks fit than `markPrecision` predicts.
    public var uncertaintyScale: Double
    /// Alternative solutions at ±1 sigma along each principal axis of the parameter covariance
    /// (2 per free parameter).
    public var variants: [CourseGeometryVariant]
    /// Where along the course (camera x, metres) the camera fits the marks nearly as well (χ² within
    /// 4 of the best), when that is much wider than its sigma says; nil when the covariance describes
    /// it. A warning says so too.
    public var cameraAlongRangeMetres: ClosedRange<Double>?
    /// Plain-English notes: weakly determined quantities, a post that fits less well than the others, …
    public var warnings: [String]
    /// The survey this was solved from.
    public var survey: CourseSurvey

    public init(camera: PinholeCamera, postAlong: [Double], postAlongSigmaMetres: [Double], residuals: [PostResidual],
                rmsResidualPixels: Double, heightSigmaMetres: Double, distanceSigmaMetres: Double,
                fieldOfViewSigmaDegrees: Double, uncertaintyScale: Double, variants: [CourseGeometryVariant],
                cameraAlongRangeMetres: ClosedRange<Double>? = nil, warnings: [String], survey: CourseSurvey) {
        self.camera = camera
        self.postAlong = postAlong
        self.postAlongSigmaMetres = postAlongSigmaMetres
        self.residuals = residuals
        self.rmsResidualPixels = rmsResidualPixels
        self.heightSigmaMetres = heightSigmaMetres
        self.distanceSigmaMetres = distanceSigmaMetres
        self.fieldOfViewSigmaDegrees = fieldOfViewSigmaDegrees
        self.uncertaintyScale = uncertaintyScale
        self.variants = variants
        self.cameraAlongRangeMetres = cameraAlongRangeMetres
        self.warnings = warnings
        self.survey = survey
    }

    /// The posts' bases in course coordinates.
    public var posts: [CoursePoint] { postAlong.map { CoursePoint(x: $0, y: 0, z: 0) } }
}
