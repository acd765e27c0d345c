import GateSpeedCore

/// What the overlay shows on one recorded frame. A plain value the frame loop fills in
/// (no strings, so building it costs nothing); the recorder draws it.
public struct OverlayState: Sendable, Equatable {
    /// The status pill at the top.
    public enum Status: Sendable, Equatable {
        case hidden
        case calibrating
        case ready
        /// During a run: the post to pass next (1-based from the left) and seconds since the start.
        case nextPost(number: Int, elapsedSeconds: Double)
    }

    /// The result panel, shown from the moment the rider crosses the finishing post.
    public struct Result: Sendable, Equatable {
        public var speedKmh: Double
        public var pass: Bool
        /// The figure shown: `SpeedText`'s, so it never contradicts the verdict.
        public var shown: SpeedText
        public init(speedKmh: Double, pass: Bool, thresholdKmh: Double) {
            self.speedKmh = speedKmh
            self.pass = pass
            shown = .shown(speedKmh, thresholdKmh: thresholdKmh)
        }
    }

    /// The session tally, bottom-left.
    public struct Scoreboard: Sendable, Equatable {
        public var runs: Int
        public var passes: Int
        public var averageKmh: Double
        public init(runs: Int, passes: Int, averageKmh: Double) {
            self.runs = runs
            self.passes = passes
            self.averageKmh = averageKmh
        }
    }

    /// Post positions, normalised image x (0 = left edge, 1 = right edge), left to right.
    public var postXs: [Double]
    /// Bit i set = post i (0-based from the left) has been passed in this run and is lit.
    public var litPosts: UInt32
    public var status: Status
    public var result: Result?
    public var scoreboard: Scoreboard?

    public init(postXs: [Double] = [0.1, 0.3, 0.5, 0.7, 0.9], litPosts: UInt32 = 0, status: Status = .hidden,
                result: Result? = nil, scoreboard: Scoreboard? = nil) {
        self.postXs = postXs
        self.litPosts = litPosts
        self.status = status
        self.result = result
        self.scoreboard = scoreboard
    }

    public func isLit(_ postIndex: Int) -> Bool {
        postIndex >= 0 && postIndex < 32 && litPosts & (1 << UInt32(postIndex)) != 0
    }

    /// Lights the first `passed` posts in the riding direction (from the left when
    /// `leftToRight`, else from the right), and turns the others off.
    public mutating func light(passed: Int, leftToRight: Bool) {
        litPosts = 0
        let count = min(postXs.count, 32)
        for step in 0..<max(0, min(passed, count)) {
            litPosts |= 1 << UInt32(leftToRight ? step : count - 1 - step)
        }
    }
}

extension OverlayState.Scoreboard {
    /// The overlay's view of the journal's session tally.
    public init(_ scoreboard: Scoreboard) {
        self.init(runs: scoreboard.runs, passes: scoreboard.passes, averageKmh: scoreboard.averageKmh)
    }
}
