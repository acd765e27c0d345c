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
/// the rider as `area / (1 + 3 * distance)`. While a run is in progress the identity is held
/// even if the rider stops. A new identity gets a new `trackID`, so the timing core never
/// joins two people's positions into one path.
public struct RiderTracker: Sendable {
    public struct Observation: Sendable, Equatable {
        /// Rider's horizontal centre, normalised view x (top-left origin).
        public var x: Double
        /// 0...1: how steady the rider's size has been (a merged or partial region scores lower).
        public var confidence: Double
        /// Identity of the person followed; changes whenever the tracker follows someone else.
        public var trackID: UInt32
        public var blob: Blob
    }

    struct Track: Sendable {
        var id: UInt32 = 0
        var x = 0.0
        /// View widths per second.
        var velocity = 0.0
        var height = 0.0
        var area = 0.0
        var lastSeen = -Double.infinity
        var lastMoving = -Double.infinity
        var hits = 0
        var matchedNow = false
        var blob = Blob()
    }

    public static let maximumTracks = 8
    private var tracks: [Track]
    private var trackCount = 0
    private var nextID: UInt32 = 1
    private var riderID: UInt32 = 0
    private var candidateTaken: [Bool]
    /// View width / view height, to express horizontal distances in body heights.
    private let aspect: Double
    private let settings: VisionSettings
    /// A person counts as moving above this speed (body heights per second).
    private let movingSpeed = 0.25
    /// Prominence factor of someone who has not moved for a second.
    private let stillWeight = 0.35

    public init(settings: VisionSettings, viewAspect: Double) {
        self.settings = settings
        aspect = viewAspect
        tracks = [Track](repeating: Track(), count: Self.maximumTracks)
        candidateTaken = [Bool](repeating: false, count: 64)
    }

    /// True while a rider identity is held.
    public var isLocked: Bool { riderID != 0 }
    public var activeTracks: Int { trackCount }

    public mutating func reset() {
        trackCount = 0
        riderID = 0
    }

    /// Updates the tracks with this frame's `candidates` (person-sized regions) at `time`
    /// seconds and returns the rider, or nil when the rider is not seen this frame.
    /// `holdIdentity`: a run is in progress, keep the rider even if they stop.
    public mutating func update(time: Double, candidates: UnsafeBufferPointer<Blob>,
                                holdIdentity: Bool = false) -> Observation? {
        dropStaleTracks(time: time)
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
    private mutating func matchCandidates(time: Double, candidates: UnsafeBufferPointer<Blob>) {
        let count = min(candidates.count, candidateTaken.count)
        for j in 0..<count { candidateTaken[j] = false }
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
            update(&tracks[bestTrack], with: candidates[bestCandidate], time: time)
        }
        for j in 0..<count where !candidateTaken[j] && trackCount < Self.maximumTracks {
            var track = Track()
            track.id = nextID
            nextID = nextID == UInt32.max ? 1 : nextID + 1
            track.x = candidates[j].upperCentreX
            track.height = candidates[j].height
            track.area = candidates[j].area
            track.lastSeen = time
            track.hits = 1
            track.matchedNow = true
            track.blob = candidates[j]
            tracks[trackCount] = track
            trackCount += 1
        }
    }

    private func update(_ track: inout Track, with c: Blob, time: Double) {
        let dt = max(1e-3, time - track.lastSeen)
        let measured = (c.upperCentreX - track.x) / dt
        track.velocity += (track.hits == 1 ? 1.0 : 0.4) * (measured - track.velocity)
        track.x = c.upperCentreX
        track.height += 0.2 * (c.height - track.height)
        track.area += 0.2 * (c.area - track.area)
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

    private mutating func chooseRider(time: Double, holdIdentity: Bool) -> Observation? {
        var rider = -1
        for t in 0..<trackCount where tracks[t].id == riderID { rider = t }
        var best = -1, bestScore = 0.0
        let anchor = rider >= 0 ? tracks[rider].x : 0
        for t in 0..<trackCount where t != rider && tracks[t].matchedNow && tracks[t].hits >= 2 {
            let distance = rider >= 0 ? abs(tracks[t].x - anchor) : 0
            let score = prominence(tracks[t], time: time, held: false) / (1 + 3 * distance)
            if score > bestScore { bestScore = score; best = t }
        }
        if rider >= 0 {
            let incumbent = prominence(tracks[rider], time: time, held: holdIdentity)
            if best >= 0 && bestScore > settings.incumbentAdvantage * incumbent {
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
        return Observation(x: track.x, confidence: max(0.05, min(1, agreement)), trackID: track.id, blob: c)
    }
}
