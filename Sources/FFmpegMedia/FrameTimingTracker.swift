/// Turns media timestamps into frame times relative to the stream start and counts
/// frames missing between them.
///
/// A gap of more than 1.5 nominal frame intervals between consecutive frames counts
/// `round(gap / interval) - 1` dropped frames. Times are kept strictly increasing: a frame
/// stamped at or before its predecessor is moved one microsecond after it.
struct FrameTimingTracker {
    /// Seconds per frame at the nominal rate; 0 when unknown (no drops are counted then).
    let nominalInterval: Double
    private(set) var lastTime: Double?
    private(set) var dropped = 0

    init(nominalFramesPerSecond: Double) {
        nominalInterval = nominalFramesPerSecond > 0 ? 1 / nominalFramesPerSecond : 0
    }

    /// Records the next frame at `time` (seconds, or nil when the file gave none: then one
    /// nominal interval after the previous frame) and returns the time to report.
    mutating func record(time: Double?) -> Double {
        var time = time ?? ((lastTime ?? -nominalInterval) + nominalInterval)
        if let lastTime {
            if time <= lastTime { time = lastTime + 1e-6 }
            let gap = time - lastTime
            if nominalInterval > 0, gap > 1.5 * nominalInterval {
                dropped += Int((gap / nominalInterval).rounded()) - 1
            }
        }
        lastTime = time
        return time
    }
}
