/// The rider of a run in progress, lost for longer than the riding bridge (a faint rider seen
/// only every few frames at dusk or at a low frame rate, a rider hidden for a moment by a
/// shaking view), is found again on their way rather than followed afresh under a new identity.
///
/// Under a new identity the timing core never joins the two paths: a finish crossed after the
/// rider was lost is never timed (the run ends unfinished), and meanwhile something else (a post's
/// mark flickering in a shaking view, taking the rider's region with a made-up velocity) could
/// become the rider. Yet while a run is under way nobody else is expected on the course, and the
/// rider's speed fit says where they can be: their track is kept for `lostRiderSeconds` while
/// the course still lies ahead of them, and a region is theirs again only where the fit's speed
/// bounds (at `speedDeviations` standard errors, never over the fastest rider) put them, give or
/// take their own size and what braking or speeding up at `lostRiderAcceleration` (m/s²) moves
/// them in the time unseen. The timing core interpolates across a gap only up to its own bridge;
/// beyond it a post passed unseen is credited by its own rules (`TimingMachine+Gaps`), never
/// the finish.
extension RiderTracker {
    /// Longest time (seconds) the run's rider is kept unseen.
    static let lostRiderSeconds = 1.5
    /// Hardest braking or speeding up allowed for a rider unseen (metres per second squared).
    static let lostRiderAcceleration = 2.5

    /// How long (seconds) `track` is kept unseen at `time` as the run's rider lost: while a run is
    /// held, it is the rider, was riding when last seen, and its predicted position is still in
    /// view (or it is the rider awaited for a start, `RiderTracker+AwaitingStart`); 0 otherwise.
    func lostRiderBridgeSeconds(_ track: Track, time: Double) -> Double {
        if keptForStart(track, time: time) { return Self.lostRiderSeconds }
        guard holdingRun, track.id == riderID, ridesForBridge(track), track.motion.ridingDirection != 0,
              isExpectedInView(track, time: time) else { return 0 }
        return Self.lostRiderSeconds
    }

    /// Whether a region at normalised view x `x`, `dt` seconds after the run's rider `track` was
    /// last seen, lies on their way (`liesOnTheirWay`), widened by what `lostRiderAcceleration`
    /// moves them over `dt`.
    func onLostRidersWay(_ track: Track, x: Double, dt: Double) -> Bool {
        let metres = max(1e-3, settings.courseMetresPerViewWidth)
        let drift = 0.5 * Self.lostRiderAcceleration / metres * dt * dt
        return liesOnTheirWay(track, x: x, dt: dt, slack: drift)
    }

    /// Whether `track` may take a region of height `height` (view heights) at view x `x`, `dt`
    /// seconds after it was last seen: within the usual bridge anything the matching allows;
    /// beyond it, the run's rider lost only of their height (as `handOver` judges it) and on
    /// their way.
    func mayFollowAfterGap(_ track: Track, x: Double, height: Double, dt: Double, time: Double) -> Bool {
        guard dt > bridgeSeconds(track, time: time) else { return true }
        return Self.heightMismatch(height, track.height) < Self.sameHeightMismatch && onLostRidersWay(track, x: x, dt: dt)
    }
}

/// During a run, someone riding against the way the run's rider rides is not them: a region
/// moving the other way (a cloud's front sweeping across the course, a post's mark that took the
/// rider's region for a frame with a made-up velocity) never takes the rider's identity, however
/// large. The next rider the other way starts their own run only after this one ends.
extension RiderTracker {
    /// Whether track `challenger` may take over from the run's rider `rider` by its score: not
    /// while a run is held and both are judged riding, the ways opposite.
    func mayChallengeRun(_ challenger: Int, rider: Int) -> Bool {
        guard holdingRun, rider >= 0 else { return true }
        let way = tracks[rider].motion.ridingDirection, other = tracks[challenger].motion.ridingDirection
        return way == 0 || other == 0 || other == way
    }
}
