/// A point on the camera sensor in normalised sensor coordinates: x 0…1 across the sensor's width,
/// y 0…1 down its height, origin at the top-left corner of the sensor as read out (before any
/// rotation, mirroring or cropping of the displayed view).
public struct ImagePoint: Sendable, Equatable {
    /// Fraction of the sensor width, 0 at the left edge.
    public var x: Double
    /// Fraction of the sensor height, 0 at the top edge.
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}
