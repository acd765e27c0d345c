import GateSpeedCore
import GateSpeedGeometry

/// Turns the rider's view positions into positions along the course in metres, as a timing
/// gate at each post would see them: the depth across the course comes from the foot point
/// on the ground, smoothed over the track (a pixel of foot height is most of a metre of depth
/// at 30 m, so single frames are not good enough), and the position along the course is where
/// the ray through the upper body meets the vertical plane at that depth.
///
/// Smoothing is centred: each frame is judged `window` seconds after it was seen, with the
/// frames either side of it, by local quadratic fits (unbiased at a weave's apex). So every
/// sample reaches the timing machine `window` seconds late, on its own timestamp.
///
/// A fixed ring of frames, filled once; `push` and `drain` do not allocate.
struct GatePlaneTrack: Sendable {
    /// One analysed frame.
    struct Entry: CentredWindowEntry {
        var t = 0.0
        var trackID: UInt32 = 0
        var confidence = 0.0
        /// dx/dy (course metres) along the ray the rider's position is read on.
        var raySlope = 0.0
        /// Depth of the rider's vertical axis across the course (metres), from the foot point.
        var across = 0.0
        var hasFoot = false
        /// Relative weight of this foot depth (1 for a clean foot edge, less when the foot was
        /// half hidden, e.g. in front of a pole of its own shade).
        var footWeight = 1.0
        /// 1-sigma of this foot depth, metres: the foot edge's own precision (pixels) turned into
        /// depth where it was seen (infinity when unknown).
        var depthSigma = Double.infinity
        /// Metres of depth one pixel of foot height is where this foot was seen (0: unknown).
        var depthPerPixel = 0.0
        /// The same reading for people followed this frame other than the rider: a rider
        /// confirmed later is timed from their own earlier positions (see `promotePending`).
        var prospects = Prospects()
        /// When the rider's riding motion began (`RiderTracker.Observation.motionSince`), seconds.
        var motionSince = -Double.infinity
        var tracked: Bool { trackID != 0 }

        init(t: Double = 0) { self.t = t }
    }

    /// One person's reading of a frame, as in `Entry`.
    struct Reading: Sendable {
        var trackID: UInt32 = 0
        var confidence = 0.0, raySlope = 0.0, across = 0.0
        var hasFoot = false
        var footWeight = 1.0
        var depthSigma = Double.infinity
        var depthPerPixel = 0.0
    }

    /// Up to `RiderProspects.capacity` readings, in a fixed set (copying does not allocate).
    struct Prospects: Sendable {
        private(set) var count = 0
        private var slots = (Reading(), Reading(), Reading(), Reading())

        mutating func add(_ reading: Reading) {
            switch count {
            case 0: slots.0 = reading
            case 1: slots.1 = reading
            case 2: slots.2 = reading
            case 3: slots.3 = reading
            default: return
            }
            count += 1
        }

        func reading(trackID: UInt32) -> Reading? {
            guard trackID != 0 else { return nil }
            if count > 0, slots.0.trackID == trackID { return slots.0 }
            if count > 1, slots.1.trackID == trackID { return slots.1 }
            if count > 2, slots.2.trackID == trackID { return slots.2 }
            if count > 3, slots.3.trackID == trackID { return slots.3 }
            return nil
        }
    }

    /// Half-width of the smoothing window, seconds (and the delay of every sample).
    var window: Double { frames.window }
    /// 1-sigma of a systematic error of the depth (the lowest point of a person is their
    /// nearer foot, not their axis), metres; it counts in full at every sample.
    let depthBiasSigma: Double
    /// Noise factor on the fitted depth's sigma: a skating stride makes neighbouring foot
    /// points correlated, so the scatter understates the error of their mean.
    let depthNoiseFactor = 1.25
    private let cameraX: Double, cameraY: Double
    /// Sign of the direction away from the camera across the course (`PinholeCamera.awaySign`).
    let awayFromCamera: Double
    /// The frame at logical index `index`.
    subscript(frame index: Int) -> Entry { frames[index] }
    /// The frames held: pending ones, and the history the next ones are judged with.
    private var frames: CentredWindow<Entry>
    /// The identity of the last rider pushed (0: none yet).
    private var lastRiderID: UInt32 = 0

    init(camera: PinholeCamera, window: Double = 0.3, depthBiasSigma: Double = 0.07, capacity: Int = 512) {
        self.depthBiasSigma = depthBiasSigma
        cameraX = camera.position.x
        cameraY = camera.position.y
        awayFromCamera = camera.awaySign
        frames = CentredWindow(window: window, capacity: capacity, filler: Entry())
    }

    var pendingCount: Int { frames.pendingCount }

    /// Forgets everything (a relearn, a lost source). Pending samples are dropped unjudged.
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

    /// The outer posts' positions along the course (metres): see `ViewTrack.outerPosts`.
    var outerPosts: ClosedRange<Double>?
    /// A run is in progress: a rider found again mid-course is timed from their own earlier
    /// sightings wherever they were (the run's crossings, not a start).
    var runInProgress = false

    /// A rider newly confirmed as `trackID`: the frames not judged yet in which the same person
    /// was followed but not yet confirmed riding become theirs (`CentredWindow.promotePending`,
    /// as `ViewTrack` does; see `RiderProspects`). Where they were is read at their own foot
    /// depth, unsmoothed, for the outer-post test.
    private mutating func promotePending(to trackID: UInt32, since: Double) {
        let (cx, cy) = (cameraX, cameraY)
        frames.promotePending(since: since, outside: runInProgress ? nil : outerPosts, position: { entry in
            guard let r = entry.prospects.reading(trackID: trackID), r.hasFoot else { return nil }
            return cx + (r.across - cy) * r.raySlope
        }) { entry in
            if let r = entry.prospects.reading(trackID: trackID) { entry.take(r) }
        }
    }

