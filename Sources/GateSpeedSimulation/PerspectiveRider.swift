/// A skater on the perspective course: a 3-D person whose body axis (the vertical through the
/// middle of the feet) moves along x by its motion law, on a straight line nearer or farther than
/// the post line, or weaving through the posts.
///
/// Metres and seconds throughout. Positions are world (course) coordinates: x along the post line
/// from post 1, y across it (negative = nearer the camera).
public struct PerspectiveRider: Sendable, Equatable {
    public var direction: TravelDirection
    /// Scene seconds when the body axis crosses the start post's gate plane (x = 0 going left to
    /// right, x = course length going right to left).
    public var startTime: Double
    /// Distance along x from the start post (metres) against seconds since `startTime`.
    public var motion: MotionLaw
    /// Head-to-feet height, metres (top of the head above the ground when upright).
    public var heightMetres = 1.7
    /// Mean lateral position y, metres: negative = nearer the camera than the post line.
    public var acrossMetres = 0.0
    /// Slalom amplitude, metres: at post index k (0 for post 1) the rider is at
    /// `acrossMetres + weaveMetres * (-1)^k`, following a cosine in x between posts, so a positive
    /// weave passes post 1 on the far side, post 2 on the near side, and so on.
    public var weaveMetres = 0.0
    /// Forward lean of the body, degrees (the body shears forward with height about the feet).
    /// Weaving riders also lean into each turn: the body shears across (y) by its lateral
    /// acceleration over g (speed² × d²y/dx² / 9.81 metres per metre of height), at most tan 20°.
    public var forwardLeanDegrees = 0.0
    /// Clothing brightness (0-255) before the scene's light level; the face is 25 brighter.
    public var luma = 40.0
    /// Clothing colour as chroma (0-255, 128 = grey), used when the scene is in colour.
    public var chromaBlue = 128.0, chromaRed = 128.0

    public init(direction: TravelDirection = .leftToRight, startTime: Double, motion: MotionLaw,
                heightMetres: Double = 1.7, acrossMetres: Double = 0, weaveMetres: Double = 0,
                forwardLeanDegrees: Double = 0, luma: Double = 40, chromaBlue: Double = 128, chromaRed: Double = 128) {
        self.direction = direction
        self.startTime = startTime
        self.motion = motion
        self.heightMetres = heightMetres
        self.acrossMetres = acrossMetres
        self.weaveMetres = weaveMetres
        self.forwardLeanDegrees = forwardLeanDegrees
        self.luma = luma
        self.chromaBlue = chromaBlue
        self.chromaRed = chromaRed
    }

    /// The steepest lean into a turn, as a shear (tan 20°).
    public static let largestLean = 0.36397023426620234

    /// Metres along x from the start post at scene time `t` (negative before the start post).
    public func travelled(at t: Double) -> Double { motion.distance(at: t - startTime) }

    /// Body-axis ground position (x, y), metres, at scene time `t`, for a course of
    /// `courseLength` metres with `postCount` evenly spaced posts (the weave's period).
    public func position(at t: Double, courseLength: Double, postCount: Int = 5) -> (x: Double, y: Double) {
        let x = self.x(travelled: travelled(at: t), courseLength: courseLength)
        return (x, acrossMetres + weaveMetres * weavePhase(x: x, courseLength: courseLength, postCount: postCount).cos)
    }

    func x(travelled s: Double, courseLength: Double) -> Double {
        direction == .leftToRight ? s : courseLength - s
    }

    /// π x / spacing, whose cosine is ±1 at the posts.
    func weavePhase(x: Double, courseLength: Double, postCount: Int) -> (sin: Double, cos: Double) {
        guard weaveMetres != 0 else { return (0, 1) }
        let spacing = courseLength / Double(max(1, postCount - 1))
        return perspectiveSineCosine(3.141592653589793 * x / spacing)
    }

    /// Where the body is and how it is posed at scene time `t`: ground point, unit heading,
    /// sideways lean (metres of shear per metre of height, world x and y) and stride phase.
    func stance(at t: Double, courseLength: Double, postCount: Int) -> PerspectiveStance {
        let s = travelled(at: t)
        let x = self.x(travelled: s, courseLength: courseLength)
        let spacing = courseLength / Double(max(1, postCount - 1))
        let k = 3.141592653589793 / spacing
        let phase = weavePhase(x: x, courseLength: courseLength, postCount: postCount)
        let y = acrossMetres + weaveMetres * phase.cos
        let sign: Double = direction == .leftToRight ? 1 : -1
        // dy/dx and d²y/dx² of the weave.
        let slope = -weaveMetres * k * phase.sin
        let bend = -weaveMetres * k * k * phase.cos
        let hx = sign, hy = sign * slope
        let norm = (hx * hx + hy * hy).squareRoot()
        // Speed along x from the motion law (central difference).
        let h = 1e-3
        let speed = (motion.distance(at: t - startTime + h) - motion.distance(at: t - startTime - h)) / (2 * h)
        // Lean into the turn: lateral (y) acceleration over g, limited to tan 20°.
        var lateral = speed * speed * bend / 9.81
        lateral = max(-Self.largestLean, min(Self.largestLean, lateral))
        let lean = perspectiveSineCosine(perspectiveRadians(forwardLeanDegrees))
        let forward = lean.sin / lean.cos
        let headingX = hx / norm, headingY = hy / norm
        return PerspectiveStance(groundX: x, groundY: y, headingX: headingX, headingY: headingY,
                                 shearX: headingX * forward, shearY: headingY * forward + lateral,
                                 gait: .skating(phase: 6.283185307179586 * s / 3.0), heightMetres: heightMetres,
                                 luma: luma, chromaBlue: chromaBlue, chromaRed: chromaRed)
    }
}
