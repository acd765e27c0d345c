/// A solved pinhole camera in course coordinates (metres), with the principal point at the sensor
/// centre, square pixels and no lens distortion.
///
/// The rotation is kept as three orthonormal row vectors in course coordinates: `right` (sensor +x),
/// `down` (sensor +y) and `forward` (the optical axis), with right × down = forward. A course point P
/// has camera coordinates c = (right·(P−C), down·(P−C), forward·(P−C)) and projects to
/// x = 0.5 + f·c.x/c.z, y = 0.5 + f·aspect·c.y/c.z, where f is `focalLength` in sensor widths.
public struct PinholeCamera: Sendable, Equatable {
    /// The lens centre, metres.
    public var position: CoursePoint
    /// Focal length in sensor widths (focal length in pixels / sensor width in pixels).
    public var focalLength: Double
    /// Sensor width / height in pixels.
    public var sensorAspect: Double
    /// Unit vector of the sensor's +x direction, course coordinates.
    public private(set) var right: CoursePoint
    /// Unit vector of the sensor's +y direction (down on an upright camera), course coordinates.
    public private(set) var down: CoursePoint
    /// Unit vector along the optical axis, course coordinates.
    public private(set) var forward: CoursePoint

    /// Sign of "away from the camera" along course y: +1 when the camera stands at negative y.
    public var awaySign: Double { position.y < 0 ? 1 : -1 }

    /// A camera from yaw, pitch and roll in radians: yaw turns the optical axis from +y toward +x,
    /// pitch tilts it down, roll turns the sensor clockwise as seen from behind the camera (so the
    /// picture turns anticlockwise). Yaw π looks toward −y.
    init(position: CoursePoint, focalLength: Double, sensorAspect: Double, yaw: Double, pitch: Double, roll: Double) {
        self.position = position
        self.focalLength = focalLength
        self.sensorAspect = sensorAspect
        let sy = Trigonometry.sine(yaw), cy = Trigonometry.cosine(yaw)
        let sp = Trigonometry.sine(pitch), cp = Trigonometry.cosine(pitch)
        let sr = Trigonometry.sine(roll), cr = Trigonometry.cosine(roll)
        let level = CoursePoint(x: cy, y: -sy, z: 0)
        let plumb = CoursePoint(x: -sp * sy, y: -sp * cy, z: -cp)
        forward = CoursePoint(x: sy * cp, y: cy * cp, z: -sp)
        right = cr * level + sr * plumb
        down = cr * plumb - sr * level
    }

    /// A camera at `position` whose optical axis passes through `target`, turned by `rollDegrees`
    /// (clockwise as seen from behind), with a lens of the given horizontal field of view (degrees).
    /// Looking straight up or down, or at its own position, the camera looks along +y instead.
    public init(position: CoursePoint, lookingAt target: CoursePoint, rollDegrees: Double,
                horizontalFieldOfViewDegrees: Double, sensorAspect: Double) {
        let view = (target - position).normalised ?? CoursePoint(x: 0, y: 1, z: 0)
        let horizontal = (view.x * view.x + view.y * view.y).squareRoot()
        let yaw = horizontal > 1e-12 ? Trigonometry.arctangent2(view.x, view.y) : 0
        let pitch = horizontal > 1e-12 ? Trigonometry.arctangent2(-view.z, horizontal) : 0
        self.init(position: position,
                  focalLength: PinholeCamera.focalLength(horizontalFieldOfViewDegrees: horizontalFieldOfViewDegrees),
                  sensorAspect: sensorAspect, yaw: yaw, pitch: pitch,
                  roll: Trigonometry.radians(fromDegrees: rollDegrees))
    }

    /// Focal length in sensor widths for a horizontal field of view in degrees.
    static func focalLength(horizontalFieldOfViewDegrees fov: Double) -> Double {
        0.5 / Trigonometry.tangent(Trigonometry.radians(fromDegrees: fov) / 2)
    }

