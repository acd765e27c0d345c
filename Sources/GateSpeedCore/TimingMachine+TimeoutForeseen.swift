/// A run whose rider can no longer reach the finish within the timeout ends at once, as `timeout`.
///
/// The timeout is the course's bound on a run; a timing gate waits it out. But the vision may
/// follow the run's rider onto someone else on the course (the rider's region slid onto a walker
/// they passed, who keeps the identity) or the rider stops: the run's stretch is still followed,
/// so the run is not ended as its rider gone (`TimingMachine+RiderGone`), and it stays open to the
/// timeout, which blocked the next rider (their start came before the course was armed again;
/// seed 87's third run was never timed).
///
/// Yet where the run's rider was last seen, and the run's own pace, say when the run can end at the
/// earliest: from that sighting to the finish post, at `gapPaceRatio` times the run's speed so far
/// (from its start crossing to its last crossing: a rider speeding up hard, the most any bridged gap
/// is allowed to differ from the run's pace by). Once even that finish would come after the
/// timeout, the run cannot end but in a timeout, and it ends now with that verdict (the words are the
/// timeout's: the run is over the time). Someone going at walking pace on the course, or standing,
/// falls behind a riding pace by seconds within a second or two.
///
/// Only with the run's rider seen within `clearSeconds` on the run's own stretch: a rider unseen
/// is judged by `TimingMachine+RiderGone`, and a run with only its start crossed has no pace yet.
extension TimingMachine {
    /// Ends the run under way at `t` as `timeout` when its rider, last seen on the run's stretch,
    /// could reach the finish only after the timeout even at `gapPaceRatio` times the run's speed.
    mutating func endRunIfTimeoutForeseen(t: Double, emit: (TimingEvent) -> Void) {
        guard riderGoneAt == nil, case .running(let direction, _, let startTime) = phase,
              detector.stretch == gap.runStretch, let seen = gap.lastSeen, t - seen.t < settings.clearSeconds
        else { return }
        let crossed = runCrossingTimes.count, n = course.postCount
        guard crossed >= 2, crossed < n, let first = runCrossingTimes.first, let last = runCrossingTimes.last,
              last > first else { return }
        let leftToRight = direction == .leftToRight
        let startPost = leftToRight ? course.posts[0] : course.posts[n - 1]
        let lastPost = leftToRight ? course.posts[crossed - 1] : course.posts[n - crossed]
        let finishPost = leftToRight ? course.posts[n - 1] : course.posts[0]
        let speed = abs(lastPost - startPost) / (last - first)   // post unit a second
        guard speed > 0, speed.isFinite else { return }
        let remaining = max(0, leftToRight ? finishPost - seen.x : seen.x - finishPost)
        let earliestFinish = seen.t + remaining / (Self.gapPaceRatio * speed)
        guard earliestFinish > startTime + course.timeoutSeconds else { return }
        invalidate(.timeout, post: nil, t: t, emit: emit)
    }
}
