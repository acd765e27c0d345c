/// A rider lost just short of the finish post and found again beyond it.
///
/// Near the view's edge a rider's region may merge with someone standing just past the finish
/// post, or fade for a few frames: the vision then follows the merged region under another
/// identity, or finds the rider again only after a gap longer than the bridge. Either way the
/// crossing detector starts a new stretch on the far side of the finish, the finish is never
/// crossed, and the run used to stay open until its timeout (missed).
///
/// Yet such a rider did pass the finish, a moment after they were last seen, at the pace they
/// kept since the last inner post. So while a run waits for its finish, when a new stretch's
/// first sighting lies beyond the finish post and the run's rider was last seen between the last
/// inner post and the finish, the finish is timed by extrapolating forward from the last
/// sighting at the pace from the inner crossing to it, when that reaches forward at most
/// `lateEntrySeconds`. The new sighting only shows that someone is past the line: its position
/// (often a region merged with a bystander) never enters the time. Nobody riding stops within
/// so short a time (a pace change up to the bound below is in the sigma), and a rider who slows
/// down to a stop is seen doing it. The extrapolation and its sigma are the late entry's,
/// mirrored (`outerCrossing`, in `TimingMachine+OuterExtrapolation`): a finish reaching forward
/// more than `lateEntrySeconds`, or whose sigma exceeds `lateEntryRelativeSigma` of the run's
/// time, is not taken: when the vision kept the same identity across the gap, the finish may
/// still be interpolated between the sightings either side (`TimingMachine+FinishInGap`);
/// otherwise the run goes on as before.
extension TimingMachine {
    /// Before the frame's crossings are judged: when the sample is the first of a new stretch
    /// lying beyond the finish of the run under way, times the finish extrapolated forward from
    /// where the run's rider was last seen (see above); returns true when the run finished.
    @discardableResult
    mutating func finishPassedUnseen(_ sample: RiderSample, x: Double, emit: (TimingEvent) -> Void) -> Bool {
        guard case .running(let direction, let nextPost, let startTime) = phase, riderGoneAt == nil,
              sample.t - startTime <= course.timeoutSeconds,
              detector.stretch != gap.runStretch, let first = detector.stretchFirst, first.t == sample.t,
              let seen = gap.lastSeen,
              let finish = lateExitFinish(seen: seen, beyond: first, direction: direction, nextPost: nextPost)
                ?? finishInGap(beyond: first, direction: direction, nextPost: nextPost)
        else { return false }
        takeFinishPassedUnseen(finish, direction: direction, startTime: startTime, emit: emit)
        return true
    }

    /// Records `finish` (timed past the run's rider's last sighting) and ends the run with it.
    mutating func takeFinishPassedUnseen(_ finish: Crossing, direction: Direction, startTime: Double,
                                         emit: (TimingEvent) -> Void) {
        runCrossingTimes.append(finish.t)
        runCrossingSigmas.append(finish.tSigma)
        gap.runStretch = detector.stretch
        emit(.post(t: finish.t, post: finish.post, splitSeconds: finish.t - startTime))
        self.finish(direction: direction, startTime: startTime, endTime: finish.t, emit: emit)
    }

    /// The finish crossing extrapolated forward from `seen` (the run's rider, last seen) when
    /// `nextPost` is the finish, `beyond` (a new stretch's first sighting) lies past it, and the
    /// tests above hold; else nil.
    func lateExitFinish(seen: Sighting, beyond: Sighting, direction: Direction, nextPost: Int) -> Crossing? {
        let count = course.postCount
        let finishPost = direction == .leftToRight ? count : 1
        guard count >= 3, nextPost == finishPost, let crossed = runCrossingTimes.last,
              let crossedSigma = runCrossingSigmas.last else { return nil }
        let innerPost = finishPost - direction.postStep
        let finishLine = course.posts[finishPost - 1]
        // Found again past the finish, after the last sighting, which came after the inner crossing.
        guard (beyond.x - finishLine) * Double(direction.postStep) > 0, beyond.t > seen.t, seen.t > crossed,
              let finish = outerCrossing(from: seen, innerLine: course.posts[innerPost - 1], innerTime: crossed,
                                         innerSigma: crossedSigma, outerLine: finishLine)
        else { return nil }
        return Crossing(post: finishPost, t: finish.t, direction: direction, tSigma: finish.sigma)
    }
}
