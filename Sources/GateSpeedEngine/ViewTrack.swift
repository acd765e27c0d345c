import GateSpeedCore
import GateSpeedVision

/// Smooths the rider's view position for the image rule, as `GatePlaneTrack` does along the
/// course: each frame is judged `window` seconds after it was seen (0.45 s: long enough to
/// average a sway of the camera or an outline lost for a few frames against a shadow, short
/// enough for a quadratic to follow any rider's speed), by a robust local quadratic
/// fit of the same person's positions either side of it, so a single bad frame (the region
/// merged with a bystander or a shadow for a frame, a half-seen body at a view edge) does not
/// move the crossing, and the crossing's sigma comes from the scatter actually seen around it.
///
/// The sigma of each smoothed position (`RiderSample.xSigma`) is the fit's own: the residual
/// scatter through the fit's leverage (fewer points after drops or gaps weigh in), widened by
/// the residuals' correlation from frame to frame (a swaying camera or a slowly changing
/// outline moves neighbouring frames alike, which averaging does not cancel). The timestamps'
/// jitter goes through the same leverage into `tSigma`.
///
/// A fixed ring of frames and a scratch buffer, filled once; `push` and `drain` do not allocate.
struct ViewTrack: Sendable {
    /// One analysed frame.
    struct Entry: CentredWindowEntry {
        var t = 0.0
        var trackID: UInt32 = 0
        var confidence = 0.0
        /// The rider's timed position, normalised view x.
        var x = 0.0
        /// Relative weight of this position (1: whole region, clear of the view's edges).
        var weight = 1.0
        /// One standard deviation of this frame's timestamp, seconds (the source's jitter).
        var tSigma = 0.0
        /// Width of the rider's region, view widths: the scale of what counts as far off.
        var width = 0.0
        /// People followed this frame other than the rider, in the same view as `x`: a rider
        /// confirmed later is timed from their own earlier positions (see `promotePending`).
        var prospects = RiderProspects()
        /// When the rider's riding motion began (`RiderTracker.Observation.motionSince`), seconds.
        var motionSince = -Double.infinity
        /// Within this distance of the view's edge (view widths) a region counts as cut by it.
        var edge = 0.0
        var tracked: Bool { trackID != 0 }

        init(t: Double = 0) { self.t = t }
    }

    /// Half-width of the smoothing window, seconds (and the delay of every sample).
    var window: Double { frames.window }
    /// The frames held: pending ones, and the history the next ones are judged with.
    private var frames: CentredWindow<Entry>
    private var residuals: [Double]
    /// The identity of the last rider pushed (0: none yet).
    private var lastRiderID: UInt32 = 0

    /// The outer posts' positions (view x): a late-confirmed rider is timed from earlier sightings
    /// only when the earliest of them lies beyond one (see `promotePending`; nil: any).
    var outerPosts: ClosedRange<Double>?
    /// A run is in progress: a rider found again mid-course is timed from their own earlier
    /// sightings wherever they were (the run's crossings, not a start).
    var runInProgress = false

    init(window: Double = 0.45, capacity: Int = 512) {
        frames = CentredWindow(window: window, capacity: capacity, filler: Entry())
        residuals = [Double](repeating: 0, count: capacity)
    }

    var pendingCount: Int { frames.pendingCount }

    /// Forgets everything (a relearn, a lost source, a re-arm). Pending samples are dropped unjudged.
    mutating func reset() {
        frames.reset()
        lastRiderID = 0
    }

    /// Adds a frame. When the ring is full the oldest history goes first; a pending sample
    /// is never overwritten unjudged (it is judged now, with what is there).
    mutating func push(_ new: Entry, emit: (RiderSample, UInt32) -> Void) {
        if frames.mustJudgeBeforeAppending { judgeNext(emit: emit) }
        if new.trackID != 0 && new.trackID != lastRiderID { promotePending(to: new.trackID, since: new.motionSince) }
        if new.trackID != 0 { lastRiderID = new.trackID }
        frames.append(new)
    }

    /// A rider newly confirmed as `trackID`: the frames not judged yet in which the same person
    /// was followed but not yet confirmed riding become theirs, newest first, back to the first
    /// frame that had someone else as the rider (two people's positions are never joined). The
    /// positions are the tracker's own sightings of that person, weighed as any rider's, so the
    /// crossing of an outer post they made before the confirmation is timed from them.
    /// Only frames from `since` on, when the motion that has them judged riding began, and only
    /// when the earliest of them lies beyond an outer post: what this adds is the crossing of an
    /// outer post a timing gate would have seen; someone first seen mid-course gains nothing
    /// (a fragment judged riding there gets no history to cross an inner post with).
    private mutating func promotePending(to trackID: UInt32, since: Double) {
        var earliest: Double?
        frames.updatePendingNewestFirst { entry in
            guard !entry.tracked, entry.t >= since else { return false }
            if let p = entry.prospects.prospect(trackID: trackID) { earliest = p.x }
            return true
        }
        guard let earliest else { return }
        if !runInProgress, let outerPosts, outerPosts.contains(earliest) { return }
        frames.updatePendingNewestFirst { entry in
            guard !entry.tracked, entry.t >= since else { return false }
            guard let p = entry.prospects.prospect(trackID: trackID) else { return true }
            entry.trackID = trackID
            entry.confidence = p.confidence
            entry.x = p.x
            entry.width = p.maxX - p.minX
            let clipped = p.minX <= entry.edge || p.maxX >= 1 - entry.edge
            entry.weight = p.confidence * p.confidence * (clipped ? TimingPipeline.clippedWeight : 1)
            return true
        }
    }

