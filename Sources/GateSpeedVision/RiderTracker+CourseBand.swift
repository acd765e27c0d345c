/// The course band (`VisionSettings.courseBand`): every track keeps its foot point averaged over
/// `footSmoothingSeconds`; a track counts as on the course once that point is in the band, and
/// as off it only once it is beyond the band grown by `courseBandLeaveMargin`. A track off the
/// course is still followed (so a rider passing in front of it is split apart from it) but is
/// never chosen as the rider and loses the rider identity at once.
extension RiderTracker {
    /// Band test with hysteresis on the smoothed foot point of every track seen this frame:
    /// on the course once inside the band, off it only once clearly outside.
    mutating func judgeFeet() {
        guard let band = settings.courseBand else { return }
        let margin = settings.courseBandLeaveMargin
        for t in 0..<trackCount where tracks[t].matchedNow {
            let x = tracks[t].footX, y = tracks[t].footY
            tracks[t].onCourse = tracks[t].onCourse ? band.contains(x: x, y: y, margin: margin)
                                                    : band.contains(x: x, y: y)
        }
    }

    /// Replaces this frame's foot sample of track `trackID` (the region's bottom) by a better
    /// measurement of the same frame, normalised view coordinates, in its smoothed foot point.
    mutating func refineFoot(trackID: UInt32, x: Double, y: Double) {
        for t in 0..<trackCount where tracks[t].id == trackID && tracks[t].matchedNow {
            let w = tracks[t].footWeight, before = tracks[t].footBefore
            tracks[t].footX = before.x + w * (x - before.x)
            tracks[t].footY = before.y + w * (y - before.y)
        }
    }

    /// The smoothed foot point of track `trackID` and whether it counts as on the course (tests, logs).
    public func smoothedFoot(trackID: UInt32) -> (x: Double, y: Double, onCourse: Bool)? {
        for t in 0..<trackCount where tracks[t].id == trackID {
            return (tracks[t].footX, tracks[t].footY, tracks[t].onCourse)
        }
        return nil
    }
}
