/// A timing event as the sweep judges it: the timing core's events reduced to what tells one
/// run from another. (This module cannot see GateSpeedCore; whoever runs the pipeline converts.)
public enum SweepEvent: Sendable, Equatable {
    /// The course was learnt, or the course is clear again after a run: armed at `t`.
    case ready(t: Double)
    /// A run started at scene second `t`, going `direction`.
    case start(t: Double, direction: TravelDirection)
    /// A valid run: its speed (km/h) and its crossing times in travel order (scene seconds), and
    /// the half-width of the speed's ~95 % interval (km/h, 0 when not given).
    case result(speedKmh: Double, crossingTimes: [Double], direction: TravelDirection, uncertaintyKmh: Double = 0)
    /// A run (or an attempted start) thrown out at `t`, with the timing core's reason
    /// (the `invalid` event's `reason`, e.g. "inner_start").
    case invalid(t: Double, reason: String)

    /// A few words for a replay's event list, e.g. "3.02 s start L>R", "5.10 s result 48.1 km/h".
    public var summary: String {
        switch self {
        case .ready(let t): SweepText.number(t, 2) + " s ready"
        case .start(let t, let direction): SweepText.number(t, 2) + " s start " + (direction == .leftToRight ? "L>R" : "R>L")
        case .result(let speed, let times, _, _):
            SweepText.number(times.last ?? 0, 2) + " s result " + SweepText.number(speed, 2) + " km/h"
        case .invalid(let t, let reason): SweepText.number(t, 2) + " s invalid " + reason
        }
    }
}
