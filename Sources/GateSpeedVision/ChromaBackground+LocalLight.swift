extension ChromaBackground {
    /// `refine(blue:red:mask:gain:time:rate:settings:)` under the light field `light` instead of
    /// one gain: a colour cell's expected departure from grey is its learnt one times some gain
    /// of the range the luma test allows at its top-left luma cell (`LocalLightColumns`), and it
    /// follows the course at that cell's gain. A cloud's shade darkens a post's colour with the
    /// ground under it, not with the view's median gain. Cell by cell: this runs only while the
    /// light changes over part of the view. Returns the luma cells added to `mask`.
    mutating func refine(blue: [Float], red: [Float], mask: inout [UInt8], light: LocalLight, time: Double,
                         rate: Float, settings: VisionSettings) -> Int {
        var added = 0
        let absorbAfter = settings.staticAbsorbSeconds
        let columns = self.columns, rows = self.rows, lumaColumns = self.lumaColumns, lumaRows = self.lumaRows
        guard cellCount > 0, mask.count >= lumaColumns * lumaRows, blue.count >= cellCount, red.count >= cellCount,
              light.columns == lumaColumns, light.rows == lumaRows else { return 0 }
        let fine = light.fine
        blue.withUnsafeBufferPointer { blueBuffer in
        red.withUnsafeBufferPointer { redBuffer in
        mask.withUnsafeMutableBufferPointer { maskBuffer in
        meanBlue.withUnsafeMutableBufferPointer { meanBlueBuffer in
        meanRed.withUnsafeMutableBufferPointer { meanRedBuffer in
        threshold.withUnsafeBufferPointer { thresholdBuffer in
        foregroundSince.withUnsafeMutableBufferPointer { sinceBuffer in
        foreground.withUnsafeMutableBufferPointer { foregroundBuffer in
        fine.low.withUnsafeBufferPointer { lowBuffer in
        fine.high.withUnsafeBufferPointer { highBuffer in
        fine.gains.withUnsafeBufferPointer { gainsBuffer in
        light.low.withUnsafeBufferPointer { tileLowBuffer in
        light.high.withUnsafeBufferPointer { tileHighBuffer in
        light.gains.withUnsafeBufferPointer { tileGainsBuffer in
            let blue = blueBuffer.baseAddress!, red = redBuffer.baseAddress!, mask = maskBuffer.baseAddress!
            let meanBlue = meanBlueBuffer.baseAddress!, meanRed = meanRedBuffer.baseAddress!
            let threshold = thresholdBuffer.baseAddress!, since = sinceBuffer.baseAddress!
            let isForeground = foregroundBuffer.baseAddress!
            let low = lowBuffer.baseAddress!, high = highBuffer.baseAddress!, gains = gainsBuffer.baseAddress!
            let tileLow = tileLowBuffer.baseAddress!, tileHigh = tileHighBuffer.baseAddress!
            let tileGains = tileGainsBuffer.baseAddress!
            /// The departure from grey `value - 128` nearest `measured` among the learnt `learnt`
            /// times a gain between `lo` and `hi`.
            @inline(__always) func expected(_ learnt: Float, _ measured: Float, _ lo: Float, _ hi: Float) -> Float {
                let a = lo * (learnt - 128), b = hi * (learnt - 128)
                return 128 + min(max(measured - 128, min(a, b)), max(a, b))
            }
            for row in 0..<rows {
                for column in 0..<columns {
                    let i = row &* columns &+ column
                    let x = 2 &* column, y = 2 &* row
                    let f = (y / LocalLight.tileHeight) &* lumaColumns &+ x
                    let lo = max(0.25, low[f]), hi = max(0.25, high[f])
                    let tile = light.tile(x: x, y: y)
                    let m0 = y &* lumaColumns &+ x
                    let right = x &+ 1 < lumaColumns ? 1 : 0, down = y &+ 1 < lumaRows ? lumaColumns : 0
                    let m1 = m0 &+ right, m2 = m0 &+ down, m3 = m2 &+ right
                    // Explained by the tile's range of gains, as the luma test, or by the column's.
                    let tlo = max(0.25, tileLow[tile]), thi = max(0.25, tileHigh[tile])
                    let byTile = abs(blue[i] - expected(meanBlue[i], blue[i], tlo, thi))
                        + abs(red[i] - expected(meanRed[i], red[i], tlo, thi)) <= threshold[i]
                    let byColumn = light.columnsExplain && abs(blue[i] - expected(meanBlue[i], blue[i], lo, hi))
                        + abs(red[i] - expected(meanRed[i], red[i], lo, hi)) <= threshold[i]
                    let g = max(0.25, byTile || !byColumn ? tileGains[tile] : gains[f])
                    if !byTile && !byColumn {
                        if mask[m0] == 0 { mask[m0] = 1; added += 1 }
                        if mask[m1] == 0 { mask[m1] = 1; added += 1 }
                        if mask[m2] == 0 { mask[m2] = 1; added += 1 }
                        if mask[m3] == 0 { mask[m3] = 1; added += 1 }
                        if isForeground[i] == 0 {
                            isForeground[i] = 1
                            since[i] = time
                        } else if time - since[i] > absorbAfter {
                            meanBlue[i] = 128 + (blue[i] - 128) / g
                            meanRed[i] = 128 + (red[i] - 128) / g
                            isForeground[i] = 0
                        }
                    } else {
                        isForeground[i] = 0
                        if mask[m0] | mask[m1] | mask[m2] | mask[m3] == 0 {
                            meanBlue[i] += rate * (128 + (blue[i] - 128) / g - meanBlue[i])
                            meanRed[i] += rate * (128 + (red[i] - 128) / g - meanRed[i])
                        }
                    }
                }
            }
        }}}}}}}}}}}}}}
        return added
    }
}
