extension RiderDetector {
    /// The change (luma levels) above which a cell moved between two frames, from the noise of
    /// the pair: `max(minimumContrast, 5.9 x median |difference| + 1)`, the median to a quarter
    /// level (for Gaussian noise, median |difference| = 0.674 sigma; 4 sigma = 5.9 medians).
    ///
    /// When at least half the differences fall in the quiet bins (those whose median would not
    /// lift the limit above the minimum contrast), the limit is the minimum contrast: nearly
    /// always, and known from one counting pass the compiler vectorises; only otherwise is the
    /// histogram built.
    static func stillnessLimit(_ cells: UnsafePointer<Float>, _ previous: UnsafePointer<Float>, count n: Int,
                               minimumContrast: Float, histogram: inout LevelHistogram) -> Float {
        var quietBins = 0
        while quietBins < 256 && max(minimumContrast, 5.9 * (Float(quietBins) * 0.25) + 1) == minimumContrast {
            quietBins += 1
        }
        if quietBins == 256 { return minimumContrast }   // no median can lift it
        var quiet = 0
        if quietBins > 0 {
            // The bin of a difference d is Int(d * 4), so it is quiet when d * 4 < quietBins.
            let bound = SIMD8<Float>(repeating: Float(quietBins)), four = SIMD8<Float>(repeating: 4)
            var lanes = SIMD8<Int32>.zero
            var i = 0
            while i &+ 8 <= n {
                lanes &-= unsafeBitCast((load8(cells, i) - load8(previous, i)).magnitudes * four .< bound, to: SIMD8<Int32>.self)
                i &+= 8
            }
            quiet = Int(lanes.wrappedSum())
            while i < n {
                if abs(cells[i] - previous[i]) * 4 < Float(quietBins) { quiet += 1 }
                i &+= 1
            }
        }
        if n > 0 && quiet * 2 >= n { return minimumContrast }
        histogram.clear()
        histogram.addDifferences(cells, previous, count: n)
        return max(minimumContrast, 5.9 * histogram.median + 1)
    }
}
