/// While the course is armed, a rider lost as they come in is kept for the start.
///
/// A faint rider seen riding before the outer post is often lost for longer than the riding
/// bridge as they pass it (half a second at 10-20 fps is a handful of frames against ground of
/// their own shade) and found again further in. Under a new identity the timing core never joins
/// the two, and the start is lost (`inner_start`). So while the course waits for a start
/// (`awaitingStart`, told by the timing core each frame), the rider is kept unseen as during a run
/// (`RiderTracker+LostRider`: up to `lostRiderSeconds`, taken back only by a region of their
/// height on their way, where their speed fit's bounds and `lostRiderAcceleration` put them),
/// when they were riding when last seen and their way leads into the course. Unseen beyond the
/// usual bridge, they hold the identity against nobody: anyone else seen riding meanwhile becomes the rider at once (the
/// rider themself found again as a new region was handed their identity before). Whether a start
/// crossing lying in that gap can be timed is the timing core's to judge
/// (`TimingMachine+StartInGap`).
extension RiderTracker {
    /// Whether `track` is kept unseen as the rider awaited for a start: the course is armed,
    /// it is the rider, riding when last seen, still expected in view, and going towards the
    /// view's middle (into the course) when last seen.
    func keptForStart(_ track: Track, time: Double) -> Bool {
        guard awaitingStart, !holdingRun, track.id == riderID, ridesForBridge(track),
              track.motion.ridingDirection != 0, isExpectedInView(track, time: time) else { return false }
        return (0.5 - track.x) * track.motion.ridingDirection > 0
    }

    /// Whether `track` is unseen this frame and kept for the start: it is not let go for not
    /// riding lately, as it would be outside a run.
    func isHeldUnseenForStart(_ track: Track, time: Double) -> Bool {
        !track.matchedNow && keptForStart(track, time: time)
    }

    /// Whether `track`, kept unseen for the start, has been unseen beyond its usual bridge: it then
    /// holds the identity against nobody, and anyone seen riding takes it.
    func isHeldUnseenForStartBeyondBridge(_ track: Track, time: Double) -> Bool {
        isHeldUnseenForStart(track, time: time) && time - track.lastSeen > bridgeSeconds(track, time: time)
    }
}
