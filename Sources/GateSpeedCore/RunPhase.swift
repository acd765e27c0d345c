/// Where the run state machine is.
public enum RunPhase: Sendable, Equatable {
    /// Not armed: calibrating, waiting for `arm` (the course must be learnt empty first).
    case unarmed
    /// Waiting for a rider to cross an outer post moving inward.
    case armed
    /// A run is under way: `nextPost` is the post number expected next,
    /// `startTime` the interpolated start crossing (seconds, source clock).
    case running(direction: Direction, nextPost: Int, startTime: Double)
    /// After a result or an invalid run: re-arms once the announcement has been spoken
    /// (`needsAnnouncement` false) and the course has been clear long enough.
    case waitingToRearm(needsAnnouncement: Bool)

    /// The post expected next while running, else nil (for the LEDs and the status line).
    public var nextPost: Int? {
        if case .running(_, let next, _) = self { return next }
        return nil
    }

    /// Whether a run is under way.
    public var isRunning: Bool { nextPost != nil }
}
