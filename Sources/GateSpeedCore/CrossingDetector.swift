/// The rider's centre passing one post line.
public struct Crossing: Sendable, Equatable {
    /// Post number, 1 = leftmost.
    public var post: Int
    /// Seconds on the source clock, linearly interpolated to where the track met the line.
    public var t: Double
    public var direction: Direction
    /// One standard deviation of `t`, seconds: timestamp jitter, position noise over the
    /// rider's speed, and the error of interpolating a curved track with a straight line.
    public var tSigma: Double
    /// The track was lost just beyond the line, by less than the detector's hysteresis (see
    /// `CrossingDetector`): the post was passed, but the side was never confirmed.
    public var unconfirmed = false

    public init(post: Int, t: Double, direction: Direction, tSigma: Double = 0, unconfirmed: Bool = false) {
        self.post = post
        self.t = t
        self.direction = direction
        self.tSigma = tSigma
        self.unconfirmed = unconfirmed
    }
}

/// Finds post-line crossings in a stream of rider positions.
///
/// Each post keeps a *confirmed side*. It only flips once the rider's centre is more than
/// `hysteresis` beyond the line, so jitter on a line gives at most one crossing; the time
/// reported is where the straight track between two samples met the line itself (the last
/// such meeting before the flip was confirmed). One step across several posts yields each
/// crossing, in travel order. A gap without a tracked rider longer than `bridgeSeconds`
/// makes the detector forget the rider, so it never interpolates across a long absence.
///
/// Storage is allocated once in `init`; `observe` does not allocate.
public struct CrossingDetector: Sendable {
    /// Post positions, normalised view x, strictly increasing.
    public let posts: [Double]
    /// Normalised distance beyond a line needed to confirm a side change.
    public let hysteresis: Double
    /// Longest tracking gap (seconds) bridged by interpolation.
    public let bridgeSeconds: Double

    /// Per post: -1 = rider confirmed left of the line, +1 = right.
    private var confirmedSide: [Int8]
    /// Per post: time the track last met the line (valid once the raw side changed).
    private var lineTime: [Double]
    /// Per post: one standard deviation of `lineTime`, seconds.
    private var lineSigma: [Double]
    /// The last tracked position, or nil when the detector has no memory of the rider.
    private var previous: Point?
    /// The tracked position before `previous`, for the track's curvature (nil when unknown).
    private var beforePrevious: Point?

    /// One tracked sample: time and position with their standard deviations.
    struct Point {
        var t: Double, x: Double, tSigma: Double, xSigma: Double

        /// A point from measured sigmas: one that is not a finite, non-negative number counts as 0.
        static func measured(t: Double, x: Double, tSigma: Double, xSigma: Double) -> Point {
            Point(t: t, x: x, tSigma: tSigma.isFinite ? max(0, tSigma) : 0,
                  xSigma: xSigma.isFinite ? max(0, xSigma) : 0)
        }
    }
    /// The latest time seen (tracked or not), to ignore non-increasing timestamps.
    private var latestTime: Double?

    public init(posts: [Double], hysteresis: Double = 0.004, bridgeSeconds: Double = 0.5) {
        self.posts = posts
        self.hysteresis = hysteresis
        self.bridgeSeconds = bridgeSeconds
        confirmedSide = Array(repeating: 0, count: posts.count)
        lineTime = Array(repeating: 0, count: posts.count)
        lineSigma = Array(repeating: 0, count: posts.count)
        stretchFirstPoints = []
        stretchFirstPoints.reserveCapacity(Self.stretchPointCapacity)
    }

