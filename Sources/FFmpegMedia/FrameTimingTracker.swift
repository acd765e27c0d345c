import GateSpeedFrames

/// Turns media timestamps into frame times relative to the stream start and counts
/// frames missing between them.
///
/// A gap of more than 1.5 nominal frame intervals between consecutive frames leaves
/// `round(gap / interval) - 1` frame slots empty. Frames that were in the file but unreadable
/// (`noteUnreadable`, already counted corrupt) fill those slots first, whenever they were
/// noted before the gap shows (a decoder may hand pictures out a few packets late); the
/// remaining slots count as dropped.
///
/// Times step forward: a frame stamped at or up to `TimestampRules.newTimelineBackwardsSeconds`
/// before its predecessor is moved one microsecond after it. A step further back, or a jump
/// forward beyond `TimestampRules.newTimelineForwardSeconds`, is a new timeline (two
/// recordings joined): reported as it is, with no frames counted missing across it.
struct FrameTimingTracker {
    /// Seconds per frame at the nominal rate; 0 when unknown (no drops are counted then).
    let nominalInterval: Double
    private(set) var lastTime: Double?
    private(set) var dropped = 0
    /// New timelines begun (steps back or huge jumps forward).
    private(set) var discontinuities = 0
    /// Unreadable frames whose empty slots have not shown up as a gap yet.
    private var unreadablePending = 0

    init(nominalFramesPerSecond: Double) {
        nominalInterval = nominalFramesPerSecond.isFinite && nominalFramesPerSecond > 0 ? 1 / nominalFramesPerSecond : 0
    }

    /// `count` frames after the last recorded one were in the file but could not be read.
    mutating func noteUnreadable(_ count: Int = 1) {
        let (sum, overflow) = unreadablePending.addingReportingOverflow(max(0, count))
        unreadablePending = overflow ? Int.max : sum
    }

    /// Records the next frame at `time` (seconds, or nil when the file gave none: then one
    /// nominal interval after the previous frame) and returns the time to report.
    mutating func record(time: Double?) -> Double {
        let given = time.flatMap { TimestampRules.isUsable($0) ? $0 : nil }
        guard let lastTime else {
            // Frames unreadable before the first one leave no gap between frames.
            unreadablePending = 0
            let first = given ?? 0
            self.lastTime = first
            return first
        }
        var time = given ?? lastTime + nominalInterval
        let gap = time - lastTime
        if gap < -TimestampRules.newTimelineBackwardsSeconds || gap > TimestampRules.newTimelineForwardSeconds {
            discontinuities += 1
            unreadablePending = 0
        } else if gap <= 0 {
            time = lastTime + 1e-6
        } else if nominalInterval > 0, gap > 1.5 * nominalInterval {
            // At most an hour of slots at 240 fps or less: the conversion cannot trap.
            let empty = Int(min((gap / nominalInterval).rounded(), 1e9)) - 1
            let filled = min(empty, unreadablePending)
            unreadablePending -= filled
            dropped += empty - filled
        }
        self.lastTime = time
        return time
    }
}
