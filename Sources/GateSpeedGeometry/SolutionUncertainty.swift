/// The 1-sigma uncertainties of the quantities a person reads off a solution.
struct SolutionUncertainty: Sendable, Equatable {
    var heightMetres: Double
    var distanceMetres: Double
    var fieldOfViewDegrees: Double
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

    /// Whether these sigmas pin the camera down well enough to time with: distance and height to
    /// within 25 %, the field of view to within 10°, every inner post to within a twentieth of the course.
    func pinsTheGeometry(parameters p: [Double], length: Double) -> Bool {
        let distance = p[SurveyModel.cameraY].magnitude, height = p[SurveyModel.cameraZ]
        return distanceMetres <= 0.25 * distance && heightMetres <= 0.25 * max(height, 0.2)
            && fieldOfViewDegrees <= 10 && postAlongMetres.allSatisfy { $0 <= 0.05 * length }
    }
}
