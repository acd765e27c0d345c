/// An outer post's crossing extrapolated from one sighting between it and the inner post next to
/// it, at the pace between that sighting and the inner post's crossing: back to the start for a
/// rider first tracked just inside (`TimingMachine+LateEntry`), forward to the finish for one
/// last seen just short of it (`TimingMachine+LateExit`).
///
/// Its sigma holds:
/// - the sighting's position and time errors and the inner crossing's time error, through the
///   extrapolation (a short baseline multiplies them);
/// - the pace changing over the extrapolated stretch and the baseline, up to
///   `lateEntryAccelerationMetresPerSecond2` (a bound, counted as a uniform spread up to it).
///
/// Only a crossing known well against the whole run (its time at this pace) is given: a sighting
/// whose own position is uncertain (a region cut by the view's edge, averaged with the next)
/// would move it by a large share of the run.
extension TimingMachine {
    /// Longest extrapolation to an outer post, seconds: a few frames at the lowest frame rates.
    public static let lateEntrySeconds = 0.3
    /// Largest change of pace counted between the outer post and the inner one, m/s² (a rider
    /// braking or pumping hard as they come in or go out).
    public static let lateEntryAccelerationMetresPerSecond2 = 2.5
    /// Largest sigma of an extrapolated crossing, as a share of the run's time at the pace
    /// measured (1 sigma: a speed 2 % off would be four of them).
    public static let lateEntryRelativeSigma = 0.005

    /// The outer post (1-based) a rider coming in crosses just before `crossing`, when that is a
    /// crossing of the inner post next to an outer post, going inward; else nil (also on a course
    /// of fewer than three posts).
    func entryOuterPost(before crossing: Crossing) -> Int? {
        let count = course.postCount
        guard count >= 3 else { return nil }
        if crossing.post == 2 && crossing.direction == .leftToRight { return 1 }
        if crossing.post == count - 1 && crossing.direction == .rightToLeft { return count }
        return nil
    }

    /// `lateEntryAccelerationMetresPerSecond2` in the course's post units per second².
    var lateEntryAcceleration: Double {
        let metresPerUnit = course.postUnit == .metres ? 1 : course.lengthMetres / max(1e-9, course.postSpan)
        return Self.lateEntryAccelerationMetresPerSecond2 / max(1e-9, metresPerUnit)
    }

    /// The time and sigma (seconds) at which the rider seen at `sighting` crossed the outer line
    /// `outerLine`, extrapolated at the pace between `sighting` and their crossing of the inner
    /// line `innerLine` at `innerTime` (sigma `innerSigma`): back when the sighting came first,
    /// forward when it came after. Nil unless the sighting lies between the two lines, the
    /// extrapolation reaches at most `lateEntrySeconds`, and its sigma is at most
    /// `lateEntryRelativeSigma` of the run's time.
    func outerCrossing(from sighting: Sighting, innerLine: Double, innerTime: Double, innerSigma: Double,
                       outerLine: Double) -> (t: Double, sigma: Double)? {
        // Distances from the inner line towards the outer one (course units).
        let way = outerLine > innerLine ? 1.0 : -1.0
        let fromInner = (sighting.x - innerLine) * way, toOuter = (outerLine - sighting.x) * way
        guard fromInner > 0, toOuter > 0 else { return nil }
        let baseline = abs(sighting.t - innerTime)
        let pace = fromInner / baseline
        let reach = toOuter / pace
        guard baseline > 0, pace > 0, reach.isFinite, reach <= Self.lateEntrySeconds else { return nil }
        let t = sighting.t < innerTime ? sighting.t - reach : sighting.t + reach
        // |t - t_s| = (O - x) |t_s - t_i| / (x - I): |d t/d x| = baseline (O - I) / (x - I)²,
        // |d t/d t_s| = (O - I) / (x - I), |d t/d t_i| = (O - x) / (x - I).
        let span = abs(outerLine - innerLine)
        let fromPosition = sighting.xSigma * baseline * span / (fromInner * fromInner)
        let fromSightingTime = sighting.tSigma * span / fromInner
        let fromCrossing = innerSigma * toOuter / fromInner
        // A pace changing at a: the chord over the baseline misses the pace over the extrapolated
        // part by a (baseline + reach) / 2, which moves the crossing by that times reach over the pace.
        let bend = 0.5 * lateEntryAcceleration * reach * (baseline + reach) / pace
        let bendSigma = bend / (3.0).squareRoot()
        let sigma = (fromPosition * fromPosition + fromCrossing * fromCrossing + fromSightingTime * fromSightingTime
                     + bendSigma * bendSigma).squareRoot()
        let runSeconds = abs(course.postSpan) / pace
        guard t.isFinite, sigma.isFinite, sigma <= Self.lateEntryRelativeSigma * runSeconds else { return nil }
        return (t, sigma)
    }
}
