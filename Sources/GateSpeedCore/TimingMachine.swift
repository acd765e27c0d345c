/// The run state machine: rider samples in, timing events out.
///
/// Drive it from one thread: `observe` every analysed frame, and the commands (`arm`,
/// `announcementFinished`, `rearm`, `recalibrate`, `sourceLost`) as they happen. Events go to a non-escaping `emit` closure. `observe` does not allocate unless it
/// produces a result or an invalid run (their words).
public struct TimingMachine: Sendable {
    public let course: Course
    public let settings: TimingSettings
    /// Where the machine is.
    public internal(set) var phase: RunPhase = .unarmed
    /// Rider centres accepted with view-fraction posts, normalised view x: up to one view width
    /// off either edge. Anything further out is a tracker fault, not a position to interpolate.
    public static let plausibleX: ClosedRange<Double> = -1...2
    /// Rider positions accepted for this course: `plausibleX` for view fractions; for metres,
    /// up to one course length beyond either end post.
    public let plausiblePositions: ClosedRange<Double>

    /// Samples dropped as unusable: non-finite t, x non-finite or outside `plausibleX`,
    /// confidence non-finite or outside 0...1, or a timestamp not after the previous accepted one.
    public private(set) var rejectedSamples = 0
    /// Time of the last accepted sample (seconds, source clock), nil before the first
    /// or after the source was lost.
    public private(set) var lastSampleTime: Double?

    var detector: CrossingDetector
    /// This frame's crossings; capacity reserved once.
    var crossings: [Crossing]
    /// Crossing times of the run under way, in travel order; capacity reserved once.
    var runCrossingTimes: [Double]
    /// One standard deviation of each of `runCrossingTimes`, seconds.
    var runCrossingSigmas: [Double]
    /// The walk-through window's end, source seconds (nil: closed); see `startWalkthrough`.
    var walkthroughUntil: Double?
    /// Crossings of the open walk-through window not taken yet; capacity reserved once.
    var walkthroughCrossings: [Crossing]
    /// Time of the last sample with a rider tracked.
    private var lastTrackedTime: Double?
    /// Since when the course is known to be clear (nil while a rider is tracked).
    private var clearSince: Double?
    /// When the rider of the run under way was judged to have left the course, which ended the
    /// run (see `TimingMachine+RiderGone`); nil otherwise.
    var riderGoneAt: Double?
    /// The run's rider across tracking gaps (see `TimingMachine+Gaps`).
    var gap = GapMemory()

    /// A machine for `course`; throws every problem with the course and settings.
    public init(course: Course, settings: TimingSettings = TimingSettings()) throws(ConfigurationError) {
        let problems = course.validationProblems() + settings.validationProblems(for: course)
        guard problems.isEmpty else { throw ConfigurationError(problems: problems) }
        self.course = course
        self.settings = settings
        switch course.postUnit {
        case .viewWidth:
            plausiblePositions = Self.plausibleX
        case .metres:
            let first = course.posts[0], last = course.posts[course.posts.count - 1]
            plausiblePositions = (first - (last - first))...(last + (last - first))
        }
        detector = CrossingDetector(posts: course.posts, hysteresis: settings.hysteresis,
                                    bridgeSeconds: settings.bridgeSeconds)
        crossings = []
        crossings.reserveCapacity(course.postCount)
        runCrossingTimes = []
        runCrossingTimes.reserveCapacity(course.postCount)
        runCrossingSigmas = []
        runCrossingSigmas.reserveCapacity(course.postCount)
        walkthroughCrossings = []
        walkthroughCrossings.reserveCapacity(Self.walkthroughCapacity)
    }

    /// Whether nobody has been tracked for `settings.clearSeconds` up to the last sample.
    public var courseIsClear: Bool {
        guard let clearSince, let lastSampleTime else { return false }
        return lastSampleTime - clearSince >= settings.clearSeconds
    }

    // MARK: Frames

