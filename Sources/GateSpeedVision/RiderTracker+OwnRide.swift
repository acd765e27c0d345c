/// Someone surely riding keeps their own ride while their region is shared with someone else's.
///
/// While a rider's region runs into a walker's or into someone standing (passing them, or three
/// people at once), their positions are placements: a cut between expected edges, or where the
/// region's free edges let them be. Each placement moves the next expectation, so an error
/// feeds itself (a rider whose region has a shadow on one side pushed ahead by the region's edge
/// gains speed frame after frame; one cut behind themselves slows to the walker's pace) and when
/// the regions come apart the rider's identity goes to whoever stands where the drifted
/// expectation points: the walker or the person standing, who is then timed as the rider.
///
/// A speed fit that surely puts someone over the walking limit, and pins their speed to within
/// `ownRideSpread` body heights a second, says where they go better than any placement: they are
/// expected where their last position seen apart, carried on at that fitted velocity, puts them
/// (for at most `RiderTracker.lostRiderSeconds`). And a whole region of someone else, further
/// from their ride than their own width and what their speed's spread and braking or speeding
/// up at `lostRiderAcceleration` move them in the time shared, is not them: their identity stays
/// with their ride, not with the person who was standing in their way.
extension RiderTracker {
    /// The widest spread of speeds (upper less lower bound of the speed fit, body heights per
    /// second) of a ride followed through a shared region.
    static let ownRideSpread = 0.5

    /// Where track `t`'s own ride puts them at `time` (normalised view x), nil unless their last
    /// sightings were shared with someone else and their speed fit, as measured when last seen
    /// apart, surely has them riding at a speed known to `ownRideSpread`.
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
    /// region's width (what their centre moves by as parts are lost or someone else's still
    /// cling to it), half their speed's spread and `lostRiderAcceleration` over the time since
    /// last seen apart.
    func followsOwnRide(_ t: Int, x: Double, time: Double) -> Bool {
        guard let ride = ownRideX(t, time: time) else { return true }
        let track = tracks[t], dt = max(0, time - track.apart.t)
        let metres = max(1e-3, settings.courseMetresPerViewWidth)
        let drift = 0.5 * Self.lostRiderAcceleration / metres * dt * dt
        let spread = 0.5 * (track.motion.speedUpperBound - track.motion.speedLowerBound) * dt
        return abs(x - ride) <= max(0.5 * track.width, 2 * tuning.cell) + spread + drift
    }
}
