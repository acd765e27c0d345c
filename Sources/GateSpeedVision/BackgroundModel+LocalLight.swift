extension BackgroundModel {
    /// Classifies `cells` into `mask` (1 = foreground) under the light field `light` instead of
    /// the global gain, and updates the model; returns the fraction of cells that are foreground.
    ///
    /// A cell is background when its value lies within its threshold of its learnt value times
    /// some gain of its tile's range (`LocalLight.low`…`high`) or of its column's
    /// (`LocalLightColumns.low`…`high`); a background cell follows the course at the gain that
    /// explained it; where both ranges are even its difference from the course at its column's
    /// range is pooled evidence (`addPooledEvidence`), elsewhere none; the foreground rules
    /// (since when, absorbed after `staticAbsorbSeconds`) are those of
    /// `classify(cells:previousMask:mask:time:step:settings:)`. Cell by cell: this runs only
    /// while the light changes over part of the view.
    ///
    /// - Parameters:
    ///   - time: source time of the frame, seconds.
    ///   - step: seconds since the previous frame (for the update rate).
    mutating func classify(cells: UnsafePointer<Float>, mask: UnsafeMutablePointer<UInt8>, time: Double, step: Double,
                           settings: VisionSettings, light: LocalLight) -> Double {
        let n = cellCount, columns = light.columns
        guard n == light.columns * light.rows else { return 0 }
        let rate = Self.updateRate(step: step, settings: settings)
        let absorbAfter = settings.staticAbsorbSeconds
        let even = settings.localLightSpread, columnsExplain = light.columnsExplain
        var foregroundCount = 0
        gain = light.medianGain
        mean.withUnsafeMutableBufferPointer { meanBuffer in
        threshold.withUnsafeBufferPointer { thresholdBuffer in
        foregroundSince.withUnsafeMutableBufferPointer { sinceBuffer in
        foreground.withUnsafeMutableBufferPointer { foregroundBuffer in
        light.gains.withUnsafeBufferPointer { gainsBuffer in
        light.low.withUnsafeBufferPointer { lowBuffer in
        light.high.withUnsafeBufferPointer { highBuffer in
        light.fine.low.withUnsafeBufferPointer { fineLowBuffer in
        light.fine.high.withUnsafeBufferPointer { fineHighBuffer in
        light.fine.gains.withUnsafeBufferPointer { fineGainsBuffer in
        residual.withUnsafeMutableBufferPointer { residualBuffer in
            let residual = residualBuffer.baseAddress!
            let mean = meanBuffer.baseAddress!, threshold = thresholdBuffer.baseAddress!
            let since = sinceBuffer.baseAddress!, isForeground = foregroundBuffer.baseAddress!
            let gains = gainsBuffer.baseAddress!, low = lowBuffer.baseAddress!, high = highBuffer.baseAddress!
            let fineLow = fineLowBuffer.baseAddress!, fineHigh = fineHighBuffer.baseAddress!
            let fineGains = fineGainsBuffer.baseAddress!
            for y in 0..<(n / columns) {
                let fineRow = (y / LocalLight.tileHeight) &* columns
                for x in 0..<columns {
                    let i = y &* columns &+ x, f = fineRow &+ x, tile = light.tile(x: x, y: y)
                    let m = mean[i], c = cells[i]
                    // The tile's range (the light around the cell), then its column's (a band of light
                    // narrower than the tiles' smoothing keeps).
                    let lo = low[tile], hi = high[tile]
                    let expected = min(max(c, lo * m), hi * m)
                    let columnLow = fineLow[f], columnHigh = fineHigh[f]
                    let columnExpected = min(max(c, columnLow * m), columnHigh * m)
                    let byTile = abs(c - expected) <= threshold[i] * max(1, hi)
                    if !byTile && !(columnsExplain && abs(c - columnExpected) <= threshold[i] * max(1, columnHigh)) {
                        let g = max(0.25, gains[tile])
                        mask[i] = 1
                        residual[i] = 0
                        foregroundCount &+= 1
                        if isForeground[i] == 0 {
                            isForeground[i] = 1
                            since[i] = time
                        } else if time - since[i] > absorbAfter {
                            mean[i] = c / g   // a long-static object becomes scenery
                            isForeground[i] = 0
                        }
                    } else {
                        mask[i] = 0
                        // Within a range of gains counts as no difference, and where the light is
                        // uneven around the cell (a shadow's edge) nothing is evidence: the light's own
                        // unevenness is never pooled into evidence.
                        let g = max(0.25, byTile ? gains[tile] : fineGains[f])
                        let isEven = hi - lo <= even * hi && columnHigh - columnLow <= even * columnHigh
                        residual[i] = isEven ? c - columnExpected : 0
                        isForeground[i] = 0
                        mean[i] = m + rate * (c / g - m)
                    }
                }
            }
        }}}}}}}}}}}
        return Double(foregroundCount) / Double(max(1, n))
    }

    /// Calls `body` with the learnt means and this frame's foreground flags, without copying.
    func withMeansPointer<R>(_ body: (UnsafePointer<Float>) -> R) -> R {
        mean.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
