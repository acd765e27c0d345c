/// Which way a simulated rider goes.
public enum TravelDirection: Sendable, Equatable {
    case leftToRight, rightToLeft
}

/// A rider on the simulated course.
public struct SimulatedRider: Sendable, Equatable {
    public var direction: TravelDirection
    /// Scene time (seconds) at which the rider crosses their start post.
    public var startTime: Double
    public var motion: MotionLaw
    /// Head-to-feet height as a fraction of the view height. The default, 0.08, is a 1.6 m
    /// rider on the standard course filling the view (35 m across, 4:3): about 7 % of the height.
    public var heightFraction: Double
    /// Clothing brightness (0-255) before the scene's light level.
    public var luma: Double
    /// Clothing colour as chroma (0-255, 128 = grey), used when the scene is in colour.
    public var chromaBlue = 128.0
    public var chromaRed = 128.0
    /// Where the feet touch the ground, fraction of view height from the top.
    public var groundY: Double

    public init(direction: TravelDirection = .leftToRight, startTime: Double, motion: MotionLaw,
                heightFraction: Double = 0.08, luma: Double = 40, groundY: Double = 0.8) {
        self.direction = direction
        self.startTime = startTime
        self.motion = motion
        self.heightFraction = heightFraction
        self.luma = luma
        self.groundY = groundY
    }
}

/// Someone who is not riding: standing, or walking to and fro between two points.
public struct SimulatedBystander: Sendable, Equatable {
    /// View x positions (normalised) the bystander walks between; equal for someone standing.
    public var fromX: Double, toX: Double
    /// View widths per second.
    public var speed: Double
    public var heightFraction: Double
    public var luma: Double
    /// Clothing colour as chroma (0-255, 128 = grey), used when the scene is in colour.
    public var chromaBlue = 128.0, chromaRed = 128.0
    public var groundY: Double
    /// Scene seconds during which the bystander is in view.
    public var appears: Double, leaves: Double

    public init(fromX: Double, toX: Double, speed: Double = 0.05, heightFraction: Double = 0.12,
                luma: Double = 70, groundY: Double = 0.62, appears: Double = 0, leaves: Double = .infinity) {
        self.fromX = fromX; self.toX = toX; self.speed = speed
        self.heightFraction = heightFraction; self.luma = luma; self.groundY = groundY
        self.appears = appears; self.leaves = leaves
    }

    /// Someone who stays where they are (their legs do not swing either).
    public var isStanding: Bool { fromX == toX || speed == 0 }

    /// View x at scene time `t`.
    public func x(at t: Double) -> Double {
        let span = abs(toX - fromX)
        guard span > 0, speed > 0 else { return fromX }
        let travelled = (t - appears) * speed
        let leg = travelled.truncatingRemainder(dividingBy: 2 * span)
        let offset = leg <= span ? leg : 2 * span - leg
        return fromX + (toX > fromX ? offset : -offset)
    }
}

