/// Follows every person-sized region from frame to frame and says which one is the rider
/// (the seeds' rules, extended to a scene with bystanders).
///
/// Tracks: each region is matched to the nearest track's predicted position (constant
/// velocity) within `incumbentRadius`; a match that would need a move faster than
/// `maxJumpBodyHeightsPerSecond` (distance over the person's own height, so it means the same
/// at any camera distance) is refused, and the region starts a new track instead. A person seen
/// only once or twice has no velocity yet, or one resting on a single displacement: they are
/// matched as far off as the fastest rider goes (`fastestRiderMetresPerSecond`), so a small rider
/// at 60 km/h is followed from the first frames at any frame rate. One or two sightings not
/// followed by another within `unconfirmedSightingSeconds` are a flicker (a post's edge in a
/// shaking view), matched only where expected. A track survives `gapBridgeSeconds` without a
/// match; the timing core interpolates across the gap. Regions of any size are followed (the
/// course scale is no gate).
///
/// The rider is someone seen riding: shaped like a person (`minimumHeightOverWidth`), followed
/// for two frames and, by `TrackMotion`'s speed fit, surely faster than walking
/// (`walkingLimitMetresPerSecond`). Walkers and people standing are followed but never become
/// the rider, so they neither start a run nor keep the course from being clear. With no rider
/// yet, the largest such person wins. Once chosen, the rider keeps the identity unless a
/// challenger scores `incumbentAdvantage` times more, its score decaying with distance from
/// the rider as `area / (1 + 3 * distance)`; outside a run, a rider not seen riding for
/// `riderLapseSeconds` is let go. The speed fits of someone never seen riding restart on a change
/// of motion (`TrackMotion`), so a rider whose region took over someone standing where they came
/// in is soon seen riding; those of someone whose ride lapsed, standing beyond an outer post,
/// start anew (`TrackMotion+Lapsed`).
/// While a run is in progress the identity is held even if the rider stops. A new identity gets
/// a new `trackID`, so the timing core never joins two people's positions into one path.
///
/// The course band: see `RiderTracker+CourseBand`.
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
        /// When the motion that has this person judged riding began, seconds: their sightings
        /// before it (standing where the rider's region took them over) are not the ride.
        public var motionSince = -Double.infinity
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
        /// When the track began, seconds.
        var firstSeen = 0.0
        var hits = 0
        var matchedNow = false
        /// This frame's position is where the person's own motion puts them inside a region
        /// shared with someone passing (`coastThrough`), not a measurement of them.
        var coastedNow = false
        var blob = Blob()
        /// Foot point averaged over `footSmoothingSeconds` (normalised view), and its value
        /// before this frame's sample with the weight that sample got (to replace it).
        var footX = 0.0, footY = 0.0
        var footBefore = (x: 0.0, y: 0.0), footWeight = 1.0
        /// The band test's state, with hysteresis (always true without a band).
        var onCourse = true
        /// Speed fits and the riding judgement (see `TrackMotion`).
        var motion = TrackMotion(borderMargin: 0)
        /// How far the upper body's centre lies from its left and right edges (view widths),
        /// learnt while the person is wholly in view (0: never seen so): while the view's border
        /// cuts the person, the centre is placed that far from the edge still seen.
        var centreFromLeft = 0.0, centreFromRight = 0.0
        /// When and where (seconds, normalised view x) the person was last measured apart, and
        /// whether they have been measured only inside a shared region since (`RiderTracker+OwnRide`).
        var apart = (t: -Double.infinity, x: 0.0)
        var sharedSinceApart = false
        /// This person was the rider held through a run (`TrackMotion+Lapsed`).
        var rodeRun = false
        /// Their last whole regions' rows (`RiderTracker+VerticalBand`).
        var rows = RecentRows()
    }

    /// The settings' thresholds in the tracker's units, computed once.
    struct Tuning: Sendable {
        /// Walking limit and fastest rider, view widths per second.
        var walkingLimit: Double, fastestRider: Double
        /// `VisionSettings.riderLapseSeconds`: also how long someone stays put before they are
        /// not riding, whatever their speed fit remembers (`TrackMotion+Rest`).
        var lapseSeconds: Double
        /// One sample's position error (a grid cell), and the border margin, view widths.
        var cell: Double
        var speedDeviations: Double, speedMemory: Double
        var velocitySmoothing: Double, sizeSmoothing: Double, footSeconds: Double
    }

    public static let maximumTracks = 16
    /// Seconds two people must have been followed apart before a region they share is cut between them.
    static let apartSeconds = 0.15
    var tracks: [Track]
    var trackCount = 0
    private var nextID: UInt32 = 1
    private(set) var riderID: UInt32 = 0
    /// The latest stretch of source time (seconds) whose frames the detector did not look for
    /// people in (see `RiderTracker+LookingAway`).
    var unlooked = (from: -Double.infinity, until: -Double.infinity)
    /// This frame's `holdIdentity`: a run is in progress (see `RiderTracker+LostRider`).
    var holdingRun = false
    /// The course is armed, waiting for a start (set by the caller each frame; see
    /// `RiderTracker+AwaitingStart`).
    public var awaitingStart = false
    /// This frame's people followed on the course other than the rider (see `RiderProspects`).
    public internal(set) var prospects = RiderProspects()
    var candidateTaken: [Bool]
    var sharing: [Int]
    /// Fraction of the view's height under which a track is not taken for the rider this frame
    /// (0: any height). The detector raises it to `VisionSettings.smallestPersonHeight` while
    /// the light is uneven: a cloud's edge then leaves slivers along the ground's far border that
    /// move at wind speed, as fast as a rider.
    public var shortestRider = 0.0
    /// View width / view height, to express horizontal distances in body heights.
    let aspect: Double
    let settings: VisionSettings
    let tuning: Tuning
    /// Grid rows of the detector's analysis grid (for the region-level foot precision).
    let gridRows: Int
    /// The outer posts' view x (normalised, first and last of `VisionSettings.postViewX`), nil
    /// when the posts are unknown (`TrackMotion+Lapsed`).
    let outerPostsX: ClosedRange<Double>?

    public init(settings: VisionSettings, viewAspect: Double) {
        self.settings = settings
        aspect = viewAspect
        tracks = [Track](repeating: Track(), count: Self.maximumTracks)
        candidateTaken = [Bool](repeating: false, count: 64)
        sharing = [Int](repeating: 0, count: Self.maximumTracks)
        if let first = settings.postViewX.min(), let last = settings.postViewX.max() {
            outerPostsX = first...last
        } else {
            outerPostsX = nil
        }
        gridRows = max(8, Int((Double(max(16, settings.gridColumns)) / max(0.05, viewAspect)).rounded()))
        let metres = max(1e-3, settings.courseMetresPerViewWidth)
        tuning = Tuning(walkingLimit: settings.walkingLimitMetresPerSecond / metres,
                        fastestRider: settings.fastestRiderMetresPerSecond / metres,
                        lapseSeconds: settings.riderLapseSeconds,
                        cell: 1 / Double(max(16, settings.gridColumns)),
                        speedDeviations: settings.speedDeviations, speedMemory: settings.speedMemorySeconds,
                        velocitySmoothing: settings.velocitySmoothingSeconds, sizeSmoothing: settings.sizeSmoothingSeconds,
                        footSeconds: settings.footSmoothingSeconds)
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
        unlooked = (-.infinity, -.infinity)
        riderID = 0
        prospects.removeAll()
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
        holdingRun = holdIdentity
        dropStaleTracks(time: time)
        let count = min(candidates.count, candidateTaken.count)
        for j in 0..<count { candidateTaken[j] = false }
        setAsideParts(candidates: candidates)
        splitSharedRegions(time: time, candidates: candidates, parts: parts)
        matchCandidates(time: time, candidates: candidates)
        let rider = chooseRider(time: time, holdIdentity: holdIdentity)
        forgetRiderTwins(time: time)
        markRunRider()
        collectProspects(into: &prospects)
        return rider
    }

    /// Whether a track with `id` is still followed (seen lately enough not to be dropped).
    func follows(_ id: UInt32) -> Bool {
        for t in 0..<trackCount where tracks[t].id == id { return true }
        return false
    }

    private mutating func dropStaleTracks(time: Double) {
        var kept = 0
        for i in 0..<trackCount where time - tracks[i].lastSeen
            <= max(bridgeSeconds(tracks[i], time: time), lostRiderBridgeSeconds(tracks[i], time: time)) {
            tracks[kept] = tracks[i]
            tracks[kept].matchedNow = false
            kept += 1
        }
        trackCount = kept
        if riderID != 0 && !tracks.prefix(trackCount).contains(where: { $0.id == riderID }) { riderID = 0 }
    }

    /// Greedy nearest-first matching of regions to tracks, then new tracks for the rest.
    private mutating func matchCandidates(time: Double, candidates: UnsafeBufferPointer<Blob>) {
        let count = min(candidates.count, candidateTaken.count)
        while true {
            var bestTrack = -1, bestCandidate = -1, bestDistance = Double.infinity
            for t in 0..<trackCount where !tracks[t].matchedNow {
                let dt = max(1e-3, time - tracks[t].lastSeen)
                let predicted = expectedX(t, time: time)   // `RiderTracker+RideExpected`
                // Seen once or twice, a person's velocity is unknown or rests on one displacement
                // (half the speed while the view's border cuts them): they may be off by as much
                // as the fastest rider goes (a small rider at 60 km/h covers many body heights a
                // second). One or two sightings not followed by another within
                // `unconfirmedSightingSeconds` are a flicker (a post's edge in a shaking view):
                // matched only where expected, they cannot take a rider coming in nearby and
                // give them a made-up velocity.
                let flicker = tracks[t].hits <= 2 && dt > settings.unconfirmedSightingSeconds
                let unknownVelocity = tracks[t].hits <= 2 && !flicker ? tuning.fastestRider : 0
                let radius = flicker ? ownReach(tracks[t]) : max(settings.incumbentRadius, unknownVelocity * dt)
                // The rider does not jump up or down the view (`RiderTracker+VerticalBand`).
                let band = riderBand(t, time: time)
                for j in 0..<count where !candidateTaken[j] {
                    let c = candidates[j]
                    if let band, isClear(c, of: band) { continue }
                    let distance = abs(c.upperCentreX - predicted)
                    // Nearest first, a region of another size counting as further: when a head
                    // followed apart joins its body again, the body's track takes the whole.
                    let mismatch = Self.heightMismatch(c.height, tracks[t].height)
                    // People do not jump up or down the view: the vertical offset of the region's
                    // middle (in view widths) counts too, so a post's edge in a shaking view at
                    // the rider's x does not take the rider's place.
                    let rise = abs((c.minY + c.maxY) - (tracks[t].blob.minY + tracks[t].blob.maxY)) * 0.5 / aspect
                    // The rider's own track first among near equals: a fragment must not take their place.
                    let cost = (distance + rise) * (1 + mismatch) * (tracks[t].id == riderID ? 0.5 : 1)
                    // A faint rider's next glimpse (`RiderTracker+FaintGlimpses`) is no flicker.
                    let glimpse = flicker && distance > radius && continuesGlimpse(t, candidate: j, candidates: candidates, dt: dt)
                    guard distance <= radius || glimpse, cost < bestDistance else { continue }
                    let jump = distance * aspect / max(1e-3, max(c.height, tracks[t].height)) / dt
                    guard jump <= settings.maxJumpBodyHeightsPerSecond || distance / dt <= unknownVelocity || glimpse
                    else { continue }
                    // A newcomer does not jump onto something standing (`RiderTracker+StandingPlace`).
                    guard tracks[t].hits > 2 || !isStandingPlace(c, besides: t, time: time) else { continue }
                    guard followsOn(tracks[t], height: c.height, distance: distance, dt: dt, x: c.upperCentreX),
                          followsOwnRide(t, x: c.upperCentreX, time: time),
                          mayFollowAfterGap(tracks[t], x: c.upperCentreX, height: c.height, dt: dt, time: time) else { continue }
                    bestDistance = cost; bestTrack = t; bestCandidate = j
                }
            }
            guard bestTrack >= 0 else { break }
            candidateTaken[bestCandidate] = true
            Self.update(&tracks[bestTrack], with: candidates[bestCandidate], time: time, merged: false, tuning: tuning,
                        restartLapse: restartLapse(tracks[bestTrack]), outsideRun: !holdingRun)
        }
        for j in 0..<count where !candidateTaken[j] {
            // Regions come largest first. When every track is taken, a newcomer replaces the
            // smallest track smaller than itself that is not riding (noise specks, the edges of
            // posts in a shaking view, people standing must not crowd out a rider).
            var slot = trackCount
            if trackCount == Self.maximumTracks {
                slot = -1
                var smallest = candidates[j].area
                for t in 0..<trackCount where tracks[t].id != riderID
                    && time - tracks[t].motion.lastRiding > settings.riderLapseSeconds && tracks[t].area < smallest {
                    smallest = tracks[t].area
                    slot = t
                }
                guard slot >= 0 else { continue }
            }
            var track = Track()
            track.id = nextID
            nextID = nextID == UInt32.max ? 1 : nextID + 1
            track.x = candidates[j].upperCentreX
            track.height = candidates[j].height
            track.width = candidates[j].width
            track.area = candidates[j].area
            track.lastSeen = time
            track.firstSeen = time
            track.hits = 1
            track.matchedNow = true
            track.blob = candidates[j]
            track.footX = candidates[j].bottomX
            track.footY = candidates[j].bottomY
            track.footBefore = (track.footX, track.footY)
            track.footWeight = 1
            track.onCourse = settings.courseBand?.contains(x: track.footX, y: track.footY) ?? true
            track.motion = TrackMotion(borderMargin: tuning.cell, restartDeviations: settings.motionChangeDeviations)
            track.apart = (time, track.x)
            track.rows.add(candidates[j], time: time)
            _ = track.motion.add(candidates[j], t: time, lastTime: time, memorySeconds: tuning.speedMemory)
            tracks[slot] = track
            if slot == trackCount { trackCount += 1 }
        }
    }

    /// `merged`: `c` is this person's part of a region shared with someone else, so it says
    /// nothing about their size.
    /// Static so that updating `tracks[i]` in place never holds a second reference to the
    /// array (which would copy it: an allocation per frame).
    /// `outsideRun`: no run is held, so someone who has stayed put is not riding (`TrackMotion+Rest`).
    static func update(_ track: inout Track, with c: Blob, time: Double, merged: Bool, tuning: Tuning,
                       restartLapse: Double = .infinity, outsideRun: Bool = false) {
        let footSeconds = tuning.footSeconds
        let dt = max(1e-3, time - track.lastSeen)
        // Exponential average with a mean age of half of `footSeconds` (as a sliding mean over
        // `footSeconds`), in seconds: the same smoothing at any frame rate.
        let weight = dt / (dt + 0.5 * max(1e-3, footSeconds))
        track.footBefore = (track.footX, track.footY)
        track.footWeight = weight
        track.footX += weight * (c.bottomX - track.footX)
        track.footY += weight * (c.bottomY - track.footY)
        // Velocity from a position both frames saw whole (an edge clear of the border while the
        // person enters or leaves the view); a shared region's part only has its centre.
        var measured = (c.upperCentreX - track.x) / dt
        if !merged {
            // Someone whose ride has lapsed is measured afresh (`TrackMotion+Lapsed`).
            if track.rodeRun, track.motion.hasLapsed(lastSeen: track.lastSeen, x: track.blob.upperCentreX,
                                                     lapse: restartLapse, still: Self.stillCells * tuning.cell) {
                track.motion = track.motion.afresh()
                track.rodeRun = false
            }
            if let edge = track.motion.add(c, t: time, lastTime: track.lastSeen, memorySeconds: tuning.speedMemory) {
                measured = edge
            }
            track.rows.add(c, time: time)
            track.motion.judge(t: time, limit: tuning.walkingLimit, sigmaFloor: tuning.cell,
                               speedDeviations: tuning.speedDeviations, restSeconds: tuning.lapseSeconds,
                               restEndsRiding: outsideRun)
        }
        track.velocity += (track.hits == 1 ? 1.0 : dt / (dt + tuning.velocitySmoothing)) * (measured - track.velocity)
        if !merged, let fitted = track.motion.fittedVelocity { track.velocity = fitted }
        track.x = c.upperCentreX
        if !merged {
            let size = dt / (dt + tuning.sizeSmoothing)
            let clearLeft = c.upperMinX > tuning.cell, clearRight = c.upperMaxX < 1 - tuning.cell
            if clearLeft && clearRight {
                let learnt = track.centreFromLeft > 0 ? size : 1
                track.centreFromLeft += learnt * ((c.upperCentreX - c.upperMinX) - track.centreFromLeft)
                track.centreFromRight += learnt * ((c.upperMaxX - c.upperCentreX) - track.centreFromRight)
            } else if clearLeft && track.centreFromLeft > 0 {
                track.x = c.upperMinX + track.centreFromLeft
            } else if clearRight && track.centreFromRight > 0 {
                track.x = c.upperMaxX - track.centreFromRight
            }
            track.height += size * (c.height - track.height)
            track.width += min(1, 1.6 * size) * (c.width - track.width)
            track.area += size * (c.area - track.area)
        }
        track.sharedSinceApart = merged
        if !merged { track.apart = (time, track.x) }
        track.lastSeen = time
        track.hits += 1
        track.matchedNow = true
        track.coastedNow = false
        track.blob = c
    }

    /// Whether `track` can be taken for the rider now: seen twice, on the course, shaped like a
    /// person (not a flat shadow or ghost) and seen going at riding speed within `riderLapseSeconds`.
    func canRide(_ track: Track, time: Double) -> Bool {
        track.matchedNow && track.hits >= 2 && track.onCourse
            && track.height >= shortestRider
            && track.height >= settings.minimumHeightOverWidth * track.width * aspect
            && time - track.motion.lastRiding <= settings.riderLapseSeconds
    }

    private mutating func chooseRider(time: Double, holdIdentity: Bool) -> Observation? {
        judgeFeet()
        var rider = -1
        for t in 0..<trackCount where tracks[t].id == riderID { rider = t }
        if rider >= 0 && !tracks[rider].matchedNow { rider = handOver(from: rider, time: time) }
        if rider >= 0 && !tracks[rider].onCourse {
            // Whoever stands off the course is not the rider, run or not.
            rider = -1
            riderID = 0
        }
        if rider >= 0 && !holdIdentity && time - tracks[rider].motion.lastRiding > settings.riderLapseSeconds
            && !isHeldUnseenForStart(tracks[rider], time: time) {
            // Outside a run, whoever has not been riding for a while (stopped, walking off) is let
            // go: they no longer keep the course from counting as clear.
            rider = -1
            riderID = 0
        }
        var best = -1, bestScore = 0.0
        let anchor = rider >= 0 ? tracks[rider].x : 0
        for t in 0..<trackCount where t != rider && canRide(tracks[t], time: time) && mayChallengeRun(t, rider: rider)
            && mayChallengeRiderOnTheirWay(t, rider: rider, time: time) {
            let distance = rider >= 0 ? abs(tracks[t].x - anchor) : 0
            let score = tracks[t].area / (1 + 3 * distance)
            if score > bestScore { bestScore = score; best = t }
        }
        if rider >= 0 && best >= 0 && isHeldUnseenForStartBeyondBridge(tracks[rider], time: time) {
            // A rider kept unseen for the start beyond the usual bridge holds the identity against
            // nobody seen riding now (`RiderTracker+AwaitingStart`).
            rider = best
            riderID = tracks[best].id
        } else if rider >= 0 {
            // Between riders, the incumbent's hysteresis decides; outside a run, someone riding
            // now wins over a rider who no longer is (a region that ran at riding speed for a
            // frame as it merged with someone standing).
            if let challenger = challengerRidingNow(over: rider, time: time, holdIdentity: holdIdentity) {
                best = challenger
                bestScore = .infinity
            }
            if best >= 0 && bestScore > settings.incumbentAdvantage * tracks[rider].area {
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
        // A position the person's motion gave inside a region shared with someone passing is a
        // prediction: it weighs as little as a region half lost.
        let agreement = min(c.area, track.area) / max(c.area, track.area, 1e-9)
            * (track.coastedNow ? Self.coastedConfidence : 1)
        // From the region alone the foot is known to a grid row: uniform over one cell.
        let cellSigma = 1 / (Double(gridRows) * 12.0.squareRoot())
        return Observation(x: track.x, confidence: max(0.05, min(1, agreement)), trackID: track.id, blob: c,
                           footX: c.bottomX, footY: c.bottomY, bodyY: c.upperCentreY, topY: c.minY,
                           heightPixels: 0, footSigma: cellSigma, motionSince: track.motion.ridingSince)
    }

    /// The velocity of track `trackID`, view widths per second (tests).
    func trackVelocity(trackID: UInt32) -> Double? {
        for t in 0..<trackCount where tracks[t].id == trackID { return tracks[t].velocity }
        return nil
    }
}

