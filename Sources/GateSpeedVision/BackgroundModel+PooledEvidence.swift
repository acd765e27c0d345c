/// Foreground evidence pooled over blocks of cells: a rider whose clothes differ from the
/// ground by less than one cell's test can see (dusk, a grey jacket on grey gravel, a noisy
/// sensor) still differs by that much in every cell they cover, while noise does not agree
/// from cell to cell. A block of 2 x 4 cells (people are tall: it fits inside a rider two
/// cells wide) has about a third of one cell's noise.
///
/// - Evidence: each cell's signed difference from the course (`residual`), 0 where the cell's
///   own test already found foreground, so a clearly seen rider's blocks never widen them.
/// - Test: a block whose sum exceeds `pooledLimit` marks the 2 x 2 cells at its centre that the
///   cell test left as background, each where its own difference has the block's sign and is
///   at least `pooledCellDeviations` of its noise: noise alone seldom passes one block, and
///   never makes a person-sized region.
/// - Surround: the block must differ by as much from the mean of the blocks `pooledSurroundWidth`
///   of the view to its left and right: what the global gain leaves of a change of light (a
///   band of sky or trees a drift lights differently) is broad, a rider is narrow.
/// - Limit: `pooledNoiseDeviations` times the block's measured noise, never less than
///   `pooledContrastShare` of the contrast floor. The block's noise is that of the sum of its
///   cells' learnt deviations, times how much less than independent noise would the view's
///   noise actually falls over a block (noise correlated between neighbouring pixels, from a
///   codec or a denoiser, falls less), measured on the last learning frame. Blocks with a cell
///   far noisier than the view's median (an edge a shaking camera moves, whose changes agree
///   along the edge) are left out.
extension BackgroundModel {
    /// Rows of a block above and below its anchor row: rows y - 1 ... y + 2, columns x, x + 1.
    static let pooledRowsAbove = 1, pooledRowsBelow = 2

    /// The rows and columns (cells) of the anchors whose limit can be finite: a block, its
    /// neighbours along the slopes and the cell right of it all inside the view.
    static func pooledAnchors(columns: Int, rows: Int) -> (rows: Range<Int>, columns: Range<Int>) {
        (2..<(rows - 3), 1..<(columns - 2))
    }

