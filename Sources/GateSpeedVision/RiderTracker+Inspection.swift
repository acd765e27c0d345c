/// What the tracker follows, for logs and diagnostics (allocates: never on the per-frame path).
extension RiderTracker {
    /// One followed person as the tracker sees them.
    public struct TrackSummary: Sendable, Equatable {
        public var id: UInt32
        /// Upper-body centre (normalised view x), velocity (view widths per second), height (view heights).
        public var x: Double, velocity: Double, height: Double, width: Double
        public var hits: Int
        public var firstSeen: Double, lastSeen: Double
        /// Best lower bound of the fitted speed (view widths per second) and the last time it beat the walking limit.
        public var speedLowerBound: Double, lastRiding: Double
        public var onCourse: Bool, matchedNow: Bool
        /// Whether this is the rider.
        public var isRider: Bool
    }

    /// Everyone followed now.
    public var summaries: [TrackSummary] {
        (0..<trackCount).map { t in
            let track = tracks[t]
            return TrackSummary(id: track.id, x: track.x, velocity: track.velocity, height: track.height, width: track.width,
                                hits: track.hits, firstSeen: track.firstSeen, lastSeen: track.lastSeen,
                                speedLowerBound: track.motion.speedLowerBound, lastRiding: track.motion.lastRiding,
                                onCourse: track.onCourse, matchedNow: track.matchedNow, isRider: track.id == riderID)
        }
    }
}
