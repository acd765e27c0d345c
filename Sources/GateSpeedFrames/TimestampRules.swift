/// What a source's frame timestamps may do from one frame to the next. Shared by the sources
/// (which report what their clock did) and the timing pipeline (which keeps its own time
/// monotonic per source). Seconds.
public enum TimestampRules {
    /// A step back of more than this starts a new timeline (two recordings joined, a clock
    /// that was reset). A smaller step back, or none, is a frame out of order or repeated.
    public static let newTimelineBackwardsSeconds = 0.5
    /// A forward gap longer than this means the source was lost meanwhile: a run in progress
    /// cannot be judged across it.
    public static let sourceLostGapSeconds = 2.0
    /// A forward jump longer than this is a new timeline too (a recording resumed later), not
    /// frames missing one by one.
    public static let newTimelineForwardSeconds = 3600.0
    /// Timestamps beyond this magnitude (about 317 years) are no clock: such frames are ignored.
    public static let largestSeconds = 1e10

    /// Whether `t` can be a frame time at all: finite and within `largestSeconds` of zero.
    @inlinable
    public static func isUsable(_ t: Double) -> Bool {
        t.isFinite && t.magnitude <= largestSeconds
    }
}
