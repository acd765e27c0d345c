/// What the detector saw, read from outside the frame path: tests, the bench's traces and the
/// log when the course becomes ready.
extension RiderDetector {
    /// The current foreground mask, row-major over the grid (1 = foreground).
    public var foregroundMask: [UInt8] { mask }
    /// Regions found in the last frame.
    public var lastBlobs: ArraySlice<Blob> { blobs.blobs[0..<blobs.blobCount] }
    public var backgroundGain: Float { background.gain }
    /// The learnt course (read only: the timing measures a bumped view's shift against the first one).
    public var learntBackground: BackgroundModel { background }
    /// The shifted-view test's counts of the last frame and whether it waits a change out (bench trace).
    public var cameraShiftTrace: String {
        let c = shift.counts
        return "shift \(c.foreground)/\(c.explained)/\(c.tiles) fresh \(c.fresh)/\(c.freshExplained)/\(c.freshTiles)"
            + " all \(c.all)/\(c.allExplained)/\(c.allTiles) moving \(Int(100 * c.moving))"
            + (shift.isSuspect(at: lastTime) ? " SUSPECT" : "")
    }
    /// Whether the light is measured tile by tile this frame (`LocalLight`: a cloud's shadow).
    public var usesLocalLight: Bool { light.isActive }
    /// How well riders can be seen on the learnt course (nil while calibrating): computed on
    /// demand, for the log when the course becomes ready.
    public var visibility: VisibilityMargin? { phase == .ready ? VisibilityMargin(background: background, settings: settings,
                                                                                        block: gridBlock) : nil }
    /// Everyone the tracker follows now (allocates: logs and diagnostics only).
    public var trackSummaries: [RiderTracker.TrackSummary] { tracker.summaries }

    /// The light field's gains, one tile row a line (hundredths: raw median/smoothed), the median
    /// gain, and every fourth column's ratio of current to learnt luma in the middle row of each
    /// tile row; empty while the field is off. Allocates: diagnostics only.
    public var lightTiles: String {
        guard light.isActive else { return "" }
        var text = "  median \(Int((100 * light.medianGain).rounded())) global \(Int((100 * background.gain).rounded()))"
        let means = background.mean
        for ty in 0..<light.tileRows {
            text += "\n  row \(ty):"
            for tx in 0..<light.tileColumns {
                let k = ty * light.tileColumns + tx
                text += " \(Int((100 * light.raw[k]).rounded()))/\(Int((100 * light.gains[k]).rounded()))"
            }
            let y = min(light.rows - 1, ty * LocalLight.tileHeight + LocalLight.tileHeight / 2)
            text += "\n     mid:"
            var x = 0
            while x < light.columns {
                let i = y * light.columns + x
                text += " \(means[i] > 8 ? Int((100 * cells[i] / means[i]).rounded()) : -1)"
                x += 4
            }
        }
        return text
    }
}
