/// What the timing core reports, in the order it happens. The executable serialises these
/// as the JSON Lines events of the interfaces document (`t` in seconds, source clock).
public enum TimingEvent: Sendable, Equatable {
    /// Calibrated and armed: the next rider crossing an outer post inward starts a run.
    case ready(t: Double)
    /// A run started at `post` (1 or N) at the interpolated crossing time.
    case start(t: Double, post: Int, direction: Direction)
    /// The next post was crossed; `splitSeconds` since the start.
    case post(t: Double, post: Int, splitSeconds: Double)
    /// A valid run finished (always preceded by the last `post`). The session tally is not the
    /// timing core's: the results journal owns it (the service's `session` event).
    case result(RunResult)
    /// A run was thrown out.
    case invalid(InvalidRun)

    /// The event's time, seconds on the source clock.
    public var t: Double {
        switch self {
        case .ready(let t), .start(let t, _, _), .post(let t, _, _): t
        case .result(let result): result.t
        case .invalid(let run): run.t
        }
    }

    /// The `event` field of the JSON line: "ready", "start", "post", "result", "invalid".
    public var name: String {
        switch self {
        case .ready: "ready"
        case .start: "start"
        case .post: "post"
        case .result: "result"
        case .invalid: "invalid"
        }
    }
}
