/// What the user measured about the camera, if anything. Each value enters the solve as a prior
/// (height ±0.1 m, distance ±0.5 m, field of view ±2°), not as a hard constraint; a value not given
/// gets a weak regularising prior instead (`RegularisingPriors`). Of the three, the height matters
/// most for timing a rider off the post line: the distance and the lens trade against each other
/// along a direction that barely changes the timing.
public struct CameraHints: Sendable, Equatable {
    /// Height of the lens above the ground, metres (`camera.height_m`).
    public var heightMetres: Double?
    /// Horizontal distance of the lens from the line of posts, metres (`camera.distance_m`).
    public var distanceMetres: Double?
    /// The lens's horizontal field of view, degrees (`camera.hfov_deg`).
    public var horizontalFieldOfViewDegrees: Double?

    public init(heightMetres: Double? = nil, distanceMetres: Double? = nil, horizontalFieldOfViewDegrees: Double? = nil) {
        self.heightMetres = heightMetres
        self.distanceMetres = distanceMetres
        self.horizontalFieldOfViewDegrees = horizontalFieldOfViewDegrees
    }

    /// The 1-sigma trust put in a measured camera height, metres.
    public static let heightSigmaMetres = 0.1
    /// The 1-sigma trust put in a measured camera distance, metres.
    public static let distanceSigmaMetres = 0.5
    /// The 1-sigma trust put in a stated field of view, degrees.
    public static let fieldOfViewSigmaDegrees = 2.0
}
