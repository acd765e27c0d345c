import GateSpeedEvents

/// How long clips are, seconds on the camera clock.
public struct ClipTiming: Sendable, Equatable {
    /// Footage before a run's start.
    public var preRoll: Double = 2
    /// Footage after a run's finish (the result panel plays over real footage).
    public var postRoll: Double = 3
    /// Length of a highlight: the last N seconds.
    public var highlightLength: Double = 10
    /// A highlight within this many seconds of the previous one is ignored (double press).
    public var highlightCooldown: Double = 3

    public init(preRoll: Double = 2, postRoll: Double = 3, highlightLength: Double = 10, highlightCooldown: Double = 3) {
        self.preRoll = preRoll
        self.postRoll = postRoll
        self.highlightLength = highlightLength
        self.highlightCooldown = highlightCooldown
    }
}

/// A valid run whose clip should be kept.
public struct RunClipRequest: Sendable, Equatable {
    /// Run number in the session (names the file).
    public var number: Int
    /// Start and finish crossing times, camera seconds.
    public var startTime: Double
    public var finishTime: Double
    public var speedKmh: Double
    public var pass: Bool
    /// The pass speed the verdict was decided against (for the figure in the file name).
    public var thresholdKmh: Double
    /// The session the run was timed in; nil: the recorder's session when it is requested.
    public var session: SessionID?

    public init(number: Int, startTime: Double, finishTime: Double, speedKmh: Double, pass: Bool,
                thresholdKmh: Double, session: SessionID? = nil) {
        self.session = session
        self.thresholdKmh = thresholdKmh
        self.number = number
        self.startTime = startTime
        self.finishTime = finishTime
        self.speedKmh = speedKmh
        self.pass = pass
    }
}

/// A clip the planner decided to cut: camera-time range and what it is.
public struct PlannedClip: Sendable, Equatable {
    public var kind: ClipKind
    public var from: Double
    public var to: Double
    /// Set for runs.
    public var run: RunClipRequest?
    /// The session the clip belongs to (a run's, or the one a highlight was marked in);
    /// nil: whatever session is current when it is cut.
    public var session: SessionID? = nil
}

/// Decides which clips to cut and when, on the camera clock only (no threads, no wall
/// time): a run's clip is due once its post-roll has been recorded; a highlight is due at
/// once unless it falls within the cooldown of the previous highlight.
public struct ClipPlanner: Sendable {
    public let timing: ClipTiming
    /// Newest camera time recorded, seconds.
    public private(set) var now: Double?
    private var waiting: [PlannedClip] = []
    private var lastHighlight: Double?

    public init(timing: ClipTiming = ClipTiming()) {
        self.timing = timing
        waiting.reserveCapacity(8)
    }

    /// Clips requested but not yet due.
    public var pending: [PlannedClip] { waiting }

    public mutating func requestRun(_ run: RunClipRequest) {
        waiting.append(PlannedClip(kind: .run, from: run.startTime - timing.preRoll,
                                   to: run.finishTime + timing.postRoll, run: run, session: run.session))
    }

    /// Marks a highlight ending at camera time `t` (nil: the newest recorded time, which
    /// lags the camera by the encoder queue; pass the press's camera time when known).
    /// Returns false when it is ignored: within the cooldown of the previous highlight
    /// (either side, camera clock), or nothing recorded yet.
    public mutating func requestHighlight(at t: Double? = nil, session: SessionID? = nil) -> Bool {
        guard let end = t ?? now else { return false }
        if let lastHighlight, abs(end - lastHighlight) < timing.highlightCooldown { return false }
        lastHighlight = end
        waiting.append(PlannedClip(kind: .highlight, from: end - timing.highlightLength, to: end, run: nil,
                                   session: session))
        return true
    }

    /// Advances the camera clock to `time` (it never goes back).
    public mutating func advance(to time: Double) {
        if let now, time <= now { return }
        now = time
    }

    /// Removes and returns the clips whose end has been recorded, oldest request first.
    /// Returns an empty array (no allocation) when none are due.
    public mutating func takeDue() -> [PlannedClip] {
        guard let now, waiting.contains(where: { $0.to <= now }) else { return [] }
        let due = waiting.filter { $0.to <= now }
        waiting.removeAll { $0.to <= now }
        return due
    }

    /// Removes and returns every waiting clip (on stop: cut them with what was recorded).
    public mutating func takeAll() -> [PlannedClip] {
        let all = waiting
        waiting.removeAll(keepingCapacity: true)
        return all
    }
}