    /// Whether the detector currently remembers a rider position.
    public var isTracking: Bool { previous != nil }
    /// Counts the stretches of continuous tracking: it goes up with the first position after the
    /// detector forgot the rider (a gap over `bridgeSeconds`, `reset`). Positions with the same
    /// value were joined into one path; crossings come only from within one stretch.
    public private(set) var stretch: UInt32 = 0
    /// The first position of the current `stretch` (nil before any), with its sigmas.
    private(set) var stretchFirst: Point?
    /// The first positions of the current `stretch`, in time order, up to `stretchPointCapacity`
    /// (empty after `reset` until the next stretch); capacity reserved once. The timing machine's
    /// late entry starts a rider first tracked just inside an outer post from whichever of them
    /// gives the surest start (`TimingMachine+LateEntry`): the very first is often the least sure.
    private(set) var stretchFirstPoints: [Point]
    /// Positions kept per stretch, the earliest first (seconds of riding between an outer post and
    /// the inner one next to it: at 120 fps, 16 frames are 0.13 s; positions further in are nearer
    /// the inner post and extrapolate the start from a shorter baseline, so they help little).
    static let stretchPointCapacity = 16
    /// The last position before the gap (over `bridgeSeconds`) that began the current stretch: the
    /// same person, last seen where the previous stretch ended. Nil when the stretch began after a
    /// `reset` (another person), or none did since (see `TimingMachine+StartInGap`).
    private(set) var pointBeforeStretch: Point?
    /// The position a gap made the detector forget, until a new stretch begins after it.
    private var forgottenInGap: Point?

    /// Forgets the rider (e.g. after the source was lost, or another person is followed).
    /// Timestamps may start afresh. A gap after this is never bridged: `pointBeforeStretch` stays
    /// nil until a stretch begins after a gap of the next person.
    public mutating func reset() {
        previous = nil
        beforePrevious = nil
        latestTime = nil
        forgottenInGap = nil
        pointBeforeStretch = nil
        stretchFirstPoints.removeAll(keepingCapacity: true)
    }

    /// Feeds one frame: `x` is the rider's normalised centre, nil when nobody is tracked.
    /// Crossings found are appended to `crossings` in time order. Non-finite values and
    /// timestamps not after the previous one are ignored.
    /// `xSigma` and `tSigma` are the sample's standard deviations (position unit, seconds).
    public mutating func observe(t: Double, x: Double?, xSigma: Double = 0, tSigma: Double = 0,
                                 into crossings: inout [Crossing]) {
        observe(t: t, x: x, xSigma: xSigma, tSigma: tSigma) { crossings.append($0) }
    }

    /// Feeds one frame and hands each crossing, in time order, to `emit`.
    public mutating func observe(t: Double, x: Double?, xSigma: Double = 0, tSigma: Double = 0,
                                 emit: (Crossing) -> Void) {
        guard t.isFinite else { return }
        if let latestTime, t <= latestTime { return }
        latestTime = t
        if let last = previous, t - last.t > bridgeSeconds {
            emitCrossingsLeftPending(emit: emit)
            forgottenInGap = last
            previous = nil
            beforePrevious = nil
        }
        guard let x, x.isFinite else { return }
        let point = Point.measured(t: t, x: x, tSigma: tSigma, xSigma: xSigma)
        guard let last = previous else {
            stretch &+= 1
            stretchFirst = point
            pointBeforeStretch = forgottenInGap
            forgottenInGap = nil
            stretchFirstPoints.removeAll(keepingCapacity: true)
            stretchFirstPoints.append(point)
            for index in posts.indices {
                confirmedSide[index] = x >= posts[index] ? 1 : -1
            }
            previous = point
            return
        }
        if stretchFirstPoints.count < Self.stretchPointCapacity { stretchFirstPoints.append(point) }
        let curvature = beforePrevious.map { Self.acceleration($0, last, point) } ?? 0
        beforePrevious = last
        previous = point
        if x == last.x { return }
        // Posts in travel order, so crossings come out in time order. (Plain index loops:
        // a reversed-collection iterator allocates in unoptimised builds.)
        let count = posts.count
        var step = 0
        while step < count {
            let index = x > last.x ? step : count - 1 - step
            update(post: index, from: last, to: point, acceleration: curvature, emit: emit)
            step += 1
        }
    }

