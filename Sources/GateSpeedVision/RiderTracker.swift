/// Follows every person-sized region from frame to frame and says which one is the rider
/// (the seeds' rules, extended to a scene with bystanders).
///
/// Tracks: each region is matched to the nearest track's predicted position (constant
/// velocity) within `incumbentRadius`; a match that would need a move faster than
/// `maxJumpBodyHeightsPerSecond` (distance over the person's own height, so it means the same
/// at any camera distance) is refused, and the region starts a new track instead. A track
/// survives `gapBridgeSeconds` without a match; the timing core interpolates across the gap.
///
/// The rider: with no rider yet, the most prominent track wins, where prominence is the area,
/// weighted down for someone standing still (a bystander beside the course must not be taken
/// for the rider who is about to enter). Once chosen, the rider keeps the identity unless a
/// challenger scores `incumbentAdvantage` times more, its score decaying with distance from
/// the rider as `area / (1 + 3 * distance)`; outside a run, someone who has stood still for a
/// second gives way at once to anyone moving. While a run is in progress the identity is held
/// even if the rider stops. A new identity gets a new `trackID`, so the timing core never
/// joins two people's positions into one path.
///
/// The course band (`VisionSettings.courseBand`): every track keeps its foot point averaged over
/// `footSmoothingSeconds`; a track counts as on the course once that point is in the band, and
/// as off it only once it is beyond the band grown by `courseBandLeaveMargin`. A track off the
/// course is still followed (so a rider passing in front of it is split apart from it) but is
/// never chosen as the rider and loses the rider identity at once.
///
/// Measures part of a region: the columns between two view x positions, as a region of its own.
public protocol RegionParts {
    func part(of blob: Blob, from: Double, to: Double, upperFraction: Double) -> Blob?
}

extension BlobExtractor: RegionParts {}

/// For callers without a mask (tests of the tracking rules): regions are never split.
public struct WholeRegionsOnly: RegionParts {
    public init() {}
    public func part(of blob: Blob, from: Double, to: Double, upperFraction: Double) -> Blob? { nil }
}

public struct RiderTracker: Sendable {
    public struct Observation: Sendable, Equatable {
        /// Rider's horizontal centre, normalised view x (top-left origin): the centre of the upper
        /// body (head and torso), the position timed.
        public var x: Double
        /// 0...1: how steady the rider's size has been (a merged or partial region scores lower).
        public var confidence: Double
        /// Identity of the person followed; changes whenever the tracker follows someone else.
        public var trackID: UInt32
        public var blob: Blob
        /// The rider's ground-contact point, normalised view coordinates (top-left origin): the
        /// horizontal centre of the lowest rows of the legs, and the bottom edge of the feet. The
        /// detector measures it on the frame's own pixels to a fraction of a pixel; from regions
        /// alone (`RiderTracker.update` without a detector) it is the region's bottom, to a grid cell.
        public var footX: Double
        public var footY: Double
        /// Vertical position (normalised view y) at which `x` was measured: the mean row of the
        /// upper part of the region whose centre `x` is.
        public var bodyY: Double
        /// Top of the head, normalised view y (sub-pixel like `footY` when the detector measured it).
        public var topY: Double
        /// Head-to-foot height, view pixels (`footY - topY` in pixels); 0 when the frame size is
        /// unknown (regions fed to the tracker directly).
        public var heightPixels: Double
        /// Estimated 1-sigma error of `footY`, normalised view height, for this frame.
        public var footSigma: Double
    }

    struct Track: Sendable {
        var id: UInt32 = 0
        var x = 0.0
        /// View widths per second.
        var velocity = 0.0
        var height = 0.0
        /// Width of the person's own region (not updated while merged with someone else's).
        var width = 0.0
        var area = 0.0
        var lastSeen = -Double.infinity
        var lastMoving = -Double.infinity
        var hits = 0
        var matchedNow = false
        var blob = Blob()
        /// Foot point averaged over `footSmoothingSeconds` (normalised view), and its value
        /// before this frame's sample with the weight that sample got (to replace it).
        var footX = 0.0, footY = 0.0
        var footBefore = (x: 0.0, y: 0.0), footWeight = 1.0
        /// The band test's state, with hysteresis (always true without a band).
        var onCourse = true
    }

