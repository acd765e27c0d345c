/// A rider first tracked just inside an outer post.
///
/// The vision needs a few frames to tell a rider from someone standing or walking: a fast rider
/// coming in at a low frame rate, or one whose region first merged with a bystander standing near
/// the view's edge, may be first tracked a little past post 1 (or the last post). The crossing
/// detector starts each stretch on the side it first sees, so that outer post is never crossed,
/// and the first crossing, the inner post next to it, used to end the attempt as `inner_start`.
///
/// Yet such a rider did pass the outer post, a moment earlier, at the pace they then keep to the
/// inner post. So while armed, when the first crossing of a stretch is the inner post next to an
/// outer post, going inward, and the stretch's first sighting lies between those two posts, the
/// start is timed by extrapolating back from that sighting at the pace from it to the inner
/// crossing, when that reaches back at most `lateEntrySeconds`. Its sigma holds:
/// - the first sighting's position error and the inner crossing's time error, through the
///   extrapolation (a short baseline multiplies them);
/// - the pace changing over the extrapolated stretch and the baseline, up to
///   `lateEntryAccelerationMetresPerSecond2` (a bound, counted as a uniform spread up to it).
/// A start whose sigma exceeds `lateEntryRelativeSigma` of the run's time is not taken.
/// Someone first tracked further in (beyond the extrapolation's reach) still gives `inner_start`.
extension TimingMachine {
    /// Longest extrapolation back to an outer post, seconds: a few frames at the lowest frame rates.
    public static let lateEntrySeconds = 0.3
    /// Largest change of pace counted between the outer post and the inner one, m/s² (a rider
    /// braking or pumping hard as they come in).
    public static let lateEntryAccelerationMetresPerSecond2 = 2.5
    /// Largest sigma of an extrapolated start, as a share of the run's time at the pace measured
    /// (1 sigma: a speed 2 % off would be four of them).
    public static let lateEntryRelativeSigma = 0.005

    /// The start crossing of an outer post, extrapolated back from this stretch's first sighting,
    /// when `crossing` (the stretch's first, while armed) is of the inner post next to an outer
    /// post, going inward, and the rider was first tracked between the two; else nil.
    func lateEntryStart(before crossing: Crossing) -> Crossing? {
        let count = course.postCount
        guard count >= 3, let first = detector.stretchFirst, first.t < crossing.t else { return nil }
        let outer: Int
        if crossing.post == 2 && crossing.direction == .leftToRight {
            outer = 1
        } else if crossing.post == count - 1 && crossing.direction == .rightToLeft {
            outer = count
        } else {
            return nil
        }
        let outerLine = course.posts[outer - 1], innerLine = course.posts[crossing.post - 1]
        let way = innerLine > outerLine ? 1.0 : -1.0
        // Between the two posts: past the outer one, short of the inner one.
        let ahead = (first.x - outerLine) * way, left = (innerLine - first.x) * way
        guard ahead > 0, left > 0 else { return nil }
        let baseline = crossing.t - first.t
        let pace = left / baseline
        let back = ahead / pace
        guard pace > 0, back.isFinite, back <= Self.lateEntrySeconds else { return nil }
        let t = first.t - back
        // d t / d x0 = -baseline (inner - outer) / left², d t / d t_inner = -ahead / left.
        let span = abs(innerLine - outerLine)
        let fromPosition = first.xSigma * baseline * span / (left * left)
        let fromCrossing = crossing.tSigma * ahead / left
        let fromFirstTime = first.tSigma * span / left
        // A pace changing at a: the chord over the baseline misses the pace over the extrapolated
        // part by a (baseline + back) / 2, which moves the start by that times back over the pace.
        let metresPerUnit = course.postUnit == .metres ? 1 : course.lengthMetres / max(1e-9, course.postSpan)
        let acceleration = Self.lateEntryAccelerationMetresPerSecond2 / max(1e-9, metresPerUnit)
        let bend = 0.5 * acceleration * back * (baseline + back) / pace
        let bendSigma = bend / (3.0).squareRoot()
        let sigma = (fromPosition * fromPosition + fromCrossing * fromCrossing + fromFirstTime * fromFirstTime
                     + bendSigma * bendSigma).squareRoot()
        // Only a start known well against the whole run (its time at this pace): a first sighting
        // whose position is itself uncertain (a region cut by the view's edge, averaged with the
        // next) would move the start by a large share of the run.
        let runSeconds = abs(course.postSpan) / pace
        guard t.isFinite, sigma.isFinite, sigma <= Self.lateEntryRelativeSigma * runSeconds else { return nil }
        return Crossing(post: outer, t: t, direction: crossing.direction, tSigma: sigma)
    }
}
