/// A run whose rider has left the course without being seen at the next post ends at once.
///
/// When the rider is lost before the finish (a faint rider past the last post the camera saw, a
/// rider whose region merged with a walker's and is followed under another identity), the run
/// used to stay open until the next rider's first crossing or its timeout: meanwhile the rider
/// heard nothing, for up to the whole timeout, and then "timeout", which does not say what was
/// missed. The run's own pace says when its rider should have finished: the time a post took so
/// far, times the posts still to cross. Once that moment is past by `riderGoneGraceSeconds` or by
/// one more post's time, whichever is longer, and the run's rider has not been seen for
/// `clearSeconds` (nobody on the course at all, or only others: a walker, someone standing, a
/// region that took the rider's identity), the rider has left the course (`riderGoneAt`) and the
/// run ends there as `skipped_post` at the post expected next (the one nobody was seen crossing).
/// With nobody on the course the machine is armed at once, while the verdict is spoken; with
/// someone else followed it re-arms as after any run, once the course is clear.
///
/// Nothing later could have made the run: the next post crossed then would have taken the rider
/// over twice the run's post time so far (one post's time plus the grace of at least one more),
/// beyond the `gapPaceRatio` any bridged gap is allowed to differ from the run's pace by, and a
/// finish found then past the line lies beyond the late exit's reach. A rider still followed on
/// the run's own stretch (stopped, slowed down) never counts as gone, and a run with only its start
/// crossed has no pace yet (it ends at its timeout, or as the next rider crosses).
extension TimingMachine {
    /// Seconds past the run's expected finish, at least, before its rider counts as gone.
    public static let riderGoneGraceSeconds = 1.0

    /// Notes at `t` whether the rider of the run under way has left the course (see above), and
    /// if so ends the run (`skipped_post` at the post expected next, at the time they were judged gone).
    mutating func endRunIfRiderGone(t: Double, emit: (TimingEvent) -> Void) {
        guard riderGoneAt == nil, case .running(_, let nextPost, _) = phase, runRiderUnseen(at: t) else { return }
        let crossed = runCrossingTimes.count
        guard crossed >= 2, let first = runCrossingTimes.first, let last = runCrossingTimes.last, last > first else { return }
        let pace = (last - first) / Double(crossed - 1)
        let expectedFinish = last + Double(course.postCount - crossed) * pace
        guard t >= expectedFinish + max(Self.riderGoneGraceSeconds, pace) else { return }
        riderGoneAt = t
        let clear = courseIsClear
        invalidate(.skippedPost, post: nextPost, t: t, emit: emit)
        // Nobody on the course: armed at once, not after the words are spoken, as the next rider
        // may already be coming (their first crossing used to end the open run and start theirs).
        if clear { becomeArmed(t: t, emit: emit) }
    }

    /// Whether nothing of the run's rider (its stretch of tracking) was seen for `clearSeconds`
    /// up to `t`: the course is clear, or only others are followed on it.
    private func runRiderUnseen(at t: Double) -> Bool {
        if courseIsClear { return true }
        guard let seen = gap.lastSeen else { return false }
        return detector.stretch != gap.runStretch && t - seen.t >= settings.clearSeconds
    }
}
