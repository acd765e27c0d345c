/// The 1-sigma uncertainties of the quantities a person reads off a solution.
struct SolutionUncertainty: Sendable, Equatable {
    /// Camera height, metres.
    var heightMetres: Double
    /// Camera distance from the line of posts, metres.
    var distanceMetres: Double
    /// Horizontal field of view, degrees.
    var fieldOfViewDegrees: Double
    /// Each post's position along the course, metres (0 for the end posts).
    var postAlongMetres: [Double]

    /// From a covariance (unscaled) and a scale factor for the sigmas.
    init(covariance c: ParameterCovariance, parameters p: [Double], postCount: Int, scale: Double = 1) {
        heightMetres = scale * c.variance(SurveyModel.cameraZ).squareRoot()
        distanceMetres = scale * c.variance(SurveyModel.cameraY).squareRoot()
        // d(fov)/d(focal) = -2 · 0.5 / (focal² + 0.25) radians per sensor width.
        let f = p[SurveyModel.focal]
        let slope = Trigonometry.degrees(fromRadians: 1 / (f * f + 0.25))
        fieldOfViewDegrees = scale * slope * c.variance(SurveyModel.focal).squareRoot()
        postAlongMetres = (0..<postCount).map { i in
            i == 0 || i == postCount - 1 ? 0 : scale * c.variance(SurveyModel.firstInner + i - 1).squareRoot()
        }
    }
}
