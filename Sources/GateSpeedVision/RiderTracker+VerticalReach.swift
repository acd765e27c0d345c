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
/// So during a run, a region lying clear above or below the rider's last region by more than the
/// taller of the two (the rider's smoothed height, and both regions' heights, view heights) is
/// not the rider, neither as the region the rider's track takes nor as a newcomer handed the
/// rider's identity (`RiderTracker+IdentityHandOver`: seed 930, a speck 0.2 view heights above a
/// small rider at 10 fps became the rider as a new track, and the rider's own region the frame
/// after was then refused as far below it; the finish was lost). Only the run's rider: people outside a run are followed by fragments (heads,
/// shadows, legs apart) whose regions come and go at any height, and refused such a fragment a
/// track starts anew on it with a made-up velocity (seed 53: someone milling about on the course
/// then started a run).
extension RiderTracker {
    /// Whether region `c` lies clear above or below `track`'s last region by more than the
    /// tallest of `track`'s height and both regions' heights (normalised view heights).
    static func isVerticallyApart(_ c: Blob, from track: Track) -> Bool {
        let clear = max(c.minY - track.blob.maxY, track.blob.minY - c.maxY)
        return clear > max(track.height, c.height, track.blob.height)
    }
}
