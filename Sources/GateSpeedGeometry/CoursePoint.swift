/// A point (or a direction) in course coordinates, metres: x along the straight line of posts from
/// post 1 (x = 0) toward the last post, z up from the flat ground (z = 0), and y = z × x, so that
/// (x, y, z) is right-handed. The posts stand at y = 0.
public struct CoursePoint: Sendable, Equatable {
    public var x: Double
    public var y: Double
    public var z: Double

    public init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }
}
