/// Someone surely riding keeps their identity on their own ride through a shared region.
///
/// While a rider's region runs into a walker's or into someone standing (passing them, or three
/// people at once), their positions are placements: a cut between expected edges, or where the
/// region's free edges let them be. Each placement moves the next expectation, so an error
/// feeds itself (one cut behind themselves slows to the walker's pace), and when the regions
/// come apart the rider's identity went to whoever stood where the drifted expectation
/// pointed, matched as a whole region or handed over as someone found again: the walker or the
/// person standing was then timed as the rider (seed 269's second run: a walker's crossings).
///
/// A speed fit that surely puts someone over the walking limit, and pins their speed to within
/// `ownRideSpread` body heights a second, says where they are better than any placement: their
/// last position seen apart carried on at that fitted velocity (for at most
/// `RiderTracker.lostRiderSeconds`). A whole region further from that ride than half their
/// width or body height and what their speed's spread and braking or speeding up at `lostRiderAcceleration`
/// move them in the time shared is someone else: it takes their identity neither in matching
/// nor in the hand-over. The rider is then not seen for a moment rather than followed on
/// someone else. (The ride does not place them inside the shared region: carried on from an
/// old fit, a phantom fed by parts of a shadow's region ran ahead of a braking rider, seed 53.)
extension RiderTracker {
    /// The widest spread of speeds (upper less lower bound of the speed fit, body heights per
    /// second) of a ride followed through a shared region.
    static let ownRideSpread = 0.5

    /// Where track `t`'s own ride puts them at `time` (normalised view x), nil unless their last
    /// sightings were parts of a region shared with someone else and their speed fit, as measured
    /// when last seen apart, surely has them riding at a speed known to `ownRideSpread`.
    func ownRideX(_ t: Int, time: Double) -> Double? {
        let track = tracks[t], motion = track.motion
        guard track.sharedSinceApart, time - track.apart.t <= Self.lostRiderSeconds,
              let speed = motion.fittedVelocity, motion.speedLowerBound >= tuning.walkingLimit,
              speed * motion.ridingDirection > 0 else { return nil }
        let bodyHeight = track.height / max(1e-6, aspect)   // view widths
        guard motion.speedUpperBound - motion.speedLowerBound <= Self.ownRideSpread * bodyHeight else { return nil }
        return track.apart.x + speed * (time - track.apart.t)
    }

    /// Whether a whole region at normalised view x `x` may be track `t` at `time`: anyone not
    /// followed on their own ride may; someone who is (`ownRideX`) only within half their
    /// region's width or half their height, whichever is more (what their centre moves by as
    /// parts are lost or someone else's still cling to it; a small rider's fit, resting on a few
    /// cells, is off by more than their width), half their speed's spread and
    /// `lostRiderAcceleration` over the time since last seen apart.
    func followsOwnRide(_ t: Int, x: Double, time: Double) -> Bool {
        guard let ride = ownRideX(t, time: time) else { return true }
        let track = tracks[t], dt = max(0, time - track.apart.t)
        let metres = max(1e-3, settings.courseMetresPerViewWidth)
        let drift = 0.5 * Self.lostRiderAcceleration / metres * dt * dt
        let spread = 0.5 * (track.motion.speedUpperBound - track.motion.speedLowerBound) * dt
        let bodyHeight = track.height / max(1e-6, aspect)   // view widths
        return abs(x - ride) <= max(0.5 * track.width, 0.5 * bodyHeight, 2 * tuning.cell) + spread + drift
    }
}
