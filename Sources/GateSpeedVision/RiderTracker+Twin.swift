/// A second track on the rider's own body is let go.
///
/// A post's pole cuts a small rider's region in two as they pass behind it, and a part not
/// joined again (`BlobExtractor+Poles`) starts a track of its own. That track then follows the
/// rider's one region as a copy of them: as near to it as the rider's own track, it takes it on
/// the frames where noise puts it nearer (matching is nearest first), and the rider goes unseen
/// on those frames. At the next pole the two tracks' places make the rider's two parts look like
/// two people (not joined), and the region is cut between them: the rider is measured on the
/// part behind the post, late at its line, then lost across it (seed 709: the finish 92 ms late,
/// 1.45 %, after the rider was left unmatched on a third of the frames over the last 3 s).
///
/// Two people are never in one place with one size and one speed. So once the rider's track,
/// seen riding within `riderLapseSeconds`, is matched this frame, a track left unmatched whose
/// expected centre lies within the rider's width of the rider's centre (two people that close
/// overlap in the view), whose height is within `twinHeightMismatch` of theirs and whose velocity
/// goes their way within `twinSpeedMismatch` of theirs is their twin and is forgotten, and only
/// when both surely ride (their speed fits' lower bounds over the walking limit): a twin is a copy
/// of the rider and has ridden with them. A walker's track that slid onto the rider's part of a
/// region they share moves at the rider's pace for a frame or two but its speed fit is a walker's
/// (seed 764: forgetting it, while the rider's own track had taken the walker's part of a merged
/// region 0.19 view widths wide, lost the rider, skipped_post); outside a run the track taken for
/// the rider may be anyone, and among people milling about, fragments that once went the same way
/// are not forgotten (seed 53: doing so let someone on the course start a false run). Someone
/// passing the rider (a walker, a person standing) is slower, or elsewhere a frame later; someone
/// riding alongside at the same speed is one region with them and never was followed apart.
extension RiderTracker {
    /// Largest height mismatch (`heightMismatch`) of a twin.
    static let twinHeightMismatch = 0.25
    /// Largest speed difference of a twin, as a share of the rider's speed.
    static let twinSpeedMismatch = 0.25

    /// Forgets the tracks that are the rider's twins (see above). Per frame: per track, no allocation.
    mutating func forgetRiderTwins(time: Double) {
        guard riderID != 0 else { return }
        var rider = -1
        for t in 0..<trackCount where tracks[t].id == riderID { rider = t }
        guard rider >= 0, tracks[rider].matchedNow,
              time - tracks[rider].motion.lastRiding <= settings.riderLapseSeconds else { return }
        let own = tracks[rider]
        let speed = abs(own.velocity)
        guard speed > 0 else { return }
        var t = 0
        while t < trackCount {
            let other = tracks[t]
            let bothRiding = own.motion.speedLowerBound >= tuning.walkingLimit
                && other.motion.speedLowerBound >= tuning.walkingLimit
            let isTwin = t != rider && !other.matchedNow && other.hits >= 3 && bothRiding
                && abs(predictedX(t, time: time) - own.x) <= own.width
                && Self.heightMismatch(other.height, own.height) <= Self.twinHeightMismatch
                && other.velocity * own.velocity > 0
                && abs(other.velocity - own.velocity) <= Self.twinSpeedMismatch * speed
            guard isTwin else { t += 1; continue }
            trackCount -= 1
            if t != trackCount { tracks[t] = tracks[trackCount] }
            if rider == trackCount { rider = t }
        }
    }
}
