/// Why a run was thrown out. Raw values are the `reason` field of the `invalid` event.
public enum InvalidReason: String, Sendable, Equatable, CaseIterable {
    /// The first post crossed while armed was not an outer post.
    case innerStart = "inner_start"
    /// Both outer posts were crossed within one sample.
    case ambiguousStart = "ambiguous_start"
    /// A post was jumped over (the run's `post` is the one missed).
    case skippedPost = "skipped_post"
    /// A post was crossed out of order, including turning back across one.
    case outOfOrder = "out_of_order"
    /// Not finished within the course's timeout after the start.
    case timeout = "timeout"
    /// The camera (frame source) was lost during the run.
    case sourceLost = "camera_lost"
    /// The posts' crossings disagree with any steady ride (`TimingMachine+Steadiness`): someone
    /// else was followed for part of the run, so its speed is not known.
    case unsteady = "unsteady"
}

/// A finished, valid run.
public struct RunResult: Sendable, Equatable {
    /// Seconds, source clock: the interpolated crossing time of the last post.
    public var t: Double
    public var direction: Direction
    /// Last crossing minus first crossing, seconds.
    public var elapsedSeconds: Double
    /// Course length / elapsed, km/h, unrounded.
    public var speedKmh: Double
    /// `speedKmh >= passKmh` on the unrounded value.
    public var pass: Bool
    /// The exact words to speak, e.g. "31 kilometres per hour. Pass."
    public var announcement: String
    /// Interpolated crossing time of every post in travel order (post 1…N or N…1).
    public var crossingTimes: [Double]
    /// Half-width of the ~95 % interval of `speedKmh`, km/h, from every error source known:
    /// timestamps, interpolation, detection, depth and the posts' geometry.
    public var uncertaintyKmh: Double
    /// The interval `speedKmh ± uncertaintyKmh` contains the pass speed: too close to call.
    public var closeCall: Bool

    public init(t: Double, direction: Direction, elapsedSeconds: Double, speedKmh: Double, pass: Bool,
                announcement: String, crossingTimes: [Double], uncertaintyKmh: Double = 0, closeCall: Bool = false) {
        self.t = t
        self.direction = direction
        self.elapsedSeconds = elapsedSeconds
        self.speedKmh = speedKmh
        self.pass = pass
        self.announcement = announcement
        self.crossingTimes = crossingTimes
        self.uncertaintyKmh = uncertaintyKmh
        self.closeCall = closeCall
    }
}

/// A run (or attempted start) that was thrown out.
public struct InvalidRun: Sendable, Equatable {
    /// Seconds, source clock: when the run became invalid (the offending crossing, or
    /// start + timeout for a timeout).
    public var t: Double
    public var reason: InvalidReason
    /// The post concerned: the inner post for `innerStart`, the missed post for
    /// `skippedPost`, the post crossed for `outOfOrder`; nil otherwise.
    public var post: Int?
    /// The exact words to speak, e.g. "Invalid run. Post 3 was missed."
    public var announcement: String

    public init(t: Double, reason: InvalidReason, post: Int?, announcement: String) {
        self.t = t
        self.reason = reason
        self.post = post
        self.announcement = announcement
    }
}
