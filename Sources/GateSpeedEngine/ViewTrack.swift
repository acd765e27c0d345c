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
        /// The region's left and right edges, normalised view x (in the same view as `x`).
        var minX = 0.0, maxX = 0.0
        /// The side on which the view's edge cuts the region: -1 left, +1 right, 2 both, 0 whole.
        var cutSide: Int8 = 0
        /// People followed this frame other than the rider, in the same view as `x`: a rider
        /// confirmed later is timed from their own earlier positions (see `promotePending`).
        var prospects = RiderProspects()
        /// When the rider's riding motion began (`RiderTracker.Observation.motionSince`), seconds.
        var motionSince = -Double.infinity
        /// When this person was first pushed as the rider, seconds (set by `push`; see
        /// `ViewTrack+SteadyRider`).
        var followedSince = Double.infinity
        /// Within this distance of the view's edge (view widths) a region counts as cut by it.
        var edge = 0.0
        /// How far the view has moved since the posts were set (view widths): `x`, `minX` and
        /// `maxX` are read back by it; the edge test is made in the view as seen.
        var shiftX = 0.0
        var tracked: Bool { trackID != 0 }

        init(t: Double = 0) { self.t = t }

        /// Sets the region's extent from its edges as seen (normalised view x), read back into the
        /// posts' view, and which side the view's edge cuts (within `edge` of it).
        mutating func setRegion(seenMinX: Double, seenMaxX: Double) {
            minX = seenMinX - shiftX
            maxX = seenMaxX - shiftX
            width = seenMaxX - seenMinX
            let cutLeft = seenMinX <= edge, cutRight = seenMaxX >= 1 - edge
            cutSide = cutLeft == cutRight ? (cutLeft ? 2 : 0) : (cutLeft ? -1 : 1)
        }
    }

    /// Half-width of the smoothing window, seconds (and the delay of every sample).
    var window: Double { frames.window }
    /// The frames held: pending ones, and the history the next ones are judged with.
    var frames: CentredWindow<Entry>
    var residuals: [Double]
    /// The position each frame of the neighbourhood is fitted with (`Entry.x`, or read from the
    /// intact edge of a region the view's edge cuts), by offset from the neighbourhood's start.
    var positions: [Double]
    /// The weight each of those positions is fitted with (the width and cut rules applied).
    var positionWeights: [Double]
    /// Which frames of the neighbourhood hold a region merged with someone else's, by offset from
    /// its start (set by `readMergedRegions`; scratch, like `residuals`).
    var mergedFrames: [Bool]
    /// The identity of the last rider pushed (0: none yet).
    private var lastRiderID: UInt32 = 0
    /// When the last rider pushed was first pushed as the rider, seconds.
    private var lastRiderSince = Double.infinity

    /// The outer posts' positions (view x): a late-confirmed rider is timed from earlier sightings
    /// only when the earliest of them lies beyond one (see `promotePending`; nil: any).
    var outerPosts: ClosedRange<Double>?
    /// A run is in progress: a rider found again mid-course is timed from their own earlier
    /// sightings wherever they were (the run's crossings, not a start).
    var runInProgress = false

    init(window: Double = 0.45, capacity: Int = 512) {
        frames = CentredWindow(window: window, capacity: capacity, filler: Entry())
        residuals = [Double](repeating: 0, count: capacity)
        positions = residuals
        positionWeights = residuals
        mergedFrames = [Bool](repeating: false, count: capacity)
    }

    var pendingCount: Int { frames.pendingCount }

    /// Forgets everything (a relearn, a lost source, a re-arm). Pending samples are dropped unjudged.
    mutating func reset() {
        frames.reset()
        lastRiderID = 0
        lastRiderSince = .infinity
    }

    /// Adds a frame. When the ring is full the oldest history goes first; a pending sample
    /// is never overwritten unjudged (it is judged now, with what is there).
    mutating func push(_ new: Entry, emit: (RiderSample, UInt32) -> Void) {
        if frames.mustJudgeBeforeAppending { judgeNext(emit: emit) }
        var new = new
        if new.trackID != 0 && new.trackID != lastRiderID {
            promotePending(to: new.trackID, since: new.motionSince)
            lastRiderSince = new.t
        }
        if new.trackID != 0 {
            lastRiderID = new.trackID
            new.followedSince = lastRiderSince
        }
        frames.append(new)
    }

    /// A rider newly confirmed as `trackID`: the frames not judged yet in which the same person
    /// was followed but not yet confirmed riding become theirs (`CentredWindow.promotePending`).
    /// The positions are the tracker's own sightings of that person, weighed as any rider's, so
    /// the crossing of an outer post they made before the confirmation is timed from them.
    private mutating func promotePending(to trackID: UInt32, since: Double) {
        frames.promotePending(since: since, outside: runInProgress ? nil : outerPosts,
                              position: { $0.prospects.prospect(trackID: trackID)?.x }) { entry in
            guard let p = entry.prospects.prospect(trackID: trackID) else { return }
            entry.trackID = trackID
            entry.confidence = p.confidence
            entry.x = p.x
            entry.setRegion(seenMinX: p.minX, seenMaxX: p.maxX)
            entry.weight = p.confidence * p.confidence
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
        // The median sorted them: the last is the widest.
        let widest = n > 0 ? residuals[n - 1] : 0
        let uncutWidth = readPositions(current, low, high, usualWidth: usualWidth)
        readMergedRegions(current, low, high, uncutWidth: uncutWidth, widest: widest)
        var fitted: LocalQuadraticFit.Solution?
        var limit = Double.infinity
        var jitter = 0.0, kept = 0
        for _ in 0...Self.outlierPasses {
            if let fitted {
                // The cut: a robust scale of the residuals (their median), so one wild frame does
                // not widen it the way it widens an rms.
                n = 0
                for j in low...high where frames[j].trackID == current.trackID {
                    residuals[n] = abs(positions[j - low] - fitted.value(at: frames[j].t - current.t))
                    n += 1
                }
                let median = Self.median(&residuals, count: n)
                limit = max(Self.outlierFloorWidths * usualWidth, Self.outlierDeviations * 1.4826 * median)
            }
            var fit = LocalQuadraticFit(window: window, priorSigma: Self.sightingSigma(usualWidth: usualWidth))
            jitter = 0; kept = 0
            for j in low...high where frames[j].trackID == current.trackID {
                let e = frames[j]
                let dt = e.t - current.t
                let x = positions[j - low]
                if let fitted, abs(x - fitted.value(at: dt)) > limit { continue }
                fit.add(dt: dt, value: x, weight: positionWeights[j - low])
                jitter += e.tSigma * e.tSigma
                kept += 1
            }
            // A refit left with too few frames for the order the first fit had (a sparse
            // neighbourhood: a rider just found, at 10 fps, after a gap) keeps that fit: with three
            // or four frames the residuals' median says nothing of what is wild, and a mean of the
            // frames left is where a moving rider was on average, not at this frame.
            guard let solution = fit.solve(lineThroughTwo: movesSteadily(current)),
                  solution.order >= (fitted?.order ?? 0) else { break }
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

    /// Relative weight of a position read from a region cut by the view's edge whose intact edge
    /// could not be used (too few whole regions of the person nearby to know their width): its
    /// centre is partly guessed.
    static let cutWeight = 0.1
    /// Relative weight of a position read from the intact edge of a cut region: the edge is
    /// measured as well as a whole region's, the width and offset are medians of nearby frames.
    static let intactEdgeWeight = 0.5
    /// Whole regions of the same person in the neighbourhood needed to read a cut one.
    static let wholeRegionsToReadCut = 3
    /// Largest spread (median absolute deviation) of those regions' widths, and of their timed
    /// centres' offsets from their middles, as a fraction of their width, for a cut region to be
    /// read from its intact edge.
    static let steadyWidthSpread = 0.05

    /// Fills `positions` and `positionWeights` for `low...high`. A region cut by the view's edge
    /// is narrower than the person, and its timed centre (the visible part's) lies inward of
    /// theirs by up to half a body width. Its intact edge is not cut, so the person's centre is
    /// read from it: the intact edge, less half the person's usual width, plus the usual offset of
    /// the timed centre from the region's middle (a trailing leg, a shadow), both medians over the
    /// whole regions of the same person nearby.
    /// Returns the median width of the person's uncut regions there (`usualWidth` when none is cut).
    private mutating func readPositions(_ current: Entry, _ low: Int, _ high: Int, usualWidth: Double) -> Double {
        var anyCut = false
        for j in low...high where frames[j].cutSide != 0 && frames[j].trackID == current.trackID { anyCut = true }
        guard anyCut else {
            // The usual frame: every region whole, each read at its own centre.
            for j in low...high {
                let e = frames[j]
                positions[j - low] = e.x
                positionWeights[j - low] = e.weight * Self.widthWeight(e.width, usual: usualWidth)
            }
            return usualWidth
        }
        // A region that keeps changing width says too little about where its cut edge would be.
        let shape = wholeShape(of: current.trackID, low, high, leavingOutMerged: false)
        let wholeWidth = shape.width, offset = shape.offset, readable = shape.isSteady
        for j in low...high {
            let e = frames[j]
            var x = e.x, weight = e.weight * Self.widthWeight(e.width, usual: usualWidth)
            if e.cutSide != 0 {
                let intact = e.cutSide < 0 ? e.maxX - 0.5 * wholeWidth : e.minX + 0.5 * wholeWidth
                // Outward of the visible centre (toward the cut), by at most half of what the cut
                // took (give or take the regions' usual spread): else the region is not the
                // person's usual one cut short (a shadow or a limb left it as it reached the edge).
                let outward = (intact + offset - e.x) * Double(e.cutSide)
                let margin = Self.steadyWidthSpread * wholeWidth
                if readable && abs(e.cutSide) == 1 && e.width < wholeWidth
                    && outward >= -margin && outward <= 0.5 * (wholeWidth - e.width) + margin {
                    x = intact + offset
                    weight = e.weight * Self.intactEdgeWeight
                } else {
                    weight *= Self.cutWeight
                }
            }
            positions[j - low] = x
            positionWeights[j - low] = weight
        }
        return wholeWidth
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
            let r = positions[j - low] - fit.value(at: dt)
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

