import GateSpeedCore

/// Everything the service reports on stdout: the timing core's events plus the ones the
/// service itself produces. See shared/interfaces.md for the fixed field names.
public enum ServiceEvent: Sendable, Equatable {
    case timing(TimingEvent)
    /// The session tally after a result or a new session, as the results journal counts it
    /// (the one owner of session and run numbers).
    case session(t: Double, Scoreboard)
    /// A highlight was marked (button or command), at source time `t`.
    case highlight(t: Double)
    /// A clip file was written.
    case clip(t: Double, path: String, kind: ClipKind)
    /// The walk-through check saw the rider cross `post` (whatever the run rules make of it).
    case walkthrough(t: Double, post: Int, direction: Direction)
    /// Last line of `replay` and `demo`.
    case summary(t: Double, frames: Int, dropped: Int, corrupt: Int, wallSeconds: Double)

    public var name: String {
        switch self {
        case .timing(let e): e.name
        case .session: "session"
        case .highlight: "highlight"
        case .clip: "clip"
        case .walkthrough: "walkthrough"
        case .summary: "summary"
        }
    }

    public var t: Double {
        switch self {
        case .timing(let e): e.t
        case .session(let t, _), .highlight(let t), .clip(let t, _, _), .summary(let t, _, _, _, _), .walkthrough(let t, _, _): t
        }
    }
}
