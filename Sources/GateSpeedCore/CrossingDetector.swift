/// The rider's centre passing one post line.
public struct Crossing: Sendable, Equatable {
    /// Post number, 1 = leftmost.
    public var post: Int
    /// Seconds on the source clock, linearly interpolated to where the track met the line.
    public var t: Double
    public var direction: Direction

    public init(post: Int, t: Double, direction: Direction) {
        self.post = post
        self.t = t
        self.direction = direction
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
    /// The last tracked position, or nil when the detector has no memory of the rider.
    private var previous: (t: Double, x: Double)?
    /// The latest time seen (tracked or not), to ignore non-increasing timestamps.
    private var latestTime: Double?

    public init(posts: [Double], hysteresis: Double = 0.004, bridgeSeconds: Double = 0.5) {
        self.posts = posts
        self.hysteresis = hysteresis
        self.bridgeSeconds = bridgeSeconds
        confirmedSide = Array(repeating: 0, count: posts.count)
        lineTime = Array(repeating: 0, count: posts.count)
    }

    /// Whether the detector currently remembers a rider position.
    public var isTracking: Bool { previous != nil }

    /// Forgets the rider (e.g. after the source was lost). Timestamps may start afresh.
    public mutating func reset() {
        previous = nil
        latestTime = nil
    }

    /// Feeds one frame: `x` is the rider's normalised centre, nil when nobody is tracked.
    /// Crossings found are appended to `crossings` in time order. Non-finite values and
    /// timestamps not after the previous one are ignored.
    public mutating func observe(t: Double, x: Double?, into crossings: inout [Crossing]) {
        observe(t: t, x: x) { crossings.append($0) }
    }

    /// Feeds one frame and hands each crossing, in time order, to `emit`.
    public mutating func observe(t: Double, x: Double?, emit: (Crossing) -> Void) {
        guard t.isFinite else { return }
        if let latestTime, t <= latestTime { return }
        latestTime = t
        if let last = previous, t - last.t > bridgeSeconds {
            previous = nil
        }
        guard let x, x.isFinite else { return }
        guard let last = previous else {
            for index in posts.indices {
                confirmedSide[index] = x >= posts[index] ? 1 : -1
            }
            previous = (t, x)
            return
        }
        previous = (t, x)
        if x == last.x { return }
        // Posts in travel order, so crossings come out in time order. (Plain index loops:
        // a reversed-collection iterator allocates in unoptimised builds.)
        let count = posts.count
        var step = 0
        while step < count {
            let index = x > last.x ? step : count - 1 - step
            update(post: index, from: last, to: (t, x), emit: emit)
            step += 1
        }
    }

    /// Updates one post for the straight track from `a` to `b`.
    private mutating func update(post index: Int, from a: (t: Double, x: Double), to b: (t: Double, x: Double),
                               emit: (Crossing) -> Void) {
        let line = posts[index]
        let wasRight = a.x >= line
        let isRight = b.x >= line
        if wasRight != isRight {
            let fraction = (line - a.x) / (b.x - a.x)
            let time = a.t + fraction * (b.t - a.t)
            lineTime[index] = min(max(time, a.t), b.t)
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
        emit(Crossing(post: index + 1, t: lineTime[index], direction: side > 0 ? .leftToRight : .rightToLeft))
    }
}
