/// The rider never jumps up or down the view: a region clear of the rows their recent sightings
/// stood on is not them.
///
/// A rider on a bike keeps their feet on the ground: from one frame to the next, and over the
/// second or so a run lasts between two posts, their feet row moves only as much as the ground
/// line tilts in the view, never by a body height. Yet a faint rider is seen only every few
/// frames, and in between a speck of noise or shadow near where they are expected was taken as
/// them (seed 505: a speck a tenth of the view's height above a small rider's feet, 0.036 view
/// widths behind them, just before the finish, which was then read from it, 1.17 % off).
///
/// A single sighting is no reference for where the rider is: it may itself be such a speck
/// (seed 930: a speck 0.2 view heights above a small rider handed the rider's identity, and the
/// rider's own region then refused as far below it), and a smoothed feet row is pulled by every
/// wrong sighting and every region cut short. So the reference is the rider's band
/// (`RecentRows.band`): the median feet row and median height of their last whole regions within
/// `bandSeconds`, taken only once at least `bandAgreeing` of those agree with that median to
/// within half a body height (or a grid row), and make a majority of them, seen over at least
/// `bandSpanSeconds`. One wrong sighting, or a few in a row, neither moves it nor establishes it.
///
/// Only the rider of a run in progress is refused such a region, as the region their track takes
/// and as a newcomer handed their identity (`RiderTracker+IdentityHandOver`): outside a run the
/// track taken for the rider may be anyone, and people who are not the rider are followed by
/// fragments (heads, shadows, a cloud's slivers) whose regions come and go at any height; a
/// fragment refused starts a track anew with a made-up velocity, or leaves the track on another
/// fragment (seed 53: someone milling about then started a false run; seed 33: a track on a
/// cloud's slivers, held to its rows before the run, stuck on a sliver standing still and took
/// turns with the rider, who was then never timed from the start).
/// A region is refused only when it lies clear of the band by more than the taller of the
/// band's height and its own, plus what a ground line tilted by up to `groundTiltSlope` moves
/// the feet row between the band's sightings and the region. When the rider is refused for a
/// while, no sighting refreshes the band: it lapses after `bandSeconds`, and the rule with it.
extension RiderTracker {
    /// Seconds over which the rider's recent sightings make their band (a faint rider may be
    /// unseen for half a second between glimpses).
    static let bandSeconds = 1.0
    /// Fewest sightings agreeing with the band's median feet row for the band to count.
    static let bandAgreeing = 3
    /// Shortest time (seconds) the agreeing sightings must span (not three frames of one speck).
    static let bandSpanSeconds = 0.1
    /// Steepest slope the ground line may have in the view (pixels down per pixel across: tan 5°,
    /// the camera level to a few degrees and the course running across the view).
    static let groundTiltSlope = 0.0875

    /// The band of track `t` at `time` when the rule applies to it (the rider of a run in
    /// progress) and the band is established; nil otherwise.
    func riderBand(_ t: Int, time: Double) -> RecentRows.Band? {
        guard holdingRun, tracks[t].id == riderID else { return nil }
        return tracks[t].rows.band(at: time, window: Self.bandSeconds, agreeing: Self.bandAgreeing,
                                   span: Self.bandSpanSeconds, row: 1 / Double(gridRows))
    }

    /// Whether region `c` lies clear above or below `band` by more than the taller of the band's
    /// height and its own, plus the ground line's tilt over the distance between them
    /// (normalised view heights).
    func isClear(_ c: Blob, of band: RecentRows.Band) -> Bool {
        let tilt = Self.groundTiltSlope * abs(c.upperCentreX - band.x) * aspect
        let reach = max(band.height, c.height) + tilt
        let clear = max(c.minY - band.foot, (band.foot - band.height) - c.maxY)
        return clear > reach
    }
}
