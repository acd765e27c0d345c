/// A rider followed for longer than the smoothing window, seen in only two frames of it.
///
/// At a low frame rate, after drops, or for a faint rider seen every few frames, a frame may have
/// a single other sighting of the rider within the window. Their mean is where the rider was on
/// average over the two, not at this frame: it lags a moving rider by half the distance between
/// them (at 10 fps with a frame or two lost, tens of milliseconds at a crossing). Over a window
/// (0.45 s) a rider's pace is steady, so the line through the two sightings stands for the motion,
/// and at this frame it is the frame's own sighting. So do a few sightings close together (two or
/// three consecutive frames of a faint rider, spanning under a fifth of the window): their line,
/// read at this frame (inside their span), is where the rider was then; their mean put a finish
/// timed between two such clusters 31 ms early (seed 505).
///
/// Only for a person followed as the rider for longer than a window before this frame: someone
/// just taken for the rider (a ghost a walker left, a bystander for a frame or two) has shown no
/// steady motion, and the mean keeps their two sightings from making a crossing on their own.
///
/// With no residual left (one sighting, or a line through two) the fit's sigma is a sighting's
/// own: the region's timed centre is known to within its width, a uniform spread of width/√12.
extension ViewTrack {
    /// Whether the frame `current` sees a person followed as the rider for longer than `window`.
    func movesSteadily(_ current: Entry) -> Bool {
        current.t - current.followedSince > window
    }

    /// One sighting's standard deviation (view widths) for a region `usualWidth` wide: the centre
    /// of a uniform spread across the region.
    static func sightingSigma(usualWidth: Double) -> Double {
        max(0, usualWidth) / 12.0.squareRoot()
    }
}