    /// Feeds one analysed frame. Unusable samples are counted in `rejectedSamples` and
    /// otherwise ignored.
    public mutating func observe(_ sample: RiderSample, emit: (TimingEvent) -> Void) {
        guard isUsable(sample) else {
            rejectedSamples += 1
            return
        }
        let t = sample.t
        lastSampleTime = t
        let x = sample.confidence >= settings.minimumConfidence ? sample.x : nil
        if x != nil {
            lastTrackedTime = t
            clearSince = nil
        } else if clearSince == nil {
            clearSince = lastTrackedTime ?? t
        }

        crossings.removeAll(keepingCapacity: true)
        detector.observe(t: t, x: x, xSigma: sample.xSigma, tSigma: sample.tSigma, into: &crossings)
        collectWalkthrough(t: t)

        switch phase {
        case .unarmed:
            break
        case .armed, .running:
            if let x, !finishPassedUnseen(sample, x: x, emit: emit) { creditPostsPassedUnseen(sample, x: x, emit: emit) }
            // A finish bridged at a pace not the rider's: refused (`TimingMachine+BridgedFinish`).
            if let x, refuseBridgedFinishOffPace(sample, x: x, emit: emit) { break }
            judgeCrossings(emit: emit)
            if case .running(_, _, let startTime) = phase, t - startTime > course.timeoutSeconds {
                invalidate(.timeout, post: nil, t: startTime + course.timeoutSeconds, emit: emit)
            }
            endRunIfRiderGone(t: t, emit: emit)
            if let x { gapNoteSighting(sample, x: x) }
            // After the sighting: where the run's rider is now (`TimingMachine+TimeoutForeseen`).
            endRunIfTimeoutForeseen(t: t, emit: emit)
        case .waitingToRearm(let needsAnnouncement):
            if !needsAnnouncement && courseIsClear {
                becomeArmed(t: t, emit: emit)
            }
        }
    }

    private func isUsable(_ sample: RiderSample) -> Bool {
        guard sample.t.isFinite, sample.confidence.isFinite,
              sample.confidence >= 0, sample.confidence <= 1 else { return false }
        if let x = sample.x, !(x >= plausiblePositions.lowerBound && x <= plausiblePositions.upperBound) {
            return false  // also catches NaN and infinity
        }
        if let lastSampleTime, sample.t <= lastSampleTime { return false }
        return true
    }

    // MARK: Commands

    /// Calibration finished: arm and emit `ready`. Abandons a run under way without a result.
    public mutating func arm(t: Double, emit: (TimingEvent) -> Void) {
        becomeArmed(t: t, emit: emit)
    }

    /// The last announcement has been spoken. Re-arms (emitting `ready` at `t`) if the
    /// course is already clear; otherwise the first clear-enough sample will.
    public mutating func announcementFinished(t: Double, emit: (TimingEvent) -> Void) {
        guard case .waitingToRearm(true) = phase else { return }
        phase = .waitingToRearm(needsAnnouncement: false)
        if courseIsClear {
            becomeArmed(t: t, emit: emit)
        }
    }

    /// The re-arm button: arm now, without waiting for the announcement or a clear course,
    /// abandoning a run under way. Does nothing while unarmed (calibration must finish first).
    /// Returns whether it armed.
    @discardableResult
    public mutating func rearm(t: Double, emit: (TimingEvent) -> Void) -> Bool {
        if phase == .unarmed { return false }
        becomeArmed(t: t, emit: emit)
        return true
    }

    /// Back to unarmed (the course is being learnt again). A run under way is abandoned
    /// without a result.
    public mutating func recalibrate() {
        phase = .unarmed
        detector.reset()
    }

    /// The frame source was lost: a run under way becomes invalid (`camera_lost`), the
    /// rider is forgotten and the next source may start a fresh clock.
    public mutating func sourceLost(t: Double, emit: (TimingEvent) -> Void) {
        if phase.isRunning {
            invalidate(.sourceLost, post: nil, t: t, emit: emit)
        }
        detector.reset()
        lastSampleTime = nil
        lastTrackedTime = nil
        clearSince = nil
    }

    mutating func becomeArmed(t: Double, emit: (TimingEvent) -> Void) {
        phase = .armed
        emit(.ready(t: t))
    }
}
