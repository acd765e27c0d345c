/// A fixed pinhole camera beside the slalom course: principal point at the image centre, square
/// pixels, no lens distortion. The view is the whole sensor.
///
/// World (course) coordinates are metres: x along the straight line of posts from post 1 (x = 0),
/// z up from the ground (z = 0), y across the course (y = z × x, so the camera, which sees post 1
/// on the left, stands at negative y).
///
/// Aiming: the optical axis passes through the aim point (`aimAlongMetres`, 0, `aimHeightMetres`)
/// on the post line, or, when `tiltDegrees` is set, points toward it horizontally but pitched down
/// by that angle. Then it is turned by `panDegrees` about the vertical (positive: to the right,
/// toward larger x) and rolled by `rollDegrees` about itself (positive: the camera turns clockwise
/// as seen from behind it, so level lines in the picture rise to the right).
public struct PerspectiveCamera: Sendable, Equatable {
    /// Position of the lens along the post line (x), metres. Default: the middle of a 28 m course.
    public var alongMetres: Double = 14
    /// Horizontal distance of the lens from the post line (the camera is at y = -distance), metres.
    public var distanceMetres: Double = 29
    /// Height of the lens above the ground, metres.
    public var heightMetres: Double = 2.5
    /// Full horizontal field of view, degrees (across the sensor width).
    public var horizontalFieldOfViewDegrees: Double = 65
    /// Turn of the camera about its optical axis, degrees (see the type's description).
    public var rollDegrees: Double = 0
    /// Turn about the vertical after aiming, degrees; positive turns the view toward larger x.
    public var panDegrees: Double = 0
    /// The optical axis passes through the course middle at this height, metres (before pan).
    public var aimHeightMetres: Double = 0
    /// Along-course position (x) of the aim point, metres. Default: the middle of a 28 m course;
    /// `PerspectiveScene(duration:courseLength:)` sets it to the middle of its course.
    public var aimAlongMetres: Double = 14
    /// When set, the downward pitch of the optical axis, degrees, instead of aiming at
    /// `aimHeightMetres` (the horizontal direction still faces the aim point).
    public var tiltDegrees: Double? = nil
    /// Sensor size, pixels.
    public var width = 640, height = 480

    public init(alongMetres: Double = 14, distanceMetres: Double = 29, heightMetres: Double = 2.5,
                horizontalFieldOfViewDegrees: Double = 65, rollDegrees: Double = 0, panDegrees: Double = 0,
                aimHeightMetres: Double = 0, aimAlongMetres: Double = 14, tiltDegrees: Double? = nil,
                width: Int = 640, height: Int = 480) {
        self.alongMetres = alongMetres
        self.distanceMetres = distanceMetres
        self.heightMetres = heightMetres
        self.horizontalFieldOfViewDegrees = horizontalFieldOfViewDegrees
        self.rollDegrees = rollDegrees
        self.panDegrees = panDegrees
        self.aimHeightMetres = aimHeightMetres
        self.aimAlongMetres = aimAlongMetres
        self.tiltDegrees = tiltDegrees
        self.width = width
        self.height = height
    }

    /// Focal length in pixels: half the sensor width over tan(half the horizontal field of view).
    public var focalLengthPixels: Double { pose.focal }

    /// Normalised view coordinates (0…1, top-left) of a world point (metres); nil behind the camera
    /// (or within a millimetre of the lens plane).
    public func project(x: Double, y: Double, z: Double) -> (x: Double, y: Double)? {
        let pose = self.pose
        guard let p = pose.pixel(of: PerspectiveVector(x, y, z)) else { return nil }
        return (p.x / Double(width), p.y / Double(height))
    }

    /// Camera-frame depth (metres along the optical axis) of a world point; negative behind.
    public func depth(x: Double, y: Double, z: Double) -> Double {
        pose.cameraFrame(PerspectiveVector(x, y, z)).z
    }

