/// A person only just found does not jump onto the place of something standing there.
///
/// Seen once or twice, a person's velocity is unknown, so their next region is looked for as
/// far away as the fastest rider goes (`matchCandidates`). Where something has stood still for
/// a while (a post whose paint the light's drift leaves in the foreground, a bag, a person
/// standing), its regions come back at the same place every frame, often as several pieces,
/// and one piece the standing thing's own track did not take lay within that reach. Taken, it
/// gave the newcomer (a fragment of someone walking off the view's edge, or a faint rider just
/// coming in) a made-up speed and a position stuck on the post: seed 882 started a run on a
/// post's mark long before any rider came (false start), seed 565's second run started 49 ms
/// early (−2.3 %).
///
/// So a track seen at most twice does not take a region whose centre lies within a grid cell
/// (or the standing track's own half-width) of a standing track: one followed for at least
/// `standingPlaceSeconds`, moving now at under a quarter of the walking limit, not riding for the
/// last `riderLapseSeconds`, and seen there this frame (matched already: the region is another
/// piece of it), when the region is no
/// taller than that standing thing by more than `sameHeightMismatch` (a rider passing in front
/// of a small mark makes a taller region, which stays theirs). The region is left to the
/// standing thing or to a new track; the newcomer finds their own region next frame.
extension RiderTracker {
    /// Seconds something must have been followed (and be still now) before its place is its own.
    static let standingPlaceSeconds = 1.0

    /// Whether `candidate` lies on the place of a standing track other than `t` (followed for
    /// `standingPlaceSeconds`, still now, not riding lately, seen this frame) not much shorter
    /// than the region (see above).
    func isStandingPlace(_ candidate: Blob, besides t: Int, time: Double) -> Bool {
        let x = candidate.upperCentreX
        for s in 0..<trackCount where s != t {
            let standing = tracks[s]
            guard standing.matchedNow, time - standing.firstSeen >= Self.standingPlaceSeconds,
                  standing.velocity.magnitude < 0.25 * tuning.walkingLimit,
                  time - standing.motion.lastRiding > settings.riderLapseSeconds,
                  abs(x - standing.x) <= max(tuning.cell, 0.5 * standing.width),
                  candidate.height <= standing.height * (1 + Self.sameHeightMismatch)
            else { continue }
            return true
        }
        return false
    }
}
