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
/// down to a stop is seen doing it. Its sigma is the late entry's, mirrored
/// (`TimingMachine+LateEntry`): the sighting's position and time errors and the inner crossing's
/// time error through the extrapolation, and the pace changing by up to
/// `lateEntryAccelerationMetresPerSecond2`. A finish whose sigma exceeds `lateEntryRelativeSigma`
/// of the run's time is not taken: the run goes on as before.
extension TimingMachine {
    /// Before the frame's crossings are judged: when the sample is the first of a new stretch
    /// lying beyond the finish of the run under way, times the finish extrapolated forward from
    /// where the run's rider was last seen (see above); returns true when the run finished.
    @discardableResult
    mutating func finishPassedUnseen(_ sample: RiderSample, x: Double, emit: (TimingEvent) -> Void) -> Bool {
        guard case .running(let direction, let nextPost, let startTime) = phase, riderGoneAt == nil,
              sample.t - startTime <= course.timeoutSeconds,
              detector.stretch != gap.runStretch, let first = detector.stretchFirst, first.t == sample.t,
              let seen = gap.lastSeen, let finish = lateExitFinish(seen: seen, beyond: first, direction: direction,
                                                                    nextPost: nextPost)
        else { return false }
        runCrossingTimes.append(finish.t)
        runCrossingSigmas.append(finish.tSigma)
        gap.runStretch = detector.stretch
        emit(.post(t: finish.t, post: finish.post, splitSeconds: finish.t - startTime))
        self.finish(direction: direction, startTime: startTime, endTime: finish.t, emit: emit)
        return true
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
        let innerLine = course.posts[innerPost - 1], finishLine = course.posts[finishPost - 1]
        let way = Double(direction.postStep)
        // Last seen between the inner post and the finish; found again past the finish.
        let base = (seen.x - innerLine) * way, ahead = (finishLine - seen.x) * way
        guard base > 0, ahead > 0, (beyond.x - finishLine) * way > 0 else { return nil }
        let baseline = seen.t - crossed
        guard baseline > 0 else { return nil }
        let pace = base / baseline
        let forward = ahead / pace
        guard pace > 0, forward.isFinite, forward <= Self.lateEntrySeconds, beyond.t > seen.t else { return nil }
        let t = seen.t + forward
        // t = t_seen + (F - x)(t_seen - t_inner)/(x - I): d t/d x = -baseline (F - I)/(x - I)²,
        // d t/d t_seen = (F - I)/(x - I), d t/d t_inner = -(F - x)/(x - I).
        let span = abs(finishLine - innerLine)
        let fromPosition = seen.xSigma * baseline * span / (base * base)
        let fromSeenTime = seen.tSigma * span / base
        let fromCrossing = crossedSigma * ahead / base
        let metresPerUnit = course.postUnit == .metres ? 1 : course.lengthMetres / max(1e-9, course.postSpan)
        let acceleration = Self.lateEntryAccelerationMetresPerSecond2 / max(1e-9, metresPerUnit)
        let bend = 0.5 * acceleration * forward * (baseline + forward) / pace
        let bendSigma = bend / (3.0).squareRoot()
        let sigma = (fromPosition * fromPosition + fromSeenTime * fromSeenTime + fromCrossing * fromCrossing
                     + bendSigma * bendSigma).squareRoot()
        let runSeconds = abs(course.postSpan) / pace
        guard t.isFinite, sigma.isFinite, sigma <= Self.lateEntryRelativeSigma * runSeconds else { return nil }
        return Crossing(post: finishPost, t: t, direction: direction, tSigma: sigma)
    }
}
