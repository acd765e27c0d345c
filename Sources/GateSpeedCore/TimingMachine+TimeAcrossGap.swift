/// The time a line was crossed in a tracking gap, on the straight path between the sighting
/// before the gap and the first one after it: shared by the start and the finish passed unseen
/// (`TimingMachine+StartInGap`, `TimingMachine+FinishInGap`).
///
/// Its sigma holds both sightings' position and time errors through the interpolation, and the
/// straight path's miss of one whose pace changes by up to `lateEntryAccelerationMetresPerSecond2`
/// (at most a g² f (1 - f) / 2 in position, f the line's fraction of the way across the gap g:
/// counted as a uniform spread up to it).
extension TimingMachine {
    /// The crossing's time and sigma (seconds) at `fraction` of the way from `before` to `after`
    /// (`across`: course units covered across the gap, `chordPace` and `ownPace`: course units a
    /// second across the gap and on the rider's own ride), or nil when not finite or when the
    /// sigma is over `lateEntryRelativeSigma` of the run's time at `ownPace`.
    func timeAcrossGap(fraction f: Double, from before: Sighting, to after: Sighting, across: Double,
                       chordPace: Double, ownPace: Double) -> (t: Double, sigma: Double)? {
        let gap = after.t - before.t, acceleration = lateEntryAcceleration
        let t = before.t + f * gap
        let fromBefore = (1 - f) * gap / across * before.xSigma, fromFirst = f * gap / across * after.xSigma
        let bend = 0.5 * acceleration * gap * gap * f * (1 - f) / chordPace
        let sigma = (fromBefore * fromBefore + fromFirst * fromFirst
                     + ((1 - f) * before.tSigma) * ((1 - f) * before.tSigma) + (f * after.tSigma) * (f * after.tSigma)
                     + bend * bend / 3).squareRoot()
        let runSeconds = abs(course.postSpan) / ownPace
        guard t.isFinite, sigma.isFinite, sigma <= Self.lateEntryRelativeSigma * runSeconds else { return nil }
        return (t, sigma)
    }
}
