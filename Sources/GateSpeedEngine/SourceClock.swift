import GateSpeedFrames

/// Keeps the time the pipeline sees monotonic per source, by judging each frame's timestamp
/// against the last one analysed (the limits are `TimestampRules`').
///
/// A frame whose timestamp is no clock at all (non-finite, or beyond `largestSeconds`), or no
/// later than the last one by a small step back or a repeat, is not analysed: the rider's path
/// and every rate are measured on strictly increasing times. A big step back (or a jump forward
/// beyond `newTimelineForwardSeconds`) starts a new timeline: what was measured on the old one
/// means nothing on the new. A forward gap beyond `sourceLostGapSeconds` is the source lost
/// for that long. No allocation.
public struct SourceClock: Sendable {
    /// What one timestamp did.
    public enum Verdict: Sendable, Equatable {
        /// The first frame (or the first since `reset`).
        case first
        /// Later than the last frame by a normal step.
        case steady
        /// Non-finite or beyond `TimestampRules.largestSeconds`: the frame is ignored.
        case unusable
        /// The same time as the last frame, or a small step back: the frame is ignored.
        case outOfOrder
        /// A forward gap longer than `TimestampRules.sourceLostGapSeconds`, in seconds.
        case gap(seconds: Double)
        /// A new timeline begins at this frame: the last frame was at `from`.
        case newTimeline(from: Double)

        /// Whether the frame is analysed at all.
        public var isAnalysed: Bool {
            switch self {
            case .unusable, .outOfOrder: false
            case .first, .steady, .gap, .newTimeline: true
            }
        }
    }

    /// Time of the last frame analysed, nil before the first.
    public private(set) var lastTime: Double?
    /// Frames ignored for their timestamps (unusable, repeated or out of order).
    public private(set) var ignoredFrames = 0
    /// New timelines begun.
    public private(set) var newTimelines = 0
    /// Forward gaps over `TimestampRules.sourceLostGapSeconds`.
    public private(set) var gaps = 0

    public init() {}

    /// Judges the timestamp of the next frame and, when it is analysed, takes it as the last.
    public mutating func judge(_ t: Double) -> Verdict {
        guard TimestampRules.isUsable(t) else {
            ignoredFrames &+= 1
            return .unusable
        }
        guard let last = lastTime else {
            lastTime = t
            return .first
        }
        let step = t - last
        let verdict: Verdict
        if step < -TimestampRules.newTimelineBackwardsSeconds || step > TimestampRules.newTimelineForwardSeconds {
            newTimelines &+= 1
            verdict = .newTimeline(from: last)
        } else if step <= 0 {
            ignoredFrames &+= 1
            return .outOfOrder
        } else if step > TimestampRules.sourceLostGapSeconds {
            gaps &+= 1
            verdict = .gap(seconds: step)
        } else {
            verdict = .steady
        }
        lastTime = t
        return verdict
    }

    /// Forgets the last time: the next frame is a first one (the source was reopened).
    public mutating func reset() {
        lastTime = nil
    }
}
