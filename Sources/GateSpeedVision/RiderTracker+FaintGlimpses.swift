/// A faint rider seen only now and then.
///
/// A rider barely above the noise (low contrast at a high noise, a small rider, a low frame
/// rate) is found in one frame of two or three: their first sightings come 0.25-0.35 s apart.
/// One or two sightings not followed by another within `unconfirmedSightingSeconds` are taken
/// for a flicker (a post's edge in a shaking view) and matched only where expected, so each of
/// the rider's glimpses started a track of its own, and they were confirmed riding only well
/// inside the course: the start was never timed (`inner_start`), seeds 729 and 5. (Glimpses
/// further apart than the bridge, `gapBridgeSeconds`, stay apart: seed 539 at 10 fps.)
///
/// A flicker stays where it is; a glimpse of a rider is found again further along the course, at
/// riding speed. So a track seen once or twice and not seen since longer than
/// `unconfirmedSightingSeconds` (but within its bridge) still takes a region when:
/// - the region lies in the same rows (`sameRows`), and (`followsOn`) is of the track's height
///   within a factor of three: a faint rider's region comes and goes by that much from frame to
///   frame (seed 5: 0.021-0.056 of the view);
/// - the move from where the track was last seen is at riding speed, over the walking limit
///   and at most the fastest rider's (`fastestRiderMetresPerSecond`);
/// - a track seen twice moved the same way between its two sightings, at riding speed too (two
///   sightings at one place are a flicker); a track seen once does not lie on a post's pole
///   (within its own reach of `VisionSettings.postViewX`), whose edge flickers in a shaking view;
/// - neither place is a standing thing's (`isStandingPlace`, checked by the caller);
/// - the link is unambiguous: within the fastest rider's reach of the track there is no other
///   region this frame and nobody else followed, at any height (fragments of a large person, of
///   people together, of a shadow, come in crowds; a faint rider's glimpse comes alone: seed
///   515's run 3 joined a fragment under a large rider to a piece of them further on, and two
///   crossings came out 0.15 s off, refused as unsteady only by luck).
/// Everything else about the rider (the riding judgement by the speed fit, the crossing
/// detector, the start tests) is unchanged: the glimpses only keep one identity.
extension RiderTracker {
    /// Whether region `candidates[j]` continues the glimpses of track `t`, last seen `dt` seconds
    /// ago, beyond `unconfirmedSightingSeconds` (see above).
    func continuesGlimpse(_ t: Int, candidate j: Int, candidates: UnsafeBufferPointer<Blob>, dt: Double) -> Bool {
        let track = tracks[t], region = candidates[j]
        guard track.hits <= 2, dt > settings.unconfirmedSightingSeconds, dt <= settings.gapBridgeSeconds,
              Self.sameRows(track.blob, region) else { return false }
        let move = region.upperCentreX - track.x
        let speed = abs(move) / dt
        guard speed > tuning.walkingLimit, speed <= tuning.fastestRider,
              track.hits < 2 || (track.velocity * move > 0 && abs(track.velocity) > tuning.walkingLimit)
        else { return false }
        // A single sighting on a post's pole may be its edge flickering.
        if track.hits < 2 {
            let reach = ownReach(track)
            for pole in settings.postViewX where abs(track.x - pole) <= reach { return false }
        }
        // Unambiguous: no other region within the reach, nobody else followed there (at any
        // height in the view: a fragment of someone's head or feet has rows of its own).
        let reach = tuning.fastestRider * dt
        for k in 0..<min(candidates.count, candidateTaken.count) where k != j
            && abs(candidates[k].upperCentreX - track.x) <= reach {
            return false
        }
        for s in 0..<trackCount where s != t && abs(tracks[s].x - track.x) <= reach { return false }
        return true
    }
}
