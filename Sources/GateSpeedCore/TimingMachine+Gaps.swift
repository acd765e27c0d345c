/// Inner posts passed while the rider was unseen.
///
/// After a tracking gap longer than `TimingSettings.bridgeSeconds`, or when the vision follows
/// the rider under a new identity, the crossing detector starts a new stretch and never joins it
/// to the old one: a post lying in the gap is never crossed, and the run used to end as
/// `skipped_post` (a faint rider seen only every few frames, a rider merged for a while with a
/// bystander). Yet the speed is the course length over the time between the outer posts' crossings;
/// the inner posts only need to be passed in order, and a rider seen before a post and seen again
/// beyond it, moving on along the course, has passed it.
///
/// So when a new stretch first shows someone beyond the post the run expects next (and maybe
/// further inner posts), those posts are credited once that stretch shows the same rider evidently
/// continuing the run:
/// - it moves on the run's way, and the gap it implies is travelled the same way;
/// - the pace across the gap (distance from where the run's rider was last seen, over the time
///   unseen) and the new stretch's own pace agree with the run's pace so far (from its start
///   crossing to where the rider was last seen) within `gapPaceRatio` either way. That bounds
///   the time unseen by the run's own post-to-post time: a gap of n post spacings is bridged only
///   when it lasted between n/`gapPaceRatio` and n × `gapPaceRatio` of the run's post times;
/// - a pace only counts once it is measured to `gapPaceRelativeSigma` (its positions' and times'
///   sigmas over its span); at least one of the run's and the stretch's must be, and the stretch
///   is judged again at each of its samples until then.
///
/// Never the outer posts: the finish's time makes the speed, and is never a time anywhere in a gap
/// (a finish just past the rider's last sighting is extrapolated with its own sigma,
/// `TimingMachine+LateExit`, or one passed in a gap of the same person interpolated with its own
/// sigma, `TimingMachine+FinishInGap`, or not at all). A rider seen only in flashes, each its own
/// stretch, is judged across the gaps of the same person (`TimingMachine+SamePersonChain`).
/// A post credited is timed where the straight path from the last sighting to the first new one
/// meets it, with the sigma of a time anywhere in the gap (it does not enter the speed). No credit
/// once the run's rider counts as gone (`TimingMachine+RiderGone`): someone found after that is
/// someone else. A stretch that fails the tests changes nothing: its crossings are judged as before.
extension TimingMachine {
    /// Largest factor between the run's pace and the pace across a gap, or the pace of the rider
    /// found after it, either way (a rider braking or speeding up hard over a second or two).
    public static let gapPaceRatio = 1.5
    /// A pace counts once its relative sigma (positions' and times' sigmas over its span) is this small.
    public static let gapPaceRelativeSigma = 0.2

    /// One tracked position: time and position with their sigmas (seconds, post unit), as the
    /// crossing detector keeps them.
    typealias Sighting = CrossingDetector.Point

    /// What the machine remembers of the run's rider across gaps.
    struct GapMemory: Sendable {
        /// The detector's stretch that is the run's rider (the one that crossed the run's last post).
        var runStretch: UInt32 = 0
        /// The run's rider, last seen.
        var lastSeen: Sighting?
        /// The run's rider seen at least `TimingMachine.recentPaceSeconds` before `lastSeen`, and
        /// at most about twice that on a steady track (two sightings kept, renewed as they age):
        /// the rider's recent pace is from it to `lastSeen` (`TimingMachine+FinishInGap`).
        var seenEarlier: Sighting?
        var seenBetween: Sighting?
        /// Another stretch seen since, and its first sighting.
        var candidateStretch: UInt32 = 0
        var candidateFirst: Sighting?
        /// The candidate's last sighting (its stretch's, or the same person's after a gap).
        var candidateLast: Sighting?
        /// The run's crossings (bit n: the n-th in travel order) credited across a gap, not timed.
        var creditedCrossings: UInt64 = 0
    }

    /// A run starts at the current sample: its rider is the detector's current stretch.
    mutating func gapRunStarted() {
        gap = GapMemory(runStretch: detector.stretch)
    }

