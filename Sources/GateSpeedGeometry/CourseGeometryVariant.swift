/// One alternative solution, ±1 sigma along a principal axis of the parameter covariance, for
/// carrying the geometry's uncertainty into timing.
public struct CourseGeometryVariant: Sendable, Equatable {
    public var camera: PinholeCamera
    /// Metres along the course; first 0, last the course length.
    public var postAlong: [Double]

    public init(camera: PinholeCamera, postAlong: [Double]) {
        self.camera = camera
        self.postAlong = postAlong
    }
}
