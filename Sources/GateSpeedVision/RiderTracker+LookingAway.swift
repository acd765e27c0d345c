/// Frames the detector did not look for people in: while the view is suspected of having moved
/// (a shaking camera's jolt, see `CameraShiftTest`), nobody is followed, so nobody can be seen.
/// At 10 fps two such frames are 0.2 s, and a rider followed for two frames before them would
/// outlast `gapBridgeSeconds` unseen and come back as someone new, past the post they were
/// first seen before (an invalid `inner_start`). A track's bridge is lengthened by the time not
/// looked at since it was last seen, by at most `gapBridgeSeconds` (a view suspected for long is
/// a moving camera, and whoever is seen after it is judged afresh).
extension RiderTracker {
    /// The frames from `from` to `until` (source seconds: the last frame looked at, and this one)
    /// were not looked at.
    public mutating func lookedAway(from: Double, until: Double) {
        guard until > from else { return }
        if from <= unlooked.until + 1e-6 && from >= unlooked.from {
            unlooked.until = max(unlooked.until, until)   // the same stretch, going on
        } else {
            unlooked = (from, until)
        }
    }

    /// Seconds of the latest stretch not looked at between `since` and `time`, at most
    /// `VisionSettings.gapBridgeSeconds`.
    func unlookedSeconds(since: Double, until time: Double) -> Double {
        let overlap = min(time, unlooked.until) - max(since, unlooked.from)
        return min(settings.gapBridgeSeconds, max(0, overlap))
    }
}