    public static let maximumTracks = 8
    private var tracks: [Track]
    private var trackCount = 0
    private var nextID: UInt32 = 1
    private var riderID: UInt32 = 0
    private var candidateTaken: [Bool]
    private var sharing: [Int]
    /// View width / view height, to express horizontal distances in body heights.
    private let aspect: Double
    private let settings: VisionSettings
    /// A person counts as moving above this speed (body heights per second).
    private let movingSpeed = 0.25
    /// Prominence factor of someone who has not moved for a second.
    private let stillWeight = 0.35
    /// Grid rows of the detector's analysis grid (for the region-level foot precision).
    private let gridRows: Int

    public init(settings: VisionSettings, viewAspect: Double) {
        self.settings = settings
        aspect = viewAspect
        tracks = [Track](repeating: Track(), count: Self.maximumTracks)
        candidateTaken = [Bool](repeating: false, count: 64)
        sharing = [Int](repeating: 0, count: Self.maximumTracks)
        gridRows = max(8, Int((Double(max(16, settings.gridColumns)) / max(0.05, viewAspect)).rounded()))
    }

    /// True while a rider identity is held.
    public var isLocked: Bool { riderID != 0 }
    /// People followed now (including those bridging a short gap).
    public var activeTracks: Int { trackCount }
    /// Of those, people whose feet stand outside the course band (0 without a band).
    public var offCourseTracks: Int {
        var n = 0
        for t in 0..<trackCount where !tracks[t].onCourse { n += 1 }
        return n
    }

    public mutating func reset() {
        trackCount = 0
        riderID = 0
    }

    /// Updates the tracks with this frame's `candidates` (person-sized regions) at `time`
    /// seconds and returns the rider, or nil when the rider is not seen this frame.
    /// `holdIdentity`: a run is in progress, keep the rider even if they stop.
    public mutating func update(time: Double, candidates: UnsafeBufferPointer<Blob>,
                                holdIdentity: Bool = false) -> Observation? {
        update(time: time, candidates: candidates, parts: WholeRegionsOnly(), holdIdentity: holdIdentity)
    }

    /// As above; `parts` measures parts of a region, so that two people whose regions have
    /// run together (a rider passing a bystander) are still followed apart.
    public mutating func update<Parts: RegionParts>(time: Double, candidates: UnsafeBufferPointer<Blob>,
                                                    parts: Parts, holdIdentity: Bool = false) -> Observation? {
        dropStaleTracks(time: time)
        let count = min(candidates.count, candidateTaken.count)
        for j in 0..<count { candidateTaken[j] = false }
        splitSharedRegions(time: time, candidates: candidates, parts: parts)
        matchCandidates(time: time, candidates: candidates)
        return chooseRider(time: time, holdIdentity: holdIdentity)
    }

    private mutating func dropStaleTracks(time: Double) {
        var kept = 0
        for i in 0..<trackCount where time - tracks[i].lastSeen <= settings.gapBridgeSeconds {
            tracks[kept] = tracks[i]
            tracks[kept].matchedNow = false
            kept += 1
        }
        trackCount = kept
        if riderID != 0 && !tracks.prefix(trackCount).contains(where: { $0.id == riderID }) { riderID = 0 }
    }

    /// Greedy nearest-first matching of regions to tracks, then new tracks for the rest.
    private func predictedX(_ t: Int, time: Double) -> Double {
        tracks[t].x + tracks[t].velocity * max(1e-3, time - tracks[t].lastSeen)
    }

