/// A rider lost for a few frames soon after coming into view (a faint rider against a patch of
/// ground of their own shade, at 10-15 fps a third of a second is three or four frames) is found
/// again as the same person, so the crossing of the outer post they made in the gap is timed
/// across it (the timing core interpolates) rather than lost with a new identity.
///
/// Two things fail then, both because the rider's velocity rests on the few sightings made as
/// they came in (the view's border cutting them, a speck of noise taken for their first frame):
/// - seen riding on two frames only, the rider was not given the riding bridge
///   (`ridingGapBridgeSeconds`), which waited for a third sighting;
/// - found again where the velocity did not put them, they were taken for someone new.
///
/// So the rider, once judged riding, is bridged from their second sighting on; and a newcomer of
/// their height is the rider found again when it lies on the rider's way at a speed their own
/// speed fit allows (between its lower and upper bounds at `speedDeviations` standard errors,
/// and never faster than the fastest rider, give or take the usual position tolerance): a
/// velocity known to a few per cent allows a narrow stretch, one resting on two entering frames
/// a wide one. Someone standing or walking there already was seen before the rider was lost,
/// and is never taken (`handOver` only looks at people first seen since).
///
/// Likewise a rider whose first regions went to the track of something standing where they came
/// in is followed on their own way (`followsChangedMotion`), not started afresh past the post.
extension RiderTracker {
    /// Whether someone first seen since `old` (the rider's track, not matched now) was lost and
    /// now at normalised view x `x` can be the rider found again on their way at `time` (seconds).
    func foundAgainOnTheirWay(_ old: Track, at x: Double, time: Double) -> Bool {
        guard old.lastSeen - old.motion.lastRiding <= settings.riderLapseSeconds else { return false }
        return liesOnTheirWay(old, x: x, dt: max(1e-3, time - old.lastSeen))
    }

    /// Whether a region at normalised view x `x`, `dt` seconds after `track` was last seen, lies
    /// on their way: travelled along their riding direction between what their speed fit's bounds
    /// allow (never faster than the fastest rider, however little the fit knows), give or take
    /// their own size and `slack` more (view widths).
    func liesOnTheirWay(_ track: Track, x: Double, dt: Double, slack: Double = 0) -> Bool {
        let direction = track.motion.ridingDirection
        guard direction != 0, track.motion.speedUpperBound > 0 else { return false }
        let tolerance = max(track.width, 2 * tuning.cell) + slack
        let travelled = (x - track.x) * direction
        let fastest = min(track.motion.speedUpperBound, tuning.fastestRider)
        return travelled >= track.motion.speedLowerBound * dt - tolerance
            && travelled <= fastest * dt + tolerance
    }

    /// Whether `track`, the rider, counts as seen riding for the riding bridge: judged riding when
    /// last seen (within `riderLapseSeconds`), from their second sighting on.
    func ridesForBridge(_ track: Track) -> Bool {
        track.id == riderID && track.hits >= 2
            && track.lastSeen - track.motion.lastRiding <= settings.riderLapseSeconds
    }
}

extension RiderTracker {
    /// Whether a region at normalised view x `x`, `dt` seconds after `track` was last seen, is
    /// where the track's last step puts it while that step is a change of motion not yet
    /// confirmed (held out of its speed fits as off their line): a rider whose region took over
    /// someone standing or a ghost where they came in moves off at their own speed, and the
    /// next region on that way is still them (it confirms the change: their fits restart on it).
    func followsChangedMotion(_ track: Track, x: Double, dt: Double) -> Bool {
        guard track.motion.changing, let step = track.motion.lastStep else { return false }
        return abs(x - (track.x + step * dt)) <= ownReach(track)
    }
}