    /// Judges every pending frame at least `window` older than `now` (all of them when
    /// `flush`), handing each to `emit` in time order, and drops history no longer needed.
    mutating func drain(now: Double, flush: Bool = false, emit: (RiderSample, UInt32) -> Void) {
        while frames.nextPendingIsDue(now: now, flush: flush) { judgeNext(emit: emit) }
        frames.dropUnneededHistory()
    }

    private mutating func judgeNext(emit: (RiderSample, UInt32) -> Void) {
        let index = frames.takeNextPending()
        let current = frames[index]
        guard current.tracked else {
            emit(RiderSample(t: current.t, x: nil, confidence: 0), 0)
            return
        }
        emit(judge(current, at: index), current.trackID)
    }

    /// What counts as far off the first fit: this many robust sigmas (1.4826 median absolute
    /// residuals), and never less than `outlierFloorWidths` of the rider's region width.
    static let outlierDeviations = 3.0
    /// Refits without the frames far off the previous fit.
    static let outlierPasses = 2
    static let outlierFloorWidths = 0.1
    /// Largest widening of the sigma for residuals correlated from frame to frame.
    static let maximumCorrelationFactor = 3.0

    /// The smoothed position of the frame at logical index `index`.
    private mutating func judge(_ current: Entry, at index: Int) -> RiderSample {
        let neighbours = frames.neighbourhood(of: index)
        let low = neighbours.lowerBound, high = neighbours.upperBound
        // The usual width of the person's region here: a region much wider or narrower than it is
        // merged with someone else's (a bystander, a shadow) or half lost, and its centre weighs less.
        var n = 0
        for j in low...high where frames[j].trackID == current.trackID {
            residuals[n] = frames[j].width
            n += 1
        }
        let usualWidth = Self.median(&residuals, count: n)
        var fitted: LocalQuadraticFit.Solution?
        var limit = Double.infinity
        var jitter = 0.0, kept = 0
        for _ in 0...Self.outlierPasses {
            if let fitted {
                // The cut: a robust scale of the residuals (their median), so one wild frame does
                // not widen it the way it widens an rms.
                n = 0
                for j in low...high where frames[j].trackID == current.trackID {
                    let e = frames[j]
                    residuals[n] = abs(e.x - fitted.value(at: e.t - current.t))
                    n += 1
                }
                let median = Self.median(&residuals, count: n)
                limit = max(Self.outlierFloorWidths * usualWidth, Self.outlierDeviations * 1.4826 * median)
            }
            var fit = LocalQuadraticFit(window: window)
            jitter = 0; kept = 0
            for j in low...high where frames[j].trackID == current.trackID {
                let e = frames[j]
                let dt = e.t - current.t
                if let fitted, abs(e.x - fitted.value(at: dt)) > limit { continue }
                fit.add(dt: dt, value: e.x, weight: e.weight * Self.widthWeight(e.width, usual: usualWidth))
                jitter += e.tSigma * e.tSigma
                kept += 1
            }
            guard let solution = fit.solve() else { break }
            fitted = solution
        }
        guard let solution = fitted else {
            return RiderSample(t: current.t, x: current.x, confidence: current.confidence)
        }
        let correlation = Self.correlationFactor(lagOneCorrelation(solution, low, high, current, limit: limit))
        let tSigma = kept > 0 ? (jitter / Double(kept) * solution.leverage).squareRoot() : 0
        let xSigma = solution.sigma * correlation
        return RiderSample(t: current.t, x: solution.value, confidence: current.confidence,
                           xSigma: xSigma.isFinite ? xSigma : 0, tSigma: tSigma.isFinite ? tSigma : 0)
    }

    /// Relative weight of a region `width` wide where the person's is usually `usual` wide:
    /// 1 within a quarter of it, falling with the square of the departure beyond.
    static func widthWeight(_ width: Double, usual: Double) -> Double {
        guard usual > 0, width > 0 else { return 1 }
        let departure = abs(width / usual - 1)
        guard departure > 0.25 else { return 1 }
        return (0.25 / departure) * (0.25 / departure)
    }

    /// The lag-one correlation of the kept residuals about `fit`, in time order (0 with too few).
    private func lagOneCorrelation(_ fit: LocalQuadraticFit.Solution, _ low: Int, _ high: Int, _ current: Entry,
                                   limit: Double) -> Double {
        var previous: Double?
        var products = 0.0, squares = 0.0, pairs = 0
        for j in low...high {
            let e = frames[j]
            guard e.trackID == current.trackID else { continue }
            let dt = e.t - current.t
            let r = e.x - fit.value(at: dt)
            guard abs(r) <= limit else { continue }
            squares += r * r
            if let previous { products += previous * r; pairs += 1 }
            previous = r
        }
        guard pairs >= 4, squares > 0 else { return 0 }
        return products / squares
    }

    /// How much averaging n residuals correlated `rho` from one to the next understates their
    /// mean's sigma: sqrt((1 + rho) / (1 - rho)), at most `maximumCorrelationFactor`.
    static func correlationFactor(_ rho: Double) -> Double {
        guard rho > 0 else { return 1 }
        let r = min(rho, 0.95)
        return min(maximumCorrelationFactor, ((1 + r) / (1 - r)).squareRoot())
    }

    /// The median of `values[0..<count]` (reorders them); 0 for none.
    static func median(_ values: inout [Double], count: Int) -> Double {
        guard count > 0 else { return 0 }
        // Insertion sort: windows hold at most a few dozen frames.
        for i in 1..<max(1, count) {
            let v = values[i]
            var j = i - 1
            while j >= 0 && values[j] > v { values[j + 1] = values[j]; j -= 1 }
            values[j + 1] = v
        }
        return count % 2 == 1 ? values[count / 2] : 0.5 * (values[count / 2 - 1] + values[count / 2])
    }
}