    /// A region that holds the predicted centres of two or more people who were apart before
    /// is cut between them: each person keeps their own width, the cut falls midway between
    /// where their edges are expected, and each is measured on their own side of it.
    /// (Measuring the outer people over their own width from their free edge instead was
    /// tried: the legs' swing inflates the width and pulls in the neighbour, twice the error.)
    private mutating func splitSharedRegions<Parts: RegionParts>(time: Double, candidates: UnsafeBufferPointer<Blob>,
                                                                 parts: Parts) {
        let count = min(candidates.count, candidateTaken.count)
        for j in 0..<count {
            let c = candidates[j]
            var n = 0
            for t in 0..<trackCount where !tracks[t].matchedNow && tracks[t].hits >= 3 {
                let p = predictedX(t, time: time)
                if p >= c.minX && p <= c.maxX && tracks[t].width < 0.9 * c.width {
                    sharing[n] = t
                    n += 1
                }
            }
            guard n >= 2 else { continue }
            for a in 1..<n {   // insertion sort by predicted x (n is tiny)
                var b = a
                while b > 0 && predictedX(sharing[b - 1], time: time) > predictedX(sharing[b], time: time) {
                    sharing.swapAt(b - 1, b)
                    b -= 1
                }
            }
            // Only people who stand side by side are split, never a part of one person that
            // broke off for a frame (a leg, a head): neighbours' expected extents must not
            // overlap by more than half the narrower one.
            var sideBySide = true
            for k in 1..<n {
                let t = sharing[k - 1], u = sharing[k]
                let overlap = (predictedX(t, time: time) + 0.5 * tracks[t].width)
                    - (predictedX(u, time: time) - 0.5 * tracks[u].width)
                if overlap > 0.5 * min(tracks[t].width, tracks[u].width) { sideBySide = false }
            }
            guard sideBySide else { continue }
            var left = c.minX
            for k in 0..<n {
                let t = sharing[k]
                var right = c.maxX
                if k + 1 < n {
                    let u = sharing[k + 1]
                    let pt = predictedX(t, time: time), pu = predictedX(u, time: time)
                    let cut = 0.5 * ((pt + 0.5 * tracks[t].width) + (pu - 0.5 * tracks[u].width))
                    right = min(pu, max(pt, cut))
                }
                if let part = parts.part(of: c, from: left, to: right, upperFraction: settings.upperBodyFraction) {
                    Self.update(&tracks[t], with: part, time: time, merged: true, aspect: aspect, movingSpeed: movingSpeed,
                                footSeconds: settings.footSmoothingSeconds)
                }
                left = right
            }
            candidateTaken[j] = true
        }
    }

    private mutating func matchCandidates(time: Double, candidates: UnsafeBufferPointer<Blob>) {
        let count = min(candidates.count, candidateTaken.count)
        while true {
            var bestTrack = -1, bestCandidate = -1, bestDistance = settings.incumbentRadius
            for t in 0..<trackCount where !tracks[t].matchedNow {
                let dt = max(1e-3, time - tracks[t].lastSeen)
                let predicted = tracks[t].x + tracks[t].velocity * dt
                for j in 0..<count where !candidateTaken[j] {
                    let c = candidates[j]
                    let distance = abs(c.upperCentreX - predicted)
                    guard distance <= bestDistance else { continue }
                    let jump = distance * aspect / max(1e-3, max(c.height, tracks[t].height)) / dt
                    guard jump <= settings.maxJumpBodyHeightsPerSecond else { continue }
                    bestDistance = distance; bestTrack = t; bestCandidate = j
                }
            }
            guard bestTrack >= 0 else { break }
            candidateTaken[bestCandidate] = true
            Self.update(&tracks[bestTrack], with: candidates[bestCandidate], time: time, merged: false,
                        aspect: aspect, movingSpeed: movingSpeed, footSeconds: settings.footSmoothingSeconds)
        }
        for j in 0..<count where !candidateTaken[j] && trackCount < Self.maximumTracks {
            var track = Track()
            track.id = nextID
            nextID = nextID == UInt32.max ? 1 : nextID + 1
            track.x = candidates[j].upperCentreX
            track.height = candidates[j].height
            track.width = candidates[j].width
            track.area = candidates[j].area
            track.lastSeen = time
            track.hits = 1
            track.matchedNow = true
            track.blob = candidates[j]
            track.footX = candidates[j].bottomX
            track.footY = candidates[j].bottomY
            track.footBefore = (track.footX, track.footY)
            track.footWeight = 1
            track.onCourse = settings.courseBand?.contains(x: track.footX, y: track.footY) ?? true
            tracks[trackCount] = track
            trackCount += 1
        }
    }

    /// `merged`: `c` is this person's part of a region shared with someone else, so it says
    /// nothing about their size.
    /// Static so that updating `tracks[i]` in place never holds a second reference to the
    /// array (which would copy it: an allocation per frame).
    private static func update(_ track: inout Track, with c: Blob, time: Double, merged: Bool,
                               aspect: Double, movingSpeed: Double, footSeconds: Double) {
        let dt = max(1e-3, time - track.lastSeen)
        // Exponential average with a mean age of half of `footSeconds` (as a sliding mean over
        // `footSeconds`), in seconds: the same smoothing at any frame rate.
        let weight = dt / (dt + 0.5 * max(1e-3, footSeconds))
        track.footBefore = (track.footX, track.footY)
        track.footWeight = weight
        track.footX += weight * (c.bottomX - track.footX)
        track.footY += weight * (c.bottomY - track.footY)
        let measured = (c.upperCentreX - track.x) / dt
        track.velocity += (track.hits == 1 ? 1.0 : 0.4) * (measured - track.velocity)
        track.x = c.upperCentreX
        if !merged {
            track.height += 0.2 * (c.height - track.height)
            track.width += 0.3 * (c.width - track.width)
            track.area += 0.2 * (c.area - track.area)
        }
        track.lastSeen = time
        track.hits += 1
        track.matchedNow = true
        track.blob = c
        if abs(track.velocity) * aspect / max(1e-3, track.height) > movingSpeed { track.lastMoving = time }
    }

