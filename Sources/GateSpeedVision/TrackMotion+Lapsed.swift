/// Someone who rode once and has not ridden since is measured afresh.
///
/// A rider leaving the view often hands their region to a person standing near the edge: the
/// track follows that person, who stands for seconds while the track's speed fits still hold the
/// ride (a fit forgets over `speedMemorySeconds`, and a line through seconds of standing behind a
/// ride keeps a slope and a wide scatter). The next rider coming in from that edge takes the
/// region over in turn. A fit of someone never seen riding restarts on such a change of motion
/// (`MotionFit`, `motionChangeDeviations`); this one did not (a rider who stops and sets off again
/// keeps their history), and its scatter was too wide for the change to stand out anyway. So
/// the newcomer was measured through seconds of standing, their speed bound crept over the
/// walking limit only after the outer post, and the run ended as `inner_start`.
///
/// A track that was a run's rider (`rodeRun`: held through a run) and has been seen for more
/// than `riderLapseSeconds` since it was last judged riding is let go as a rider outside a run
/// (`RiderTracker.chooseRider`). When it has stood still since (its centre within `stillCells`
/// grid cells of where it last rode: under 0.6 m/s on the standard course, someone standing),
/// from its next sighting its fits start anew, as for someone just seen (never judged riding, so
/// they restart on the next change of motion). It is measured up to the last sighting: a rider
/// found again after a gap is first judged on their fits as they were.
///
/// The rider held through a run in progress keeps their history whatever (`holdingRun`): a rider
/// who stops on the course is still that run's. Only someone standing beyond an outer post, where
/// runs begin, is measured afresh: a rider who stopped between the posts (their run timed out)
/// and sets off again is no new rider, and judged riding at once on fresh fits they would cross
/// the next post as a start (`inner_start`, a second invalid run spoken for one rider).
extension TrackMotion {
    /// Whether the person was judged riding once, but was then seen not riding for more than
    /// `lapse` seconds, up to `lastSeen` (seconds: their sighting before this one): a rider found
    /// again after a gap (frames dropped or not looked at) is first judged on their fits.
    /// `x`: where they were then (normalised view x); `still`: how far (view widths) someone
    /// standing strays, their region's jitter.
    func hasLapsed(lastSeen: Double, x: Double, lapse: Double, still: Double) -> Bool {
        lastRiding > -.infinity && lastSeen - lastRiding > lapse && abs(x - lastRidingX) <= still
    }

    /// The same measurement with no samples: as for someone just seen.
    func afresh() -> TrackMotion {
        TrackMotion(borderMargin: borderMargin, restartDeviations: restartDeviations)
    }
}

extension RiderTracker {
    /// Grid cells within which someone standing stays (their region's jitter); someone walking
    /// goes further within `riderLapseSeconds`, and keeps their fits' long history (a short fit
    /// of a walker whose region merges with others now and then is easily taken for riding).
    static let stillCells = 2.0

    /// Marks the rider held through a run in progress (`rodeRun`).
    mutating func markRunRider() {
        guard holdingRun, riderID != 0 else { return }
        for t in 0..<trackCount where tracks[t].id == riderID { tracks[t].rodeRun = true }
    }

    /// The lapse after which `track`'s fits start anew (seconds): the tracker's
    /// `riderLapseSeconds`, or never for the rider held through a run in progress, nor for
    /// someone standing between the outer posts (`standsWhereRunsBegin`).
    func restartLapse(_ track: Track) -> Double {
        if holdingRun && track.id == riderID { return .infinity }
        return standsWhereRunsBegin(track.blob.upperCentreX) ? settings.riderLapseSeconds : .infinity
    }

    /// Whether someone standing at normalised view x `x` stands where a run begins: beyond an
    /// outer post (`VisionSettings.postViewX`), where a rider coming in takes their region over
    /// before the start. Someone standing between the outer posts is a rider who stopped on the
    /// course (a run that timed out): setting off again, they are no new rider, and a fresh fit
    /// would have them riding at once, crossing an inner post as if starting (`inner_start`).
    /// False while the posts are unknown.
    func standsWhereRunsBegin(_ x: Double) -> Bool {
        guard let outer = outerPostsX else { return false }
        return x < outer.lowerBound || x > outer.upperBound
    }
}
