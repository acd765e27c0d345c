/// Whether a rider's pace across a tracking gap agrees with their own pace beside it: the test
/// every line timed in a gap must pass (`TimingMachine+StartInGap`, `TimingMachine+FinishInGap`,
/// `TimingMachine+BridgedFinish`). Someone else found beyond the gap, or a sighting off the
/// rider, gives a chord pace the rider's own does not explain.
extension TimingMachine {
    /// The pace across the gap from `before` to `after` and the rider's own pace between `end`
    /// (one of the gap's two sightings) and `other` (a sighting, or a post's crossing, of the
    /// rider's own ride on that side: before the gap for a finish, after it for a start), course
    /// units a second along `way`, when both are positive and they agree within what a pace change
    /// of `lateEntryAccelerationMetresPerSecond2` allows between them (plus three sigmas of their
    /// difference); else nil. `end`'s time error is left out of the own pace's sigma: it is shared
    /// with the chord.
    func paceAgreesAcrossGap(from before: Sighting, to after: Sighting, ownPaceFrom end: Sighting, to other: Sighting,
                             way: Double) -> (chord: Double, own: Double)? {
        let gap = after.t - before.t, across = (after.x - before.x) * way
        let baseline = abs(end.t - other.t), onward = (end.x - other.x) * way
        let chordPace = across / gap, ownPace = onward / (end.t - other.t)
        guard chordPace > 0, ownPace > 0, chordPace.isFinite, ownPace.isFinite else { return nil }
        // The two paces are means over spans whose middles lie (gap + baseline) / 2 apart.
        let chordSigma = (before.xSigma * before.xSigma + after.xSigma * after.xSigma).squareRoot() / gap
        let ownSigma = (end.xSigma * end.xSigma + other.xSigma * other.xSigma
                        + (ownPace * other.tSigma) * (ownPace * other.tSigma)).squareRoot() / baseline
        let paceSigma = (chordSigma * chordSigma + ownSigma * ownSigma).squareRoot()
        guard abs(chordPace - ownPace) <= lateEntryAcceleration * (gap + baseline) / 2 + 3 * paceSigma else { return nil }
        return (chordPace, ownPace)
    }
}