    private func prominence(_ track: Track, time: Double, held: Bool) -> Double {
        let moving = held || time - track.lastMoving < 1.0
        return track.area * (moving ? 1 : stillWeight)
    }

    /// Band test with hysteresis on the smoothed foot point of every track seen this frame:
    /// on the course once inside the band, off it only once clearly outside.
    private mutating func judgeFeet() {
        guard let band = settings.courseBand else { return }
        let margin = settings.courseBandLeaveMargin
        for t in 0..<trackCount where tracks[t].matchedNow {
            let x = tracks[t].footX, y = tracks[t].footY
            tracks[t].onCourse = tracks[t].onCourse ? band.contains(x: x, y: y, margin: margin)
                                                    : band.contains(x: x, y: y)
        }
    }

    private mutating func chooseRider(time: Double, holdIdentity: Bool) -> Observation? {
        judgeFeet()
        var rider = -1
        for t in 0..<trackCount where tracks[t].id == riderID { rider = t }
        if rider >= 0 && !tracks[rider].onCourse {
            // Whoever stands off the course is not the rider, run or not.
            rider = -1
            riderID = 0
        }
        var best = -1, bestScore = 0.0
        let anchor = rider >= 0 ? tracks[rider].x : 0
        for t in 0..<trackCount where t != rider && tracks[t].matchedNow && tracks[t].hits >= 2 && tracks[t].onCourse {
            let distance = rider >= 0 ? abs(tracks[t].x - anchor) : 0
            let score = prominence(tracks[t], time: time, held: false) / (1 + 3 * distance)
            if score > bestScore { bestScore = score; best = t }
        }
        if rider >= 0 {
            let incumbentStill = !holdIdentity && time - tracks[rider].lastMoving >= 1.0
            let incumbent = prominence(tracks[rider], time: time, held: holdIdentity)
            let challengerMoves = best >= 0 && time - tracks[best].lastMoving < 1.0
            // Someone standing still holds no claim to the rider's identity outside a run: the
            // rider is who moves. Between movers, the incumbent's hysteresis decides.
            if best >= 0 && ((incumbentStill && challengerMoves) || bestScore > settings.incumbentAdvantage * incumbent) {
                rider = best
                riderID = tracks[best].id
            }
        } else if best >= 0 {
            rider = best
            riderID = tracks[best].id
        }
        guard rider >= 0, tracks[rider].matchedNow else { return nil }
        let track = tracks[rider]
        let c = track.blob
        let agreement = min(c.area, track.area) / max(c.area, track.area, 1e-9)
        // From the region alone the foot is known to a grid row: uniform over one cell.
        let cellSigma = 1 / (Double(gridRows) * 12.0.squareRoot())
        return Observation(x: track.x, confidence: max(0.05, min(1, agreement)), trackID: track.id, blob: c,
                           footX: c.bottomX, footY: c.bottomY, bodyY: c.upperCentreY, topY: c.minY,
                           heightPixels: 0, footSigma: cellSigma)
    }

    /// Replaces this frame's foot sample of track `trackID` (the region's bottom) by a better
    /// measurement of the same frame, normalised view coordinates, in its smoothed foot point.
    mutating func refineFoot(trackID: UInt32, x: Double, y: Double) {
        for t in 0..<trackCount where tracks[t].id == trackID && tracks[t].matchedNow {
            let w = tracks[t].footWeight, before = tracks[t].footBefore
            tracks[t].footX = before.x + w * (x - before.x)
            tracks[t].footY = before.y + w * (y - before.y)
        }
    }

    /// The smoothed foot point of track `trackID` and whether it counts as on the course (tests, logs).
    public func smoothedFoot(trackID: UInt32) -> (x: Double, y: Double, onCourse: Bool)? {
        for t in 0..<trackCount where tracks[t].id == trackID {
            return (tracks[t].footX, tracks[t].footY, tracks[t].onCourse)
        }
        return nil
    }
}
