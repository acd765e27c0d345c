/// People do not jump up or down the view.
///
/// Someone riding along the course keeps their feet on it: from one sighting to the next (a
/// few frames, or a few tenths of a second unseen) their region's rows move by a small part of
/// their height, however their region gains or loses cells (a head or legs lost move its middle
/// by up to half their height, and the rows still overlap). Matching counts the vertical offset
/// as a cost only, so a small, faint rider unseen for a while was matched to a speck of noise or
/// shadow a full body height and more above where they ride (seed 505: a region a tenth of the
/// view's height above the rider's feet, 0.036 view widths behind them, taken as the rider just
/// before the finish; the finish was interpolated from it, 35 ms late, 1.17 %).
///
/// So, while the rider rides, a region lying clear above or below their body, standing on their
/// smoothed feet (`Track.footY`, an average over `footSeconds`, and their smoothed height), by
/// more than the tallest of the rider's height and the region's, is not the rider: neither as the
/// region the rider's track takes nor as a newcomer handed the rider's identity
/// (`RiderTracker+IdentityHandOver`). Measured against the smoothed feet, not the last region: a
/// last region that was itself such a speck, taken by another rule, would otherwise refuse the
/// rider's own region next (seed 930: a speck 0.2 view heights above a small rider at 10 fps,
/// then the rider; seed 294: the rider's track on something 0.45 view heights above them for two
/// frames, then the rider again; both lost the rider, `skipped_post`). Only the rider, seen
/// riding within `riderLapseSeconds` (from when they ride, not from when the start is announced,
/// 0.45 s later: seed 294's speck came in between): people who are not the rider are followed by
/// fragments (heads, shadows, legs apart) whose regions come and go at any height, and refused
/// such a fragment a track starts anew on it with a made-up velocity (seed 53: someone milling
/// about on the course then started a run).
extension RiderTracker {
    /// Whether region `c` lies clear above or below the body standing on `track`'s smoothed feet
    /// by more than the tallest of `track`'s height and the region's (normalised view heights).
    static func isVerticallyApart(_ c: Blob, from track: Track) -> Bool {
        let reach = max(track.height, c.height)
        let clear = max(c.minY - track.footY, (track.footY - track.height) - c.maxY)
        return clear > reach
    }
}
