/// A finish the crossing detector bridged across a short gap is taken only at the rider's pace.
///
/// The detector joins two sightings up to `TimingSettings.bridgeSeconds` apart with a straight
/// line and times a post where it meets it. For a finish passed in a longer gap the machine
/// demands more (`TimingMachine+FinishInGap`): the pace across the gap must agree with the
/// rider's own recent pace. The bridge had no such test, yet it is the same interpolation, and
/// the finish makes the speed. A track that ran into someone else's region just short of the
/// line (positions placed inside a merged region, stalled or drifting back against the run),
/// lost, then found past the line a few tenths of a second later, gives a chord at about twice
/// the rider's pace and a finish a quarter of a second late: a speed 5 % off announced (561/1
/// with the tracker's rest rule in runs, whose ± of 5 % did not stop it).
///
/// So when this frame's crossings hold the finish of the run under way, the pace from the run's
/// rider's last sighting to this one and the rider's recent pace (`recentPaceReference`) must
/// agree as for a finish in a longer gap (`paceAgreesAcrossGap`: within a pace change of
/// `lateEntryAccelerationMetresPerSecond2` between them, plus three sigmas of their
/// difference); else the run is refused as `unsteady` (its speed is not known). Between two
/// frames of a steady track the chord's own sigma (the sightings' over one frame interval) is
/// wide and the test holds; it bites only where the gap is long enough for the chord to be
/// measured, and then asks what a finish in a longer gap is asked. When the rider's last
/// sighting is not after the run's last timed crossing there is no recent pace: unchanged.
extension TimingMachine {
    /// Before the frame's crossings are judged: when they hold the finish of the run under way,
    /// bridged from the run's rider's last sighting to `sample` (at `x`) at a pace the rider's
    /// own does not explain, refuses the run; returns true when it did.
    mutating func refuseBridgedFinishOffPace(_ sample: RiderSample, x: Double, emit: (TimingEvent) -> Void) -> Bool {
        guard case .running(let direction, let nextPost, _) = phase, detector.stretch == gap.runStretch,
              let seen = gap.lastSeen, seen.t < sample.t, let timed = lastTimedCrossing(), seen.t > timed.t
        else { return false }
        let finishPost = direction == .leftToRight ? course.postCount : 1
        // Only a finish crossed the run's way: one crossed back is `out_of_order`, as before.
        guard nextPost == finishPost,
              crossings.contains(where: { $0.post == finishPost && $0.direction == direction }) else { return false }
        let here = Sighting.measured(t: sample.t, x: x, tSigma: sample.tSigma, xSigma: sample.xSigma)
        let reference = recentPaceReference(before: seen, timed: timed)
        if paceAgreesAcrossGap(from: seen, to: here, ownPaceFrom: seen, to: reference,
                               way: Double(direction.postStep)) != nil {
            return false
        }
        invalidate(.unsteady, post: nil, t: sample.t, emit: emit)
        return true
    }
}
