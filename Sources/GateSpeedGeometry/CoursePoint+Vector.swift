/// Vector arithmetic on course points, for the camera and the solver.
extension CoursePoint {
    static func + (a: CoursePoint, b: CoursePoint) -> CoursePoint { CoursePoint(x: a.x + b.x, y: a.y + b.y, z: a.z + b.z) }
    static func - (a: CoursePoint, b: CoursePoint) -> CoursePoint { CoursePoint(x: a.x - b.x, y: a.y - b.y, z: a.z - b.z) }
    static func * (s: Double, a: CoursePoint) -> CoursePoint { CoursePoint(x: s * a.x, y: s * a.y, z: s * a.z) }

    func dot(_ b: CoursePoint) -> Double { x * b.x + y * b.y + z * b.z }

    func cross(_ b: CoursePoint) -> CoursePoint {
        CoursePoint(x: y * b.z - z * b.y, y: z * b.x - x * b.z, z: x * b.y - y * b.x)
    }

    var length: Double { dot(self).squareRoot() }

    /// The unit vector along this one, or nil when it is zero or not finite.
    var normalised: CoursePoint? {
        let l = length
        guard l.isFinite, l > 1e-300 else { return nil }
        return (1 / l) * self
    }

    var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite }
}