    // MARK: Projection

    /// Camera coordinates (right, down, forward) of a course point, metres.
    func cameraCoordinates(_ point: CoursePoint) -> CoursePoint {
        let d = point - position
        return CoursePoint(x: right.dot(d), y: down.dot(d), z: forward.dot(d))
    }

    /// The sensor point of a course point; nil when it is behind the camera (or not finite).
    /// The result may lie outside 0…1 (in front of the camera but outside the view).
    public func project(_ point: CoursePoint) -> ImagePoint? {
        let c = cameraCoordinates(point)
        guard c.z > 0, c.isFinite else { return nil }
        let p = ImagePoint(x: 0.5 + focalLength * c.x / c.z, y: 0.5 + focalLength * sensorAspect * c.y / c.z)
        guard p.x.isFinite, p.y.isFinite else { return nil }
        return p
    }

    /// The direction (course coordinates, not normalised) of the ray from the lens through a sensor point.
    public func rayDirection(through point: ImagePoint) -> CoursePoint {
        let u = (point.x - 0.5) / focalLength
        let v = (point.y - 0.5) / (focalLength * sensorAspect)
        return forward + u * right + v * down
    }

    /// Where the ray through `point` meets the ground (z = 0); nil at or above the horizon.
    public func groundPoint(of point: ImagePoint) -> CoursePoint? {
        let ray = rayDirection(through: point)
        guard ray.z < 0, ray.isFinite else { return nil }
        let t = -position.z / ray.z
        guard t > 0, t.isFinite else { return nil }
        return position + t * ray
    }

    /// Where the ray through `point` meets the vertical plane y = `across` (parallel to the line of
    /// posts, which is y = 0); nil if the ray is parallel to it or meets it behind the camera.
    public func point(through point: ImagePoint, across: Double) -> CoursePoint? {
        let ray = rayDirection(through: point)
        guard ray.y.magnitude > 1e-12, ray.isFinite, across.isFinite else { return nil }
        let t = (across - position.y) / ray.y
        guard t > 0, t.isFinite else { return nil }
        var hit = position + t * ray
        hit.y = across
        return hit
    }

    // MARK: Placement

    /// Height of the lens above the ground, metres.
    public var heightMetres: Double { position.z }

    /// Horizontal distance of the lens from the line of posts, metres.
    public var distanceMetres: Double { position.y.magnitude }

    /// The horizontal field of view, degrees.
    public var horizontalFieldOfViewDegrees: Double {
        Trigonometry.degrees(fromRadians: 2 * Trigonometry.arctangent(0.5 / focalLength))
    }

    /// Downward pitch of the optical axis, degrees (negative when it points above the horizon).
    public var tiltDegrees: Double { Trigonometry.degrees(fromRadians: Trigonometry.arcsine(-forward.z)) }

    /// Turn of the sensor about the optical axis, degrees, clockwise as seen from behind; 0 upright,
    /// ±180 upside down.
    public var rollDegrees: Double {
        Trigonometry.degrees(fromRadians: Trigonometry.arctangent2(-right.z, -down.z))
    }

    /// Yaw of the optical axis away from square-on to the course (facing the line of posts
    /// perpendicularly), degrees; positive when it turns toward the last post.
    public var panDegrees: Double {
        let toward = position.y <= 0 ? forward.y : -forward.y
        return Trigonometry.degrees(fromRadians: Trigonometry.arctangent2(forward.x, toward))
    }

    /// Yaw, pitch and roll in radians, as taken by the angle initialiser.
    var angles: (yaw: Double, pitch: Double, roll: Double) {
        let horizontal = (forward.x * forward.x + forward.y * forward.y).squareRoot()
        return (Trigonometry.arctangent2(forward.x, forward.y), Trigonometry.arctangent2(-forward.z, horizontal),
                Trigonometry.arctangent2(-right.z, -down.z))
    }
}
