/// How a person's legs and arms move.
enum PerspectiveGait: Sendable, Equatable {
    /// Feet together under the hips, arms hanging.
    case standing
    /// Feet swing forward and back by ±0.28 m (scaled with height); `phase` in radians.
    case walking(phase: Double)
    /// Skating stride: each foot glides forward and back by ±0.2 m and pushes out sideways
    /// 0.1 to 0.3 m from the body axis (scaled with height); `phase` in radians.
    case skating(phase: Double)
}

/// Where a person stands and how they are posed at one moment (world metres).
struct PerspectiveStance: Sendable {
    /// The body axis on the ground: midway between the feet (on average over the stride).
    var groundX: Double, groundY: Double
    /// Unit direction the person faces, on the ground.
    var headingX: Double, headingY: Double
    /// Lean as a shear: horizontal metres of offset per metre of height (world x and y).
    var shearX: Double, shearY: Double
    var gait: PerspectiveGait
    /// Head-to-feet height, metres.
    var heightMetres: Double
    var luma: Double, chromaBlue: Double, chromaRed: Double
}

/// A ball in camera axes (x right, y down, z forward, metres). Every body part is the convex hull
/// of one to four balls (a sphere, a capsule, a rounded box), so its perspective outline is the
/// convex hull of the balls' outlines.
struct PerspectiveBall: Sendable {
    var centre: PerspectiveVector
    var radius: Double
}

/// One body part: a run of balls and its shade.
struct PerspectiveBodyPart: Sendable {
    var first: Int, count: Int
    var luma: Float, chromaBlue: Float, chromaRed: Float
    /// Mean camera depth of the part's balls, metres (for painter's order within the person).
    var depth: Double
}

/// A 3-D person built from balls: a head, a rounded-box torso, two arms and two legs (capsules)
/// and two feet (capsules lying on the ground), posed by a `PerspectiveStance`. Proportions are
/// those of a 1.7 m adult, scaled with height; the top of the head is at `heightMetres` and the
/// lowest point of the feet on the ground (z = 0).
///
/// Storage is allocated once; `pose` overwrites it.
struct PerspectiveFigure: Sendable {
    static let partCapacity = 9
    private(set) var balls: [PerspectiveBall]
    private(set) var parts: [PerspectiveBodyPart]
    private(set) var partCount = 0
    private var ballCount = 0

    init() {
        balls = [PerspectiveBall](repeating: PerspectiveBall(centre: PerspectiveVector(0, 0, 1), radius: 0),
                                  count: Self.partCapacity * 4)
        parts = [PerspectiveBodyPart](repeating: PerspectiveBodyPart(first: 0, count: 0, luma: 0, chromaBlue: 128,
                                                                     chromaRed: 128, depth: 0),
                                      count: Self.partCapacity)
    }

    /// Builds the person in camera axes of `camera`.
    mutating func pose(_ stance: PerspectiveStance, camera: PerspectiveCameraPose) {
        partCount = 0
        ballCount = 0
        let h = stance.heightMetres, k = h / 1.7
        // Stride: forward (along the heading) and sideways (to the left) offsets of each foot and hand.
        var footForward = (left: 0.0, right: 0.0), footSide = (left: 0.1 * k, right: -0.1 * k)
        var handForward = (left: 0.0, right: 0.0)
        switch stance.gait {
        case .standing:
            break
        case .walking(let phase):
            let s = perspectiveSineCosine(phase).sin
            footForward = (0.28 * k * s, -0.28 * k * s)
            handForward = (-0.2 * k * s, 0.2 * k * s)
        case .skating(let phase):
            let s = perspectiveSineCosine(phase).sin
            footForward = (0.2 * k * s, -0.2 * k * s)
            footSide = ((0.1 + 0.1 * (1 - s)) * k, -(0.1 + 0.1 * (1 + s)) * k)
            handForward = (-0.18 * k * s, 0.18 * k * s)
        }
        let luma = stance.luma, blue = stance.chromaBlue, red = stance.chromaRed
        let frame = BodyFrame(stance: stance, camera: camera)
        // Far and near sides are sorted out by depth later; the order here does not matter.
        begin(luma: luma + 25, blue: 118, red: 142)                                   // head (face)
        ball(frame, 0, 0, h - 0.11 * k, 0.11 * k)
        end()
        begin(luma: luma, blue: blue, red: red)                                       // torso
        ball(frame, 0, 0.12 * k, 0.80 * h, 0.11 * k)
        ball(frame, 0, -0.12 * k, 0.80 * h, 0.11 * k)
        ball(frame, 0, 0.08 * k, 0.57 * h, 0.13 * k)
        ball(frame, 0, -0.08 * k, 0.57 * h, 0.13 * k)
        end()
        // Arms, legs and feet, one side at a time (no arrays: nothing is allocated per frame).
        limbs(frame, side: 1, hand: handForward.left, foot: footForward.left, footSide: footSide.left, k: k, h: h,
              luma: luma, blue: blue, red: red)
        limbs(frame, side: -1, hand: handForward.right, foot: footForward.right, footSide: footSide.right, k: k, h: h,
              luma: luma, blue: blue, red: red)
    }

