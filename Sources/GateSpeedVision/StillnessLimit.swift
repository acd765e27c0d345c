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

    /// Counts the cells of two frames that moved by more than `noiseLimit` plus `shake` times the
    /// smaller texture of the two frames (a moving person's own edges must not excuse the change
    /// their movement makes: the leading edge has plain background last frame), and the restless
    /// ones (`restlessness` above a tenth), which do not count as moved; every cell's
    /// restlessness follows its moves at `rate`.
    static func countChanges(_ cells: UnsafePointer<Float>, _ previous: UnsafePointer<Float>,
                             texture: UnsafePointer<Float>, previousTexture: UnsafePointer<Float>,
                             restlessness: UnsafeMutablePointer<Float>, count n: Int, noiseLimit: Float,
                             shake: Float, rate: Float) -> (changed: Int, restless: Int) {
        var changed = 0, restless = 0
        @inline(__always) func judge(_ i: Int) {
            let moved = abs(cells[i] - previous[i]) > noiseLimit + shake * min(texture[i], previousTexture[i])
            if restlessness[i] > 0.1 {
                restless += 1
            } else if moved {
                changed += 1
            }
            restlessness[i] += rate * ((moved ? 1 : 0) - restlessness[i])
        }
        // Eight cells at a time, lane by lane the operations of `judge` (the counts as lanes of
        // -1 subtracted).
        var changedLanes = SIMD8<Int32>.zero, restlessLanes = SIMD8<Int32>.zero
        let one = SIMD8<Float>(repeating: 1), tenth = SIMD8<Float>(repeating: 0.1)
        var i = 0
        while i &+ 8 <= n {
            let d = (load8(cells, i) - load8(previous, i)).magnitudes
            let t = load8(texture, i), pt = load8(previousTexture, i)
            let moved = d .> noiseLimit + shake * t.replacing(with: pt, where: pt .< t)
            let r = load8(restlessness, i)
            let isRestless = r .> tenth
            restlessLanes &-= unsafeBitCast(isRestless, to: SIMD8<Int32>.self)
            changedLanes &-= unsafeBitCast(moved .& .!isRestless, to: SIMD8<Int32>.self)
            let movedValue = SIMD8<Float>.zero.replacing(with: one, where: moved)
            store8(r + rate * (movedValue - r), restlessness, i)
            i &+= 8
        }
        changed = Int(changedLanes.wrappedSum())
        restless = Int(restlessLanes.wrappedSum())
        while i < n { judge(i); i &+= 1 }
        return (changed, restless)
    }

    /// `stillnessLimit` then `countChanges`, in one pass over the cells when the limit is the
    /// minimum contrast (nearly always): the quiet cells are counted while the changes are judged
    /// against the minimum contrast, the restlessness going to `updated`. When the count shows the
    /// limit is higher, the histogram gives it and `countChanges` judges again, in place on
    /// `restlessness`, which the first pass left alone. The same results as the two calls, each
    /// value from the same operations; `inUpdated`: the new restlessness is in `updated`.
    static func stillnessAndChanges(_ cells: UnsafePointer<Float>, _ previous: UnsafePointer<Float>,
                                    texture: UnsafePointer<Float>, previousTexture: UnsafePointer<Float>,
                                    restlessness: UnsafeMutablePointer<Float>, updated: UnsafeMutablePointer<Float>,
                                    count n: Int, minimumContrast: Float, shake: Float, rate: Float,
                                    histogram: inout LevelHistogram)
        -> (noiseLimit: Float, changed: Int, restless: Int, inUpdated: Bool) {
        var quietBins = 0
        while quietBins < 256 && max(minimumContrast, 5.9 * (Float(quietBins) * 0.25) + 1) == minimumContrast {
            quietBins += 1
        }
        if quietBins > 0 && quietBins < 256 && n > 0 {
            // d * 4 < quietBins exactly when d < quietBins / 4 (both scalings by four are exact).
            let quarterBound = SIMD8<Float>(repeating: Float(quietBins) * 0.25)
            let limit = minimumContrast
            // The counts as lanes of -1 added, the two halves of each mask summed first (fewer
            // registers held across the loop).
            var quietLanes = SIMD4<Int32>.zero, changedLanes = SIMD4<Int32>.zero, restlessLanes = SIMD4<Int32>.zero
            let one = SIMD8<Float>(repeating: 1), tenth = SIMD8<Float>(repeating: 0.1)
            @inline(__always) func halves(_ m: SIMD8<Int32>) -> SIMD4<Int32> { m.lowHalf &+ m.highHalf }
            var i = 0
            while i &+ 8 <= n {
                let d = (load8(cells, i) - load8(previous, i)).magnitudes
                quietLanes &+= halves(unsafeBitCast(d .< quarterBound, to: SIMD8<Int32>.self))
                let t = load8(texture, i), pt = load8(previousTexture, i)
                let moved = d .> limit + shake * t.replacing(with: pt, where: pt .< t)
                let r = load8(restlessness, i)
                // The masks as lanes of -1 (true) or 0: the changed ones are moved and not restless.
                let restlessMask = unsafeBitCast(r .> tenth, to: SIMD8<Int32>.self)
                let movedMask = unsafeBitCast(moved, to: SIMD8<Int32>.self)
                restlessLanes &+= halves(restlessMask)
                changedLanes &+= halves(movedMask & ~restlessMask)
                let movedValue = SIMD8<Float>.zero.replacing(with: one, where: moved)
                store8(r + rate * (movedValue - r), updated, i)
                i &+= 8
            }
            var quiet = -Int(quietLanes.wrappedSum())
            var changed = -Int(changedLanes.wrappedSum()), restless = -Int(restlessLanes.wrappedSum())
            while i < n {
                let d = abs(cells[i] - previous[i])
                if d * 4 < Float(quietBins) { quiet += 1 }
                let moved = d > limit + shake * min(texture[i], previousTexture[i])
                let r = restlessness[i]
                if r > 0.1 {
                    restless += 1
                } else if moved {
                    changed += 1
                }
                updated[i] = r + rate * ((moved ? 1 : 0) - r)
                i &+= 1
            }
            if quiet * 2 >= n { return (limit, changed, restless, true) }
        }
        let noiseLimit = stillnessLimit(cells, previous, count: n, minimumContrast: minimumContrast, histogram: &histogram)
        let counts = countChanges(cells, previous, texture: texture, previousTexture: previousTexture,
                                  restlessness: restlessness, count: n, noiseLimit: noiseLimit, shake: shake, rate: rate)
        return (noiseLimit, counts.changed, counts.restless, false)
    }

    /// Bands across the view for the test of a change spread everywhere (`changeIsSpread`).
    static let spreadBands = 8
    /// Of those, how many must each hold at least half their even share of the changed cells.
    static let spreadBandsNeeded = 6

    /// Whether the calm cells that moved between two frames (the test of `countChanges`, on a
    /// `columns`-wide grid) lie all across the view: in at least `spreadBandsNeeded` of
    /// `spreadBands` vertical bands, each holding half its even share of them or more. A shaken
    /// camera moves every edge of the view at once (posts, treeline, fence); a person, however
    /// close, changes the few bands they stand in. Called only for a moving frame that could be
    /// forgiven.
    static func changeIsSpread(_ cells: UnsafePointer<Float>, _ previous: UnsafePointer<Float>,
                               texture: UnsafePointer<Float>, previousTexture: UnsafePointer<Float>,
                               restlessness: UnsafePointer<Float>, columns: Int, count n: Int, noiseLimit: Float,
                               shake: Float) -> Bool {
        guard columns >= spreadBands else { return false }
        var bands = (0, 0, 0, 0, 0, 0, 0, 0)
        var total = 0
        let tenth = SIMD8<Float>(repeating: 0.1)
        withUnsafeMutableBytes(of: &bands) { raw in
            let counts = raw.baseAddress!.assumingMemoryBound(to: Int.self)
            // Band b holds the columns x with x * spreadBands / columns == b; eight cells at a
            // time within it, the counts as lanes of -1 subtracted.
            for band in 0..<spreadBands {
                let x0 = (band &* columns &+ spreadBands &- 1) / spreadBands
                let x1 = ((band &+ 1) &* columns &+ spreadBands &- 1) / spreadBands
                var lanes = SIMD8<Int32>.zero, rest = 0
                var row = 0
                while row &+ columns <= n {
                    var i = row &+ x0
                    let end = row &+ x1
                    while i &+ 8 <= end {
                        let d = (load8(cells, i) - load8(previous, i)).magnitudes
                        let t = load8(texture, i), pt = load8(previousTexture, i)
                        let moved = d .> noiseLimit + shake * t.replacing(with: pt, where: pt .< t)
                        lanes &-= unsafeBitCast(moved .& .!(load8(restlessness, i) .> tenth), to: SIMD8<Int32>.self)
                        i &+= 8
                    }
                    while i < end {
                        if restlessness[i] <= 0.1,
                           abs(cells[i] - previous[i]) > noiseLimit + shake * min(texture[i], previousTexture[i]) {
                            rest &+= 1
                        }
                        i &+= 1
                    }
                    row &+= columns
                }
                counts[band] = Int(lanes.wrappedSum()) &+ rest
                total &+= counts[band]
            }
        }
        guard total > 0 else { return false }
        var spread = 0
        withUnsafeBytes(of: bands) { raw in
            let counts = raw.baseAddress!.assumingMemoryBound(to: Int.self)
            for band in 0..<spreadBands where counts[band] &* spreadBands &* 2 >= total { spread &+= 1 }
        }
        return spread >= spreadBandsNeeded
    }
}
