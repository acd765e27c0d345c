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
/// crossing (`outerCrossing`, in `TimingMachine+OuterExtrapolation`), when that reaches back at most
/// `lateEntrySeconds` and its sigma is at most `lateEntryRelativeSigma` of the run's time.
/// Someone first tracked further in (beyond the extrapolation's reach) still gives `inner_start`.
extension TimingMachine {
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
        guard let start = outerCrossing(from: first, innerLine: course.posts[crossing.post - 1], innerTime: crossing.t,
                                        innerSigma: crossing.tSigma, outerLine: course.posts[outer - 1])
        else { return nil }
        return Crossing(post: outer, t: start.t, direction: crossing.direction, tSigma: start.sigma)
    }
}