    /// Judges every pending frame at least `window` older than `now` (all of them when
    /// `flush`), handing each to `emit` in time order, and drops history no longer needed.
    mutating func drain(now: Double, flush: Bool = false, emit: (RiderSample, UInt32) -> Void) {
        while frames.nextPendingIsDue(now: now, flush: flush) { judgeNext(emit: emit) }
        frames.dropUnneededHistory()
    }

    /// Hands the next pending frame to `emit` with the identity of the person in it (0: nobody).
    private mutating func judgeNext(emit: (RiderSample, UInt32) -> Void) {
        let index = frames.takeNextPending()
        let current = frames[index]
        guard current.tracked else {
            emit(RiderSample(t: current.t, x: nil, confidence: 0), 0)
            return
        }
        emit(judge(current, at: index), current.trackID)
    }

    /// Refits of the depth without its outliers, and what counts as one: this many weighted rms
    /// residuals of the previous fit away from it, and never less than `outlierFloorMetres`.
    static let outlierPasses = 2
    static let outlierDeviations = 2.5
    static let outlierFloorMetres = 0.15

    /// The weighted rms distance of the person's foot depths in `low...high` from `fit`, metres.
    /// Feet read lost against `lost` (see `GatePlaneTrack+LostFoot`) do not count.
    private func rmsResidual(_ fit: LocalQuadraticFit.Solution, _ low: Int, _ high: Int, _ current: Entry,
                             lost: LocalQuadraticFit.Solution?) -> Double {
        var sum = 0.0, weights = 0.0
        for j in low...high {
            let e = frames[j]
            guard e.trackID == current.trackID && e.hasFoot else { continue }
            if let lost, isLostFoot(e, dt: e.t - current.t, envelope: lost) { continue }
            let r = e.across - fit.value(at: e.t - current.t)
            sum += e.footWeight * r * r
            weights += e.footWeight
        }
        return weights > 0 ? (sum / weights).squareRoot() : 0
    }

    /// The smoothed course position of the frame at logical index `index`.
    private func judge(_ current: Entry, at index: Int) -> RiderSample {
        let neighbours = frames.neighbourhood(of: index)
        let low = neighbours.lowerBound, high = neighbours.upperBound
        // Depth: local quadratic of the foot depths of the same person around this frame, refitted
        // without the feet far off it (a foot lost against a post of its own shade reads a metre
        // or more off, and only near the posts, where the crossing is timed).
        // Feet lost (read too far, `GatePlaneTrack+LostFoot`) are left out of every fit.
        let lost = lostFootEnvelope(low, high, current)
        var fitted: LocalQuadraticFit.Solution?
        for _ in 0...Self.outlierPasses {
            var depthFit = LocalQuadraticFit(window: window)
            let limit = fitted.map {
                max(Self.outlierFloorMetres, Self.outlierDeviations * rmsResidual($0, low, high, current, lost: lost))
            }
            for j in low...high {
                let e = frames[j]
                guard e.trackID == current.trackID && e.hasFoot else { continue }
                let dt = e.t - current.t
                if let lost, isLostFoot(e, dt: dt, envelope: lost) { continue }
                if let limit, let fit = fitted, abs(e.across - fit.value(at: dt)) > limit { continue }
                depthFit.add(dt: dt, value: e.across, weight: e.footWeight)
            }
            guard let solution = depthFit.solve() else { break }
            fitted = solution
        }
        guard let fitted else {
            return RiderSample(t: current.t, x: nil, confidence: 0)
        }
        // The fitted depth drawn toward the post line as far as it is less sure than the course
        // is (`GatePlaneTrack+DepthPrior`).
        let depth = depthPosterior(fitted, low, high, current)
        // Along: each neighbour's ray met at its own smoothed depth, then smoothed in time too.
        var alongFit = LocalQuadraticFit(window: window)
        for j in low...high {
            let e = frames[j]
            guard e.trackID == current.trackID else { continue }
            let dt = e.t - current.t
            let x = cameraX + (depth.value(at: dt) - cameraY) * e.raySlope
            if x.isFinite { alongFit.add(dt: dt, value: x) }
        }
        guard let along = alongFit.solve() else { return RiderSample(t: current.t, x: nil, confidence: 0) }
        let slope = abs(current.raySlope)
        let depthError = depth.sigma
        let sigma = ((slope * depthError) * (slope * depthError) + along.sigma * along.sigma).squareRoot()
        return RiderSample(t: current.t, x: along.value, confidence: current.confidence,
                           xSigma: sigma.isFinite ? sigma : 0, tSigma: 0)
    }
}

extension GatePlaneTrack.Entry {
    /// Makes this frame's person the one `reading` describes: their identity, confidence, ray and
    /// depth (the rider's own reading, or a prospect's promoted to the rider's).
    mutating func take(_ reading: GatePlaneTrack.Reading) {
        trackID = reading.trackID
        confidence = reading.confidence
        raySlope = reading.raySlope
        across = reading.across
        hasFoot = reading.hasFoot
        footWeight = reading.footWeight
        depthSigma = reading.depthSigma
        depthPerPixel = reading.depthPerPixel
    }
}
