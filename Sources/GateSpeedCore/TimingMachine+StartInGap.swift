/// A start passed while the rider was unseen.
///
/// A faint rider seen riding before an outer post may be lost as they pass it and found again
/// further in, after a gap longer than the crossing detector's bridge: the detector then starts a
/// new stretch inside the course, its first crossing is the inner post, and the attempt used to end
/// as `inner_start`. When the vision kept the same identity across that gap (the rider awaited
/// for a start is found again on their way, `RiderTracker+AwaitingStart`; two people's positions
/// are never joined), the outer post lies between the last sighting before the gap (the crossing
/// detector's `pointBeforeStretch`) and the first one after it, and is timed where the straight
/// path between them meets its line.
///
/// Its time and sigma come from `timeAcrossGap` (`TimingMachine+TimeAcrossGap`). It is taken only when:
/// - the gap lasted at most `startGapSeconds`;
/// - the pace across the gap and the pace from the first sighting after it to the inner crossing
///   agree within what that pace change allows between them (plus three sigmas of their
///   difference): someone else found there, or a sighting off the rider, would not;
/// - its sigma is at most `lateEntryRelativeSigma` of the run's time at the pace measured.
extension TimingMachine {
    /// Longest gap (seconds) across which a start is timed (the vision keeps a rider unseen this long).
    public static let startGapSeconds = 1.5

    /// The start crossing of an outer post timed in the gap before this stretch, when `crossing`
    /// (the stretch's first, while armed) is of the inner post next to an outer post, going inward,
    /// the stretch began between the two after a gap of the same person who was last seen outside
    /// the outer post, and the tests above hold; else nil.
    func startInGap(before crossing: Crossing) -> Crossing? {
        guard let outer = entryOuterPost(before: crossing), let first = detector.stretchFirst,
              let before = detector.pointBeforeStretch, before.t < first.t, first.t < crossing.t,
              first.t - before.t <= Self.startGapSeconds else { return nil }
        let innerLine = course.posts[crossing.post - 1], outerLine = course.posts[outer - 1]
        let inward = innerLine > outerLine ? 1.0 : -1.0
        // Last seen outside the outer post, found again between it and the inner post.
        guard (outerLine - before.x) * inward > 0, (first.x - outerLine) * inward > 0,
              (innerLine - first.x) * inward > 0 else { return nil }
        // The rider's own pace after the gap: from the first sighting to the inner post's crossing.
        let innerCrossing = Sighting(t: crossing.t, x: innerLine, tSigma: crossing.tSigma, xSigma: 0)
        guard let (chordPace, ownPace) = paceAgreesAcrossGap(from: before, to: first, ownPaceFrom: first,
                                                             to: innerCrossing, way: inward) else { return nil }
        let across = (first.x - before.x) * inward
        let f = (outerLine - before.x) * inward / across
        guard let (t, sigma) = timeAcrossGap(fraction: f, from: before, to: first, across: across,
                                             chordPace: chordPace, ownPace: ownPace) else { return nil }
        return Crossing(post: outer, t: t, direction: crossing.direction, tSigma: sigma)
    }
}