    /// The run's crossing was seen on the detector's current stretch: that stretch is its rider.
    mutating func gapRunCrossed() {
        gap.runStretch = detector.stretch
    }

    /// After the frame's crossings were judged: remembers where the run's rider was seen.
    mutating func gapNoteSighting(_ sample: RiderSample, x: Double) {
        guard phase.isRunning, detector.stretch == gap.runStretch else { return }
        noteRunRiderSeen(Self.sighting(sample, x: x))
    }

    /// The run's rider seen at `here`: the last sighting, and an earlier one for the recent pace.
    mutating func noteRunRiderSeen(_ here: Sighting) {
        if gap.seenBetween.map({ here.t - $0.t >= Self.recentPaceSeconds }) ?? true {
            gap.seenEarlier = gap.seenBetween
            gap.seenBetween = here
        }
        gap.lastSeen = here
    }

    /// Before the frame's crossings are judged: when the sample is of a new stretch that shows the
    /// run's rider continuing beyond the post expected next, credits the inner posts passed unseen.
    mutating func creditPostsPassedUnseen(_ sample: RiderSample, x: Double, emit: (TimingEvent) -> Void) {
        guard case .running(let direction, let nextPost, let startTime) = phase, riderGoneAt == nil,
              sample.t - startTime <= course.timeoutSeconds,
              detector.stretch != gap.runStretch, let seen = gap.lastSeen else { return }
        let here = Self.sighting(sample, x: x)
        var chained: Sighting?
        if gap.candidateStretch != detector.stretch {
            gap.candidateStretch = detector.stretch
            // The same person as the candidate, found again after a gap and evidently continuing
            // the run with it: the candidate goes on across the gap (`TimingMachine+SamePersonChain`).
            // Anyone else, or a candidate that does not continue the run, gives way to a new one.
            if let last = gap.candidateLast, let candidateFirst = gap.candidateFirst,
               isSamePersonAfterGap(here, seen: last),
               continuesRun(seen: seen, first: candidateFirst, here: here, direction: direction, startTime: startTime) {
                chained = last
                gap.candidateLast = here
            } else {
                gap.candidateFirst = here
                gap.candidateLast = here
                return
            }
        } else {
            gap.candidateLast = here
        }
        guard let first = gap.candidateFirst,
              continuesRun(seen: seen, first: first, here: here, direction: direction, startTime: startTime)
        else { return }
        // Within one stretch the detector crosses the posts after its first sighting; across a
        // chain's gaps nobody does: the posts up to where the same person is now are passed.
        let reached = chained == nil ? first.x : here.x
        guard let lastPassed = innerPostsBeyond(reached, direction: direction, nextPost: nextPost,
                                                finishPassedToo: chained != nil) else {
            // The same person, found again short of the next post, goes on with the run: its rider.
            if chained != nil { adoptChainedCandidate() }
            return
        }
        var post = nextPost
        while true {
            // Timed on the straight path across the gap it lies in: before the candidate, or after it.
            if let chained, !isBeyond(post, first.x, direction: direction) {
                credit(post: post, seen: chained, first: here, startTime: startTime, emit: emit)
            } else {
                credit(post: post, seen: seen, first: first, startTime: startTime, emit: emit)
            }
            if post == lastPassed { break }
            post += direction.postStep
        }
        phase = .running(direction: direction, nextPost: lastPassed + direction.postStep, startTime: startTime)
        gap.runStretch = detector.stretch
        gap.candidateFirst = nil
        gap.candidateLast = nil
        if let chained { finishAfterChain(seen: seen, before: chained, beyond: here, emit: emit) }
    }

    /// Whether the run's `index`-th crossing in travel order was timed (not credited across a gap).
    func isTimed(crossing index: Int) -> Bool {
        index >= UInt64.bitWidth || gap.creditedCrossings & (1 << UInt64(index)) == 0
    }

    /// Whether `x` lies beyond `post`'s line (the side the detector starts a stretch on).
    private func isBeyond(_ post: Int, _ x: Double, direction: Direction) -> Bool {
        let line = course.posts[post - 1]
        return direction == .leftToRight ? x >= line : x < line
    }