    /// The camera's orientation and intrinsics, worked out once.
    var pose: PerspectiveCameraPose { PerspectiveCameraPose(self) }
}

/// A camera's centre, axes and focal length, precomputed for fast projection.
struct PerspectiveCameraPose: Sendable {
    /// Lens centre, world metres.
    let centre: PerspectiveVector
    /// World directions of the image's right (+u), down (+v) and forward (optical axis).
    let right: PerspectiveVector, down: PerspectiveVector, forward: PerspectiveVector
    /// Focal length and principal point, pixels (continuous coordinates, 0 at the top-left edge).
    let focal: Double, cx: Double, cy: Double
    let width: Int, height: Int

    init(_ camera: PerspectiveCamera) {
        width = camera.width
        height = camera.height
        let c = PerspectiveVector(camera.alongMetres, -camera.distanceMetres, camera.heightMetres)
        centre = c
        // Horizontal direction toward the aim point on the post line.
        let toward = PerspectiveVector(camera.aimAlongMetres - c.x, -c.y, 0)
        let horizontalLength = toward.length
        let heading = horizontalLength > 1e-12 ? toward * (1 / horizontalLength) : PerspectiveVector(0, 1, 0)
        var f: PerspectiveVector
        if let tilt = camera.tiltDegrees {
            let t = perspectiveSineCosine(perspectiveRadians(tilt))
            f = heading * t.cos + PerspectiveVector(0, 0, -t.sin)
        } else {
            f = (PerspectiveVector(camera.aimAlongMetres, 0, camera.aimHeightMetres) - c).normalised
        }
        // Pan: a turn about the world vertical, positive toward +x (clockwise seen from above).
        let p = perspectiveSineCosine(perspectiveRadians(camera.panDegrees))
        f = PerspectiveVector(f.x * p.cos + f.y * p.sin, -f.x * p.sin + f.y * p.cos, f.z)
        var r = f.cross(.up)
        r = r.length > 1e-12 ? r.normalised : PerspectiveVector(1, 0, 0)   // looking straight down or up
        var d = f.cross(r)
        // Roll about the optical axis.
        let q = perspectiveSineCosine(perspectiveRadians(camera.rollDegrees))
        let rolledRight = r * q.cos + d * q.sin
        d = d * q.cos - r * q.sin
        r = rolledRight
        right = r
        down = d
        forward = f
        let half = perspectiveSineCosine(perspectiveRadians(camera.horizontalFieldOfViewDegrees / 2))
        focal = Double(camera.width) / 2 * half.cos / half.sin
        cx = Double(camera.width) / 2
        cy = Double(camera.height) / 2
    }

    /// A world point in camera axes (x right, y down, z forward), metres.
    @inline(__always)
    func cameraFrame(_ world: PerspectiveVector) -> PerspectiveVector {
        let p = world - centre
        return PerspectiveVector(p.dot(right), p.dot(down), p.dot(forward))
    }

    /// A world direction in camera axes.
    @inline(__always)
    func cameraDirection(_ world: PerspectiveVector) -> PerspectiveVector {
        PerspectiveVector(world.dot(right), world.dot(down), world.dot(forward))
    }

    /// Pixel coordinates (continuous, 0 at the top-left edge of the sensor) of a camera-frame point.
    @inline(__always)
    func pixel(ofCameraPoint p: PerspectiveVector) -> (x: Double, y: Double)? {
        guard p.z > 1e-3 else { return nil }
        let s = focal / p.z
        return (cx + p.x * s, cy + p.y * s)
    }

    /// Pixel coordinates of a world point; nil behind the camera.
    @inline(__always)
    func pixel(of world: PerspectiveVector) -> (x: Double, y: Double)? {
        pixel(ofCameraPoint: cameraFrame(world))
    }

    /// World direction of the ray through pixel position (u, v) (not normalised).
    @inline(__always)
    func ray(u: Double, v: Double) -> PerspectiveVector {
        forward + right * ((u - cx) / focal) + down * ((v - cy) / focal)
    }
}
