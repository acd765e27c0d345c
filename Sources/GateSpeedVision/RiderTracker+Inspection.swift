/// What the tracker follows, for logs and diagnostics (allocates: never on the per-frame path).
extension RiderTracker {
    /// One followed person as the tracker sees them.
    public struct TrackSummary: Sendable, Equatable {
        public var id: UInt32
        /// Upper-body centre (normalised view x), velocity (view widths per second), height (view heights).
        public var x: Double, velocity: Double, height: Double, width: Double
        /// Smoothed feet row, normalised view y.
        public var footY = 0.0
        /// The last region's top and bottom, normalised view y.
        public var blobMinY = 0.0, blobMaxY = 0.0
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
            var summary = TrackSummary(id: track.id, x: track.x, velocity: track.velocity, height: track.height, width: track.width,
                                hits: track.hits, firstSeen: track.firstSeen, lastSeen: track.lastSeen,
                                speedLowerBound: track.motion.speedLowerBound, lastRiding: track.motion.lastRiding,
                                onCourse: track.onCourse, matchedNow: track.matchedNow, isRider: track.id == riderID)
            summary.footY = track.footY
            summary.blobMinY = track.blob.minY; summary.blobMaxY = track.blob.maxY
            return summary
        }
    }
}