    /// The last of the posts from `nextPost` on that `x` lies beyond (the side the detector starts
    /// a stretch on), when they are all inner posts and there is at least one; else nil. With
    /// `finishPassedToo`, the last inner one even when `x` lies past the finish too (timed apart).
    private func innerPostsBeyond(_ x: Double, direction: Direction, nextPost: Int,
                                  finishPassedToo: Bool = false) -> Int? {
        let finishPost = direction == .leftToRight ? course.postCount : 1
        var post = nextPost, lastPassed: Int?
        while isBeyond(post, x, direction: direction) {
            // The finish lies in the gap: never credited.
            if post == finishPost { return finishPassedToo ? lastPassed : nil }
            lastPassed = post
            post += direction.postStep
        }
        return lastPassed
    }

    /// Whether the stretch from `first` to `here` is the run's rider last seen at `seen`, going on
    /// at the run's pace (see the type's notes).
    private func continuesRun(seen: Sighting, first: Sighting, here: Sighting, direction: Direction,
                              startTime: Double) -> Bool {
        let way = Double(direction.postStep)
        guard let across = Self.pace(from: seen, to: first, way: way),
              let own = Self.pace(from: first, to: here, way: way), across.value > 0, own.value > 0 else { return false }
        let startPost = direction == .leftToRight ? 1 : course.postCount
        let start = Sighting(t: startTime, x: course.posts[startPost - 1],
                             tSigma: runCrossingSigmas.first ?? 0, xSigma: 0)
        let run = Self.pace(from: start, to: seen, way: way)
        let runKnown = run.map { $0.value > 0 && $0.relativeSigma <= Self.gapPaceRelativeSigma } ?? false
        let ownKnown = own.relativeSigma <= Self.gapPaceRelativeSigma
        guard runKnown || ownKnown else { return false }
        if let run, runKnown {
            guard Self.agree(across.value, run.value), Self.agree(own.value, run.value) else { return false }
        }
        if ownKnown && !Self.agree(across.value, own.value) { return false }
        return true
    }

    /// Records a post passed unseen as crossed, timed where the straight path from `seen` to
    /// `first` meets its line (never before the run's last crossing).
    private mutating func credit(post: Int, seen: Sighting, first: Sighting, startTime: Double,
                                 emit: (TimingEvent) -> Void) {
        let line = course.posts[post - 1]
        let fraction = min(max((line - seen.x) / (first.x - seen.x), 0), 1)
        var t = seen.t + (fraction.isFinite ? fraction : 1) * (first.t - seen.t)
        if let last = runCrossingTimes.last, t <= last { t = last.nextUp }
        // Anywhere in the gap, evenly: its sigma is the gap over sqrt(12).
        let sigma = (first.t - seen.t) / (12.0).squareRoot()
        if runCrossingTimes.count < UInt64.bitWidth { gap.creditedCrossings |= 1 << UInt64(runCrossingTimes.count) }
        runCrossingTimes.append(t)
        runCrossingSigmas.append(sigma)
        emit(.post(t: t, post: post, splitSeconds: t - startTime))
    }

    /// The pace (post units a second, along `way`) from `a` to `b`, and its relative sigma.
    private static func pace(from a: Sighting, to b: Sighting, way: Double) -> (value: Double, relativeSigma: Double)? {
        let dt = b.t - a.t, dx = (b.x - a.x) * way
        guard dt > 0, dx != 0 else { return nil }
        let position = (a.xSigma * a.xSigma + b.xSigma * b.xSigma).squareRoot() / abs(dx)
        let time = (a.tSigma * a.tSigma + b.tSigma * b.tSigma).squareRoot() / dt
        let relative = (position * position + time * time).squareRoot()
        return relative.isFinite ? (dx / dt, relative) : nil
    }

    /// Whether two positive paces agree within `gapPaceRatio` either way.
    private static func agree(_ a: Double, _ b: Double) -> Bool {
        a > 0 && b > 0 && a <= b * gapPaceRatio && b <= a * gapPaceRatio
    }

    private static func sighting(_ sample: RiderSample, x: Double) -> Sighting {
        Sighting.measured(t: sample.t, x: x, tSigma: sample.tSigma, xSigma: sample.xSigma)
    }
}
