/// A run a sweep counts: its direction, its truth, and the window in which events are its own.
public protocol SweepCountedRun {
    var direction: TravelDirection { get }
    var truth: RunTruth { get }
    /// Scene seconds at which the rider starts to enter the view and has wholly left it.
    var entersView: Double { get }
    var leavesView: Double { get }
    /// What makes this run hard, in `SweepTrait` order.
    var traits: [SweepTrait] { get }
}

extension SweepRun: SweepCountedRun {}

extension SweepCountedRun {
    /// The truth in a few words: "L>R 48.2 km/h, start 2.93 s, finish 5.03 s, in view 2.51-5.62 s".
    public var summary: String {
        (direction == .leftToRight ? "L>R " : "R>L ") + SweepText.number(truth.speedKmh, 2) + " km/h, start "
            + SweepText.number(truth.crossingTimes[0], 2) + " s, finish "
            + SweepText.number(truth.crossingTimes[truth.crossingTimes.count - 1], 2) + " s, in view "
            + SweepText.number(entersView, 2) + "-" + SweepText.number(leavesView, 2) + " s"
    }
}
