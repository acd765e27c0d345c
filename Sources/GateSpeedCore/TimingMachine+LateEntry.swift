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
/// start is timed by extrapolating back from a sighting between them at the pace from it to the
/// inner crossing (`outerCrossing`, in `TimingMachine+OuterExtrapolation`), when that reaches back
/// at most `lateEntrySeconds` and its sigma is at most `lateEntryRelativeSigma` of the run's time.
/// Of the stretch's first sightings (the detector's `stretchFirstPoints`) the one giving the smallest
/// sigma is taken: the very first is often the least sure (a region cut by the view's edge, whose
/// smoothed position rests on the frames after it alone), and the choice goes by the sigmas, never
/// by the times they give. Someone first tracked further in (beyond the extrapolation's reach)
/// still gives `inner_start`.
extension TimingMachine {
    /// The start crossing of an outer post, extrapolated back from one of this stretch's first
    /// sightings, when `crossing` (the stretch's first, while armed) is of the inner post next to
    /// an outer post, going inward, and the rider was first tracked between the two; else nil.
    func lateEntryStart(before crossing: Crossing) -> Crossing? {
        guard let outer = entryOuterPost(before: crossing), let first = detector.stretchFirst, first.t < crossing.t
        else { return nil }
        let innerLine = course.posts[crossing.post - 1], outerLine = course.posts[outer - 1]
        // The stretch began between the two lines (not beyond the outer one: that crossing is its own).
        guard (first.x - innerLine) * (outerLine - innerLine) > 0, (outerLine - first.x) * (outerLine - innerLine) > 0
        else { return nil }
        var best = outerCrossing(from: first, innerLine: innerLine, innerTime: crossing.t,
                                 innerSigma: crossing.tSigma, outerLine: outerLine)
        for sighting in detector.stretchFirstPoints where sighting.t > first.t && sighting.t < crossing.t {
            guard let start = outerCrossing(from: sighting, innerLine: innerLine, innerTime: crossing.t,
                                            innerSigma: crossing.tSigma, outerLine: outerLine),
                  start.sigma < best?.sigma ?? .infinity else { continue }
            best = start
        }
        guard let best else { return nil }
        return Crossing(post: outer, t: best.t, direction: crossing.direction, tSigma: best.sigma)
    }
}
