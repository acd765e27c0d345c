/// A slalom course on flat ground seen by a fixed pinhole camera, with the people on it: the
/// independent truth for testing camera geometry.
///
/// World (course) coordinates are metres: x along the straight line of posts from post 1
/// (x = 0) to the last post (x = `courseLength`), posts evenly spaced; z up from the ground;
/// y across (negative toward the camera). Times are scene seconds.
public struct PerspectiveScene: Sendable {
    public var camera = PerspectiveCamera()
    /// Metres from the first post to the last.
    public var courseLength = 28.0
    public var postCount = 5
    /// Height of the poles above the ground, metres.
    public var poleHeightMetres = 1.5
    /// Nominal frame rate; frames are stamped at multiples of its period plus jitter.
    public var framesPerSecond = 30.0
    /// Seconds of scene to render.
    public var duration: Double
    public var riders: [PerspectiveRider] = []
    public var bystanders: [PerspectiveBystander] = []
    /// Sensor noise, standard deviation in luma levels.
    public var noise = 2.5
    /// Largest timestamp error, seconds (uniform).
    public var timestampJitter = 0.0
    /// Fraction of frames the camera drops (their sequence numbers are skipped).
    public var dropFraction = 0.0
    /// Relative amplitude of the slow light drift (0.1 = ±10 %), and its period in seconds.
    public var lightDrift = 0.0
    public var lightDriftPeriod = 40.0
    /// The scene's dynamic range relative to daylight (0.5: dusk at half contrast): every luma
    /// level and every chroma's departure from grey (128) is scaled by it, as less light would;
    /// the sensor noise is not.
    public var contrastScale = 1.0
    /// Deliver colour (I420: green grass, grey asphalt, blue sky, orange pole bands) instead of grey.
    public var colour = false
    public var seed: UInt64 = 1

    public init(duration: Double) { self.duration = duration }

    /// A scene for a course of `courseLength` metres with the camera opposite its middle and aimed
    /// at it (the camera's other settings as given).
    public init(duration: Double, courseLength: Double, camera: PerspectiveCamera = PerspectiveCamera()) {
        self.duration = duration
        self.courseLength = courseLength
        self.camera = camera
        self.camera.alongMetres = courseLength / 2
        self.camera.aimAlongMetres = courseLength / 2
    }

    /// Along-course position (x) of each post, metres, from post 1.
    public var postPositions: [Double] {
        let n = max(2, postCount)
        return (0..<n).map { courseLength * Double($0) / Double(n - 1) }
    }

    /// The image-rule post fractions: normalised view x of each post's base, from post 1
    /// (nan for a post behind the camera).
    public var postViewFractions: [Double] {
        postPositions.map { camera.project(x: $0, y: 0, z: 0)?.x ?? .nan }
    }

    /// The rider's body-axis ground position (x, y), metres, at scene time `t`.
    public func groundPoint(of rider: PerspectiveRider, at t: Double) -> (x: Double, y: Double) {
        rider.position(at: t, courseLength: courseLength, postCount: postCount)
    }

    /// Normalised view coordinates of the rider's body axis on the ground at scene time `t`
    /// (nil behind the camera).
    public func viewPoint(of rider: PerspectiveRider, at t: Double, heightAboveGround z: Double = 0) -> (x: Double, y: Double)? {
        let p = groundPoint(of: rider, at: t)
        return camera.project(x: p.x, y: p.y, z: z)
    }

    /// Gate-plane truth: the scene times at which the rider's body axis passes x = post_k, in the
    /// order the posts are crossed, and the true average speed over the course.
    public func truth(for rider: PerspectiveRider) -> RunTruth {
        let positions = postPositions
        let distances = rider.direction == .leftToRight ? positions : positions.reversed().map { courseLength - $0 }
        return RunTruth(crossingTimes: distances.map { rider.startTime + rider.motion.time(atDistance: $0) },
                        courseLength: courseLength)
    }
}
