/// The run's rider, back from a region shared with someone, is looked for where their own ride
/// puts them.
///
/// While the rider's region runs into a walker's or someone standing, their positions are
/// placements inside the shared region, and their velocity drifts towards the other person's
/// (seed 902: a rider at 0.2 view widths a second measured at 0.07 as they passed someone
/// standing). When the two regions come apart, the track expected at its drifted velocity lies
/// nearer the person standing than the rider, took their region, and the rider went on as a new
/// track that could not take the identity back (out_of_order). A speed fit that surely has them
/// riding, measured apart (`RiderTracker+OwnRide`), says where they are: during a run, the
/// rider's track is matched by its distance from that ride, not from its drifted velocity.
extension RiderTracker {
    /// Where track `t` is expected at `time` (normalised view x) for matching: the run's rider
    /// on their own ride (`ownRideX`) while one is known, otherwise at constant velocity.
    func expectedX(_ t: Int, time: Double) -> Double {
        if holdingRun && tracks[t].id == riderID, let ride = ownRideX(t, time: time) { return ride }
        return predictedX(t, time: time)
    }
}