    /// The stretch ends (a gap over `bridgeSeconds`) with its last position beyond a line it was
    /// confirmed on the other side of, but by less than `hysteresis`: a rider lost just after
    /// passing a post (faint, or merged with someone) has crossed it, and no later jitter can
    /// take that back. Emitted, in travel order, when that position lies beyond the line by at
    /// least its own sigma and the last step went that way; timed as any crossing, marked
    /// `unconfirmed`.
    private mutating func emitCrossingsLeftPending(emit: (Crossing) -> Void) {
        guard let last = previous, let before = beforePrevious, last.x != before.x else { return }
        let rightwards = last.x > before.x
        let count = posts.count
        var step = 0
        while step < count {
            let index = rightwards ? step : count - 1 - step
            step += 1
            let side: Int8 = last.x >= posts[index] ? 1 : -1
            guard side != confirmedSide[index], (side > 0) == rightwards,
                  abs(last.x - posts[index]) >= last.xSigma else { continue }
            confirmedSide[index] = side
            emit(Crossing(post: index + 1, t: lineTime[index], direction: side > 0 ? .leftToRight : .rightToLeft,
                          tSigma: lineSigma[index], unconfirmed: true))
        }
    }

    /// The track's acceleration (position units per second squared) from three samples.
    private static func acceleration(_ a: Point, _ b: Point, _ c: Point) -> Double {
        let span = c.t - a.t
        guard b.t > a.t, c.t > b.t, span > 0 else { return 0 }
        let value = 2 * ((c.x - b.x) / (c.t - b.t) - (b.x - a.x) / (b.t - a.t)) / span
        return value.isFinite ? value : 0
    }

    /// Updates one post for the straight track from `a` to `b`. `acceleration`: the track's
    /// curvature there, for the interpolation error.
    private mutating func update(post index: Int, from a: Point, to b: Point, acceleration: Double,
                                 emit: (Crossing) -> Void) {
        let line = posts[index]
        let wasRight = a.x >= line
        let isRight = b.x >= line
        if wasRight != isRight {
            let fraction = (line - a.x) / (b.x - a.x)
            let time = a.t + fraction * (b.t - a.t)
            lineTime[index] = min(max(time, a.t), b.t)
            lineSigma[index] = Self.crossingSigma(from: a, to: b, fraction: min(max(fraction, 0), 1),
                                                  acceleration: acceleration)
        }
        let side: Int8
        if b.x >= line + hysteresis {
            side = 1
        } else if b.x <= line - hysteresis {
            side = -1
        } else {
            return
        }
        guard side != confirmedSide[index] else { return }
        confirmedSide[index] = side
        emit(Crossing(post: index + 1, t: lineTime[index], direction: side > 0 ? .leftToRight : .rightToLeft,
                      tSigma: lineSigma[index]))
    }

    /// One standard deviation of a crossing time interpolated at `fraction` between `a` and `b`:
    /// the two timestamps' jitter (independent), the position error over the speed (taken as
    /// the same error at both samples, the worse case for a smoothed depth), and the straight
    /// line's miss of a track curving at `acceleration`: at most |a| dt^2 / 8 in position.
    static func crossingSigma(from a: Point, to b: Point, fraction f: Double, acceleration: Double) -> Double {
        let dt = b.t - a.t
        let speed = abs(b.x - a.x) / dt
        guard dt > 0, speed > 0, speed.isFinite else { return 0 }
        let jitter = ((1 - f) * a.tSigma) * ((1 - f) * a.tSigma) + (f * b.tSigma) * (f * b.tSigma)
        let position = ((1 - f) * a.xSigma + f * b.xSigma) / speed
        let bend = abs(acceleration) * dt * dt / 8 / speed
        // The bend is a bound, not a deviation: a uniform spread up to it has sigma bound / sqrt(3).
        let bendSigma = bend / (3.0).squareRoot()
        let total = (jitter + position * position + bendSigma * bendSigma).squareRoot()
        return total.isFinite ? total : 0
    }
}