/// A fixed-camera slalom course and everything that happens in front of it.
public struct SimulatedScene: Sendable {
    public var width = 640
    public var height = 480
    /// Nominal frame rate; frames are stamped at multiples of its period plus jitter.
    public var framesPerSecond = 30.0
    /// Seconds of scene to render.
    public var duration: Double
    /// Post positions, normalised view x.
    public var posts: [Double] = [0.1, 0.3, 0.5, 0.7, 0.9]
    /// Metres from the first post to the last.
    public var courseLength = 28.0
    public var riders: [SimulatedRider] = []
    public var bystanders: [SimulatedBystander] = []
    /// Sensor noise, standard deviation in luma levels.
    public var noise = 2.5
    /// Relative amplitude of the slow light drift (0.1 = +-10 %), and its period in seconds.
    public var lightDrift = 0.0
    public var lightDriftPeriod = 40.0
    /// A step change of the light level at `lightStepTime` by `lightStep` (relative), for gain tests.
    public var lightStep = 0.0
    public var lightStepTime = Double.infinity
    /// Largest camera shake, pixels (each frame is offset by up to this much).
    public var cameraShake = 0.0
    /// Shake as a sway (wind on a tripod) at about this frequency, hertz: a smooth sub-pixel
    /// motion of up to `cameraShake` pixels (two sines, 1 and 2.3 times this frequency, and a
    /// tenth of random jitter). 0: each frame is offset at random by whole pixels instead.
    public var shakeFrequency = 0.0
    /// A permanent camera bump (pixels of shift: `bumpPixels` across, half that down) at `bumpTime`.
    public var bumpPixels = 0
    public var bumpTime = Double.infinity
    /// The bump also turns the camera about its axis by this much, degrees (positive clockwise).
    public var bumpRollDegrees = 0.0
    /// Seconds the bumped camera takes to settle (a damped swing about its new aim); 0: at once.
    public var bumpSettleSeconds = 0.0
    /// Fraction of frames the camera drops (their sequence numbers are skipped).
    public var dropFraction = 0.0
    /// Largest timestamp error, seconds (uniform).
    public var timestampJitter = 0.0
    /// Riders and bystanders cast a shadow on the ground to their right (a low sun).
    public var shadows = false
    /// Shadows of trees or buildings on the ground (below the horizon), fixed to the world.
    public var fixedShadows: [SimulatedShadow] = []
    /// Fraction of the ground's light that comes straight from the sun (0.2–0.5): what a fixed
    /// shadow takes away, and what the whole ground loses while a cloud covers the sun.
    public var sunShare = 0.4
    /// A cloud passing over the sun: its shadow sweeps across the ground, switching the fixed
    /// shadows (and the people's) off while it covers them.
    public var cloud: SimulatedCloud?
    /// Things left on the ground for a while: a bag dropped and picked up.
    public var objects: [SimulatedObject] = []
    /// Leaves moving in the wind: every frame, 8 x 8-pixel patches of `flutterRegion` (normalised
    /// x0, y0, x1, y1) change brightness by up to this many levels. The view never stills.
    public var flutter = 0.0
    public var flutterRegion = (x0: 0.55, y0: 0.32, x1: 0.95, y1: 0.42)
    public var seed: UInt64 = 1
    /// Deliver colour (I420 frames: grass-green ground, blue sky, orange post bands) instead of grey.
    public var colour = false

    public init(duration: Double) { self.duration = duration }

    /// View x of `rider` at scene time `t` (may lie outside 0...1 before entering or after leaving).
    public func x(of rider: SimulatedRider, at t: Double) -> Double {
        let first = posts[0], last = posts[posts.count - 1]
        let fraction = rider.motion.distance(at: t - rider.startTime) / courseLength
        switch rider.direction {
        case .leftToRight: return first + (last - first) * fraction
        case .rightToLeft: return last - (last - first) * fraction
        }
    }

    /// The exact times the rider's centre crosses each post, in the order they are crossed,
    /// and the true average speed over the course.
    public func truth(for rider: SimulatedRider) -> RunTruth {
        let spacing = posts.map { ($0 - posts[0]) / (posts[posts.count - 1] - posts[0]) * courseLength }
        let distances = rider.direction == .leftToRight ? spacing : spacing.reversed().map { courseLength - $0 }
        let times = distances.map { rider.startTime + rider.motion.time(atDistance: $0) }
        return RunTruth(crossingTimes: times, courseLength: courseLength)
    }
}

/// What really happened in one simulated run.
public struct RunTruth: Sendable, Equatable {
    /// Scene seconds at which each post was crossed, in crossing order.
    public var crossingTimes: [Double]
    public var courseLength: Double
    public var elapsed: Double { crossingTimes[crossingTimes.count - 1] - crossingTimes[0] }
    /// True average speed, km/h.
    public var speedKmh: Double { courseLength / elapsed * 3.6 }
}
