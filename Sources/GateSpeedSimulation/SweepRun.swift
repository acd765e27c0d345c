/// One run of a sweep scene that counts: a rider who rides the whole course, what really
/// happened, and when they are in view (to tell their events from anyone else's).
public struct SweepRun: Sendable, Equatable {
    public var rider: SimulatedRider
    public var truth: RunTruth
    /// Scene seconds at which the rider's figure starts to enter the view and has wholly left it.
    public var entersView: Double, leavesView: Double
    /// What makes this run hard: the scene's traits and the rider's own, in `SweepTrait` order.
    public var traits: [SweepTrait]

    public init(rider: SimulatedRider, truth: RunTruth, entersView: Double, leavesView: Double, traits: [SweepTrait]) {
        self.rider = rider
        self.truth = truth
        self.entersView = entersView
        self.leavesView = leavesView
        self.traits = traits
    }

    /// The run's travel direction.
    public var direction: TravelDirection { rider.direction }
}