    /// Sets `pooledLimit` for the course just learnt (after `finishLearning` and any relearnt
    /// cells). `latest`: the last learning frame's cells; `columns`: the grid's width;
    /// `shiftCells`: how far (cells) the camera may tremble, whose change along the course's
    /// slopes is no evidence.
    mutating func learnPooledLimits(columns: Int, latest: UnsafePointer<Float>, shiftCells: Float,
                                    settings: VisionSettings) {
        let n = cellCount
        for i in 0..<n { pooledLimit[i] = .infinity }
        pooledColumns = 0
        guard columns >= 6, n % columns == 0, n / columns >= 6 else { return }
        pooledColumns = columns
        let rows = n / columns
        let anchors = Self.pooledAnchors(columns: columns, rows: rows)
        func blockSum(_ i: Int, _ value: (Int) -> Float) -> Float {
            var sum: Float = 0
            for dy in -Self.pooledRowsAbove...Self.pooledRowsBelow {
                let k = i + dy * columns
                sum += value(k) + value(k + 1)
            }
            return sum
        }
        // How far the noise falls over a block: the median |difference| of two blocks four cells
        // apart in the last frame's differences from the course, against that of two cells four
        // apart (1 / sqrt(8) for independent noise). Differences of neighbours cancel what the
        // light changed smoothly since the window began.
        var cellHistogram = LevelHistogram(), blockHistogram = LevelHistogram(), noiseHistogram = LevelHistogram()
        let means = mean
        let difference = { (k: Int) in latest[k] - means[k] }
        for y in Self.pooledRowsAbove..<(rows - Self.pooledRowsBelow) {
            var x = 0
            while x + 5 < columns {
                let i = y * columns + x
                cellHistogram.add(4 * abs(difference(i) - difference(i + 4)))
                blockHistogram.add(4 * abs(blockSum(i, difference) - blockSum(i + 4, difference)) / 8)
                x += 4
            }
        }
        for i in 0..<n { noiseHistogram.add(noise[i]) }
        let cellMedian = cellHistogram.median, blockMedian = blockHistogram.median
        let independent = Float(8).squareRoot()
        let correlation = cellMedian > 0 ? min(independent, max(1, independent * blockMedian / cellMedian)) : independent
        let floor = settings.pooledContrastShare * Self.contrastFloor(means: mean, settings: settings)
        let noisy = settings.pooledNoisyCell * noiseHistogram.median
        let m = mean
        for y in anchors.rows {
            for x in anchors.columns {
                let i = y * columns + x
                var variance: Float = 0, largest: Float = 0, slopeX: Float = 0, slopeY: Float = 0
                for dy in -Self.pooledRowsAbove...Self.pooledRowsBelow {
                    let k = i + dy * columns
                    let a = noise[k], b = noise[k + 1]
                    variance += a * a + b * b
                    largest = max(largest, a, b)
                    slopeX += (m[k + 2] + m[k + 1] - m[k] - m[k - 1]) / 2
                }
                for j in i...(i + 1) {
                    slopeY += (m[j + 3 * columns] + m[j + 2 * columns] - m[j - columns] - m[j - 2 * columns]) / 2
                }
                guard largest <= noisy else { continue }
                // What a shift of the camera by `shiftCells` changes the block's sum by, on top of its noise.
                let shift = shiftCells * (abs(slopeX) + abs(slopeY))
                pooledLimit[i] = max(8 * floor, settings.pooledNoiseDeviations * correlation * variance.squareRoot() + shift)
            }
        }
    }