    /// One side's arm, leg and foot; `side` is +1 for the left, -1 for the right.
    private mutating func limbs(_ frame: BodyFrame, side: Double, hand: Double, foot: Double, footSide: Double,
                                k: Double, h: Double, luma: Double, blue: Double, red: Double) {
        begin(luma: luma + 10, blue: blue, red: red)                                   // arm
        ball(frame, 0, side * 0.25 * k, 0.79 * h, 0.045 * k)
        ball(frame, hand, side * 0.27 * k, 0.46 * h, 0.04 * k)
        end()
        begin(luma: luma - 10, blue: blue, red: red)                                   // leg
        ball(frame, 0, side * 0.09 * k, 0.52 * h, 0.075 * k)
        ball(frame, foot, footSide, 0.10 * k, 0.05 * k)
        end()
        begin(luma: luma - 15, blue: 128, red: 128)                                   // foot (boot)
        ball(frame, foot - 0.09 * k, footSide, 0.045 * k, 0.045 * k)
        ball(frame, foot + 0.13 * k, footSide, 0.045 * k, 0.045 * k)
        end()
    }

    /// The person's body frame on the ground, and the camera to put it in.
    private struct BodyFrame {
        let ground: PerspectiveVector, forward: PerspectiveVector, left: PerspectiveVector
        let shearX: Double, shearY: Double
        let camera: PerspectiveCameraPose
        init(stance: PerspectiveStance, camera: PerspectiveCameraPose) {
            ground = PerspectiveVector(stance.groundX, stance.groundY, 0)
            forward = PerspectiveVector(stance.headingX, stance.headingY, 0)
            left = PerspectiveVector(-stance.headingY, stance.headingX, 0)
            shearX = stance.shearX
            shearY = stance.shearY
            self.camera = camera
        }
    }

    private mutating func begin(luma: Double, blue: Double, red: Double) {
        parts[partCount] = PerspectiveBodyPart(first: ballCount, count: 0, luma: Float(luma), chromaBlue: Float(blue),
                                               chromaRed: Float(red), depth: 0)
    }

    /// A ball at `forward`, `side` (left positive) metres from the body axis and `up` metres above
    /// the ground, before the lean.
    private mutating func ball(_ frame: BodyFrame, _ forward: Double, _ side: Double, _ up: Double, _ radius: Double) {
        var world = frame.ground + frame.forward * forward + frame.left * side
        world.x += frame.shearX * up
        world.y += frame.shearY * up
        world.z = up
        let centre = frame.camera.cameraFrame(world)
        balls[ballCount] = PerspectiveBall(centre: centre, radius: radius)
        ballCount += 1
        parts[partCount].count += 1
        parts[partCount].depth += centre.z
    }

    private mutating func end() {
        parts[partCount].depth /= Double(max(1, parts[partCount].count))
        partCount += 1
    }
}
