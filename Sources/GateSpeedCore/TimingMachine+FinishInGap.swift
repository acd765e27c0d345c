/// A finish passed while the rider was unseen.
///
/// A faint rider, seen only every few frames, may be lost short of the finish post and found
/// again past it after a gap longer than the crossing detector's bridge: the detector starts a new
/// stretch beyond the finish, the finish is never crossed, and the run used to end as
/// `skipped_post` once its rider counted as gone. The late exit (`TimingMachine+LateExit`) only
/// extrapolates `lateEntrySeconds` forward. When the vision kept the same identity across that gap
/// (two people's positions are never joined: a change of identity forgets the sighting before the
/// gap), the finish lies between the last sighting before the gap and the first one after it,
/// and is timed where the straight path between them meets its line: the mirror of the start in
/// a gap (`TimingMachine+StartInGap`), with the same sigma and tests:
/// - the last sighting before the gap is the run's rider's, after the run's last timed crossing
///   and short of the finish; the first one after it lies past the finish;
/// - the gap lasted at most `startGapSeconds`;
/// - the pace across the gap and the rider's recent pace (from a sighting `recentPaceSeconds` or
///   more before the gap, or the run's last timed crossing if later, to the last one before it)
///   agree within what a pace change of `lateEntryAccelerationMetresPerSecond2` allows between
///   them (plus three sigmas of their difference): someone else found past the line, or a
///   sighting off the rider, would not;
/// - its sigma (both sightings' errors through the interpolation, and the straight path's miss of
///   one whose pace changes that much) is at most `lateEntryRelativeSigma` of the run's time.
extension TimingMachine {
    /// Shortest span (seconds) over which the rider's recent pace is measured before the gap.
    public static let recentPaceSeconds = 0.3

    /// The finish crossing timed in the gap before this stretch, when `beyond` (the stretch's first
    /// sighting, the same person as the run's rider last seen) lies past the finish the run waits
    /// for and the tests above hold; else nil.
    func finishInGap(beyond first: Sighting, direction: Direction, nextPost: Int) -> Crossing? {
        let count = course.postCount
        let finishPost = direction == .leftToRight ? count : 1
        guard count >= 3, nextPost == finishPost, let before = detector.pointBeforeStretch, let seen = gap.lastSeen,
              before.t == seen.t, before.t < first.t, first.t - before.t <= Self.startGapSeconds,
              let timed = lastTimedCrossing(), before.t > timed.t else { return nil }
        let way = Double(direction.postStep)
        let finishLine = course.posts[finishPost - 1], timedLine = course.posts[timed.post - 1]
        // Last seen between the last timed crossing's post and the finish, found again past the finish.
        guard (finishLine - before.x) * way > 0, (first.x - finishLine) * way > 0,
              (before.x - timedLine) * way > 0 else { return nil }
        let reference = recentPaceReference(before: before, timed: timed)
        guard let (chordPace, ownPace) = paceAgreesAcrossGap(from: before, to: first, ownPaceFrom: before,
                                                             to: reference, way: way) else { return nil }
        let across = (first.x - before.x) * way
        let f = (finishLine - before.x) * way / across
        guard let (t, sigma) = timeAcrossGap(fraction: f, from: before, to: first, across: across,
                                             chordPace: chordPace, ownPace: ownPace) else { return nil }
        return Crossing(post: finishPost, t: t, direction: direction, tSigma: sigma)
    }

    /// Where the rider's recent pace up to `before` is measured from: a sighting
    /// `recentPaceSeconds` or more before it, or the run's last timed crossing `timed` if later.
    func recentPaceReference(before: Sighting, timed: (post: Int, t: Double, sigma: Double)) -> Sighting {
        if let earlier = gap.seenEarlier, earlier.t > timed.t, before.t - earlier.t >= Self.recentPaceSeconds {
            return earlier
        }
        return Sighting(t: timed.t, x: course.posts[timed.post - 1], tSigma: timed.sigma, xSigma: 0)
    }

    /// The run's last crossing that was timed (seen, not credited across a gap): its post, time
    /// and sigma (seconds); nil before any.
    func lastTimedCrossing() -> (post: Int, t: Double, sigma: Double)? {
        guard case .running(let direction, _, _) = phase else { return nil }
        let startPost = direction == .leftToRight ? 1 : course.postCount
        var index = runCrossingTimes.count - 1
        while index >= 0 {
            if isTimed(crossing: index), index < runCrossingSigmas.count {
                return (startPost + index * direction.postStep, runCrossingTimes[index], runCrossingSigmas[index])
            }
            index -= 1
        }
        return nil
    }
}