    /// Adds to `mask` the cells the pooled test finds (see the type's note) in this frame's
    /// `residual`; returns how many. `columns`: the grid's width (that of `learnPooledLimits`:
    /// limits learnt for another width are none). The cells found keep following the light as
    /// background cells do: evidence this faint that stays put fades into the course within
    /// seconds, and never feeds on itself.
    ///
    /// The screen runs down strips of eight anchors over the anchors whose limit can be finite
    /// (`pooledAnchors`), each row's pair sums added once and kept for the three rows below: the
    /// sums and their order are those of the exact test, so it lists every group of eight anchors
    /// by four rows with a block over its limit, and the exact test then goes through those
    /// anchors one by one.
    mutating func addPooledEvidence(mask: UnsafeMutablePointer<UInt8>, columns: Int, settings: VisionSettings) -> Int {
        let n = cellCount
        let above = Self.pooledRowsAbove, below = Self.pooledRowsBelow
        guard columns >= 6, n >= 6 * columns, isLearnt, columns == pooledColumns else { return 0 }
        let scale = max(1, gain)
        let cellDeviations = settings.pooledCellDeviations * scale
        let reach = max(4, Int((settings.pooledSurroundWidth * Float(columns)).rounded()))
        guard columns > 2 * reach + 4 else { return 0 }   // so a strip of eight fits in a row
        let anchors = Self.pooledAnchors(columns: columns, rows: n / columns)
        var added = 0
        residual.withUnsafeBufferPointer { residualBuffer in
        pooledLimit.withUnsafeBufferPointer { limitBuffer in
        noise.withUnsafeBufferPointer { noiseBuffer in
        pending.withUnsafeMutableBufferPointer { pendingBuffer in
            let r = residualBuffer.baseAddress!, limit = limitBuffer.baseAddress!
            let noise = noiseBuffer.baseAddress!, pending = pendingBuffer.baseAddress!
            // Each cell plus its right neighbour: within the row for every anchor and surround tested.
            @inline(__always) func pair8(_ i: Int) -> SIMD8<Float> { load8(r, i) + load8(r, i &+ 1) }
            @inline(__always) func block(_ i: Int) -> Float {
                var sum: Float = 0
                var k = i &- above &* columns
                while k <= i &+ below &* columns { sum += r[k] + r[k &+ 1]; k &+= columns }
                return sum
            }
            // Groups of eight anchors by four rows (fewer at a strip's end) with a block over the
            // limit; nearly every group has none. At most (columns + 4) / 8 strips of rows - 5
            // groups: fewer than `pending` holds.
            var listed = 0
            let stop = anchors.rows.upperBound &* columns
            @inline(__always) func screen(scaled: Bool) {
                let scales = SIMD8<Float>(repeating: scale)
                var x = anchors.columns.lowerBound
                while true {
                    let first = min(x, anchors.columns.upperBound &- 8)
                    var i = anchors.rows.lowerBound &* columns &+ first
                    @inline(__always) func over(_ sum: SIMD8<Float>, _ i: Int) -> SIMDMask<SIMD8<Int32>> {
                        sum.magnitudes .> (scaled ? load8(limit, i) * scales : load8(limit, i))
                    }
                    @inline(__always) func list(_ over: SIMDMask<SIMD8<Int32>>, _ i: Int) {
                        if anyLane(over) {
                            pending[listed] = Int32(truncatingIfNeeded: i)
                            listed &+= 1
                        }
                    }
                    var h0 = pair8(i &- columns), h1 = pair8(i), h2 = pair8(i &+ columns), h3: SIMD8<Float>
                    // Four rows a turn, the pair sums taking turns in the four names (no moves), listed
                    // as one group of four rows.
                    while i &+ 3 &* columns < stop {
                        h3 = pair8(i &+ 2 &* columns); var any = over(h0 + h1 + h2 + h3, i)
                        h0 = pair8(i &+ 3 &* columns); any .|= over(h1 + h2 + h3 + h0, i &+ columns)
                        h1 = pair8(i &+ 4 &* columns); any .|= over(h2 + h3 + h0 + h1, i &+ 2 &* columns)
                        h2 = pair8(i &+ 5 &* columns); any .|= over(h3 + h0 + h1 + h2, i &+ 3 &* columns)
                        list(any, i)
                        i &+= 4 &* columns
                    }
                    while i < stop {
                        h3 = pair8(i &+ 2 &* columns); list(over(h0 + h1 + h2 + h3, i), i)
                        h0 = h1; h1 = h2; h2 = h3
                        i &+= columns
                    }
                    if first &+ 8 >= anchors.columns.upperBound { break }
                    x &+= 8
                }
            }
            if scale == 1 { screen(scaled: false) } else { screen(scaled: true) }   // limit * 1 is the limit
            /// The exact test of the block at anchor `a`.
            @inline(__always) func test(_ a: Int) {
                let sum = block(a)
                guard abs(sum) > limit[a] * scale else { return }
                // Against the blocks `reach` cells to either side (the one inside the view
                // where the other is not): light the gain does not explain varies smoothly.
                let x = a % columns
                let left = x - reach >= 1 ? a &- reach : a &+ reach
                let right = x + reach < columns - 2 ? a &+ reach : a &- reach
                let contrast = sum - (block(left) + block(right)) / 2
                guard abs(contrast) > limit[a] * scale && contrast * sum > 0 else { return }
                // The 2 x 2 cells at the block's centre.
                var corner = 0
                while corner < 4 {
                    let j = a &+ (corner & 1) &+ (corner >> 1) &* columns
                    if mask[j] == 0 && (sum > 0 ? r[j] : -r[j]) >= cellDeviations * noise[j] {
                        mask[j] = 1
                        added &+= 1
                    }
                    corner &+= 1
                }
            }
            var k = 0
            while k < listed {
                // The group's rows (up to four, none past the anchors'), eight anchors each.
                let first = Int(pending[k])
                var row = first
                while row < min(first &+ 4 &* columns, stop) {
                    var a = row
                    while a < row &+ 8 { test(a); a &+= 1 }
                    row &+= columns
                }
                k &+= 1
            }
        }}}}
        return added
    }
}
