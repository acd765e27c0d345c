/// The first sightings of the crossing detector's current stretch, kept for the late entry
/// (`TimingMachine+LateEntry`): a rider first tracked just inside an outer post is started from
/// whichever of them gives the surest start, not only from the very first. That first sighting is
/// often the least sure of all: a region cut by the view's edge, or the first frame of a faint rider,
/// whose smoothed position rests on the frames after it alone.
extension TimingMachine {
    /// Sightings kept per stretch, the earliest first (seconds of riding between an outer post and
    /// the inner one next to it: at 120 fps, 16 frames are 0.13 s; sightings further in are nearer
    /// the inner post and extrapolate the start from a shorter baseline, so they help little).
    static let stretchSightingCapacity = 16

    /// After the detector saw this sample: keeps it when it is among the first of its stretch.
    mutating func noteStretchSighting(_ sample: RiderSample, x: Double?) {
        guard let x, detector.isTracking else { return }
        if stretchSightingsOf != detector.stretch || stretchSightings.isEmpty {
            stretchSightings.removeAll(keepingCapacity: true)
            stretchSightingsOf = detector.stretch
        }
        guard stretchSightings.count < Self.stretchSightingCapacity,
              stretchSightings.last.map({ $0.t < sample.t }) ?? true else { return }
        stretchSightings.append(Sighting.measured(t: sample.t, x: x, tSigma: sample.tSigma, xSigma: sample.xSigma))
    }

    /// Forgets the kept sightings (the detector forgot the rider).
    mutating func forgetStretchSightings() {
        stretchSightings.removeAll(keepingCapacity: true)
        stretchSightingsOf = 0
    }
}
