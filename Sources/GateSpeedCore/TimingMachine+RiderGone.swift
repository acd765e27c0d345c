/// A run whose rider has left the course without being seen at the next post, and the next
/// rider's start.
///
/// When the rider is lost before the finish (a faint rider past the last post the camera saw),
/// the run stays open until its timeout, and the next rider's start used to be judged as a post
/// of the old run (`out_of_order`): two runs lost for one. The run's own pace says when its rider
/// should have finished: the time a post took so far, times the posts still to cross. Once that
/// moment is past by `riderGoneGraceSeconds` or by one more post's time, whichever is longer, and
/// nobody has been tracked for `clearSeconds`, the rider has left the course (`riderGoneAt`).
/// Then a crossing that does not continue the run (the next post, the same way) belongs to
/// someone else: the old run ends as `skipped_post` at the post expected next (the one nobody
/// was seen crossing), at the time its rider was judged gone; the machine is armed again and the
/// crossing judged afresh (a new rider's start). Without such a crossing the run ends at its
/// timeout as before; a rider still tracked (stopped, slowed down) never counts as gone, and a
/// run with only its start crossed has no pace yet.
extension TimingMachine {
    /// Seconds past the run's expected finish, at least, before its rider counts as gone.
    public static let riderGoneGraceSeconds = 1.0

    /// Notes at `t` whether the rider of the run under way has left the course (see above).
    mutating func noteIfRiderGone(t: Double) {
        guard riderGoneAt == nil, case .running(_, _, _) = phase, courseIsClear else { return }
        let crossed = runCrossingTimes.count
        guard crossed >= 2, let first = runCrossingTimes.first, let last = runCrossingTimes.last, last > first else { return }
        let pace = (last - first) / Double(crossed - 1)
        let expectedFinish = last + Double(course.postCount - crossed) * pace
        if t >= expectedFinish + max(Self.riderGoneGraceSeconds, pace) { riderGoneAt = t }
    }

    /// When the run's rider has gone and `crossing` does not continue the run: ends the run
    /// (`skipped_post`), arms again at the crossing and judges it as a start; returns true then.
    mutating func startsAfterRiderGone(_ crossing: Crossing, direction: Direction, nextPost: Int,
                                       emit: (TimingEvent) -> Void) -> Bool {
        guard let gone = riderGoneAt, crossing.direction != direction || crossing.post != nextPost else { return false }
        invalidate(.skippedPost, post: nextPost, t: gone, emit: emit)
        becomeArmed(t: crossing.t, emit: emit)
        judgeWhileArmed(crossing, emit: emit)
        return true
    }
}
