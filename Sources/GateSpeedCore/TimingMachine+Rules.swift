/// The GateSpeed rules applied to the crossings of one frame.
extension TimingMachine {
    /// Judges `crossings` (this frame's, in time order) while armed or running.
    mutating func judgeCrossings(emit: (TimingEvent) -> Void) {
        if phase == .armed, let both = bothOuterPostsTime() {
            invalidate(.ambiguousStart, post: nil, t: both, emit: emit)
            return
        }
        for index in 0..<crossings.count {
            let crossing = crossings[index]
            switch phase {
            case .armed:
                judgeWhileArmed(crossing, emit: emit)
            case .running(let direction, let nextPost, let startTime):
                judgeWhileRunning(crossing, direction: direction, nextPost: nextPost,
                                  startTime: startTime, emit: emit)
            case .unarmed, .waitingToRearm:
                return
            }
        }
    }

    /// When this frame crossed both outer posts, the time of the later of the two.
    private func bothOuterPostsTime() -> Double? {
        var first: Double?
        var last: Double?
        for index in 0..<crossings.count {
            let crossing = crossings[index]
            if crossing.post == 1 { first = crossing.t }
            if crossing.post == course.postCount { last = crossing.t }
        }
        guard let first, let last else { return nil }
        return max(first, last)
    }

    mutating func judgeWhileArmed(_ crossing: Crossing, emit: (TimingEvent) -> Void) {
        // A side never confirmed (the track lost just past the line) does not start a run: the
        // positions of a rider only just found are the least sure, and a start makes the speed.
        guard !crossing.unconfirmed else { return }
        let lastPost = course.postCount
        let direction: Direction
        if crossing.post == 1 {
            guard crossing.direction == .leftToRight else { return }  // leaving outward: ignored
            direction = .leftToRight
        } else if crossing.post == lastPost {
            guard crossing.direction == .rightToLeft else { return }
            direction = .rightToLeft
        } else {
            // A rider first tracked just inside an outer post (`TimingMachine+LateEntry`).
            // Or one who passed the outer post in a tracking gap (`TimingMachine+StartInGap`).
            if let start = lateEntryStart(before: crossing) ?? startInGap(before: crossing) {
                judgeWhileArmed(start, emit: emit)
                if case .running(let direction, let nextPost, let startTime) = phase {
                    judgeWhileRunning(crossing, direction: direction, nextPost: nextPost,
                                      startTime: startTime, emit: emit)
                }
                return
            }
            invalidate(.innerStart, post: crossing.post, t: crossing.t, emit: emit)
            return
        }
        runCrossingTimes.removeAll(keepingCapacity: true)
        runCrossingTimes.append(crossing.t)
        runCrossingSigmas.removeAll(keepingCapacity: true)
        runCrossingSigmas.append(crossing.tSigma)
        riderGoneAt = nil
        gapRunStarted()
        phase = .running(direction: direction, nextPost: crossing.post + direction.postStep, startTime: crossing.t)
        emit(.start(t: crossing.t, post: crossing.post, direction: direction))
    }

    private mutating func judgeWhileRunning(_ crossing: Crossing, direction: Direction, nextPost: Int,
                                            startTime: Double, emit: (TimingEvent) -> Void) {
        if crossing.t - startTime > course.timeoutSeconds {
            invalidate(.timeout, post: nil, t: startTime + course.timeoutSeconds, emit: emit)
            return
        }
        guard crossing.direction == direction else {
            invalidate(.outOfOrder, post: crossing.post, t: crossing.t, emit: emit)
            return
        }
        let distanceAhead = (crossing.post - nextPost) * direction.postStep
        if distanceAhead > 0 {
            invalidate(.skippedPost, post: nextPost, t: crossing.t, emit: emit)
            return
        }
        if distanceAhead < 0 {
            invalidate(.outOfOrder, post: crossing.post, t: crossing.t, emit: emit)
            return
        }
        runCrossingTimes.append(crossing.t)
        runCrossingSigmas.append(crossing.tSigma)
        gapRunCrossed()
        emit(.post(t: crossing.t, post: crossing.post, splitSeconds: crossing.t - startTime))
        let finishPost = direction == .leftToRight ? course.postCount : 1
        if crossing.post == finishPost {
            finish(direction: direction, startTime: startTime, endTime: crossing.t, emit: emit)
        } else {
            phase = .running(direction: direction, nextPost: nextPost + direction.postStep, startTime: startTime)
        }
    }

    mutating func finish(direction: Direction, startTime: Double, endTime: Double,
                                 emit: (TimingEvent) -> Void) {
        let elapsed = endTime - startTime
        let speed = course.speedKmh(elapsedSeconds: elapsed)
        guard elapsed > 0, speed.isFinite else {
            // Start and finish at the same instant: both outer posts at once.
            invalidate(.ambiguousStart, post: nil, t: endTime, emit: emit)
            return
        }
        // Crossings no steady ride explains: refused (`TimingMachine+Steadiness`); their scatter
        // about it is a floor under the end crossings' sigmas.
        let ride = steadyRide(direction: direction)
        if let worst = ride?.worst, worst > Self.steadinessLimit {
            invalidate(.unsteady, post: nil, t: endTime, emit: emit)
            return
        }
        let scatter = ride?.scatter ?? 0
        let pass = course.passes(speedKmh: speed)
        let uncertainty = SpeedUncertainty.halfWidthKmh(
            speedKmh: speed, elapsedSeconds: elapsed,
            startSigma: max(runCrossingSigmas.first ?? 0, scatter), finishSigma: max(runCrossingSigmas.last ?? 0, scatter),
            startPostSigma: course.postSigma(direction == .leftToRight ? 0 : course.postCount - 1),
            finishPostSigma: course.postSigma(direction == .leftToRight ? course.postCount - 1 : 0),
            postSpan: course.postSpan)
        let closeCall = SpeedUncertainty.isCloseCall(speedKmh: speed, halfWidthKmh: uncertainty,
                                                     thresholdKmh: course.passKmh)
        let result = RunResult(
            t: endTime, direction: direction, elapsedSeconds: elapsed, speedKmh: speed, pass: pass,
            announcement: Announcement.result(speedKmh: speed, thresholdKmh: course.passKmh, closeCall: closeCall),
            crossingTimes: runCrossingTimes.map { $0 }, uncertaintyKmh: uncertainty, closeCall: closeCall)
        phase = .waitingToRearm(needsAnnouncement: true)
        emit(.result(result))
    }

    /// Throws out the run (or start attempt) and waits to re-arm.
    mutating func invalidate(_ reason: InvalidReason, post: Int?, t: Double, emit: (TimingEvent) -> Void) {
        let words = Announcement.invalid(reason, post: post, timeoutSeconds: course.timeoutSeconds)
        phase = .waitingToRearm(needsAnnouncement: true)
        emit(.invalid(InvalidRun(t: t, reason: reason, post: post, announcement: words)))
    }
}
