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
    /// 1-sigma uncertainties from the least-squares covariance with the marks weighted by
    /// `markNoisePixels`: camera height (metres), distance from the line of posts (metres) and
    /// horizontal field of view (degrees).
    public var heightSigmaMetres: Double
    public var distanceSigmaMetres: Double
    public var fieldOfViewSigmaDegrees: Double
    /// The 1-sigma of a mark (each direction) the covariance was computed with, sensor pixels: the
    /// noise the fit's residuals show (`MarkNoiseEstimate`), at least 0.3 px; the stated
    /// `markPrecision` when too few marks are left over to judge it (`markNoiseIsEstimated` false).
    public var markNoisePixels: Double
    /// Whether `markNoisePixels` comes from the residuals (true) or is the stated precision.
    public var markNoiseIsEstimated: Bool
    /// `markNoisePixels` over the stated precision: how much better (< 1) or worse (> 1) the marks
    /// are than `CourseSurvey.markPrecision` assumed.
    public var uncertaintyScale: Double
    /// Alternative solutions at ±1 sigma along each principal axis of the parameter covariance
    /// (2 per free parameter), in ± pairs.
    public var variants: [CourseGeometryVariant]
    /// 1-sigma, over `variants`, of the start-to-finish gate distance for a rider up to 1 m either
    /// side of the post line (the worst of 1 m nearer, on and 1 m beyond), metres; computed as the
    /// Engine does (`GateDistanceSpread`). Surveys for which this exceeds 3 % of the course length
    /// (or would with the regularising priors widened) are refused.
    public var gateDistanceSigmaMetres: Double
    /// Where along the course (camera x, metres) the camera fits the marks nearly as well (χ² within
    /// 4 of the best), when that is much wider than its sigma says; nil when the covariance describes
    /// it. A warning says so too when those placements would time differently (by more than 0.25 %).
    public var cameraAlongRangeMetres: ClosedRange<Double>?
    /// Plain-English notes: weakly determined quantities, a post that fits less well than the others, …
    public var warnings: [String]
    /// The survey this was solved from.
    public var survey: CourseSurvey

    public init(camera: PinholeCamera, postAlong: [Double], postAlongSigmaMetres: [Double], residuals: [PostResidual],
                rmsResidualPixels: Double, heightSigmaMetres: Double, distanceSigmaMetres: Double,
                fieldOfViewSigmaDegrees: Double, markNoisePixels: Double, markNoiseIsEstimated: Bool,
                uncertaintyScale: Double, variants: [CourseGeometryVariant], gateDistanceSigmaMetres: Double,
                cameraAlongRangeMetres: ClosedRange<Double>? = nil, warnings: [String], survey: CourseSurvey) {
        self.camera = camera
        self.postAlong = postAlong
        self.postAlongSigmaMetres = postAlongSigmaMetres
        self.residuals = residuals
        self.rmsResidualPixels = rmsResidualPixels
        self.heightSigmaMetres = heightSigmaMetres
        self.distanceSigmaMetres = distanceSigmaMetres
        self.fieldOfViewSigmaDegrees = fieldOfViewSigmaDegrees
        self.markNoisePixels = markNoisePixels
        self.markNoiseIsEstimated = markNoiseIsEstimated
        self.uncertaintyScale = uncertaintyScale
        self.variants = variants
        self.gateDistanceSigmaMetres = gateDistanceSigmaMetres
        self.cameraAlongRangeMetres = cameraAlongRangeMetres
        self.warnings = warnings
        self.survey = survey
    }

    /// `markNoisePixels` as a fraction of the sensor width (the unit of `CourseSurvey.markPrecision`).
    public var markNoise: Double { markNoisePixels / max(survey.sensorWidthPixels, 1) }

    /// The posts' bases in course coordinates.
    public var posts: [CoursePoint] { postAlong.map { CoursePoint(x: $0, y: 0, z: 0) } }
}
