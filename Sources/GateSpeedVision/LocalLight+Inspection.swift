/// The light field read from outside the frame path (the bench's light trace).
extension RiderDetector {
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
