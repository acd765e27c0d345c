import GateSpeedFrames

/// The learnt colour of the empty course, one chroma pair per grid cell, used beside the
/// luma model: a rider whose brightness matches the ground (a red jacket on green grass,
/// both mid-grey in luma) still differs in colour.
///
/// Chroma values are 0-255 with 128 meaning no colour. A shadow darkens but hardly changes
/// colour, so this test adds riders without adding shadows. Under a global light change
/// the colour's distance from neutral scales with the gain, as a camera's does.
///
/// Colour is kept at half the luma grid's resolution in each direction: colour cell
/// `(column, row)` covers luma cells `2 column ..< 2 column + 2` by `2 row ..< 2 row + 2` (one
/// column or row of them at an odd edge), about the native detail of 4:2:0 chroma planes, for a
/// quarter of the work. A colour cell that departs marks the luma cells it covers.
public struct ChromaBackground: Sendable {
    /// Colour cells: `columns x rows`, each over 2 x 2 luma cells.
    public let cellCount: Int
    /// Colour cells across and down (half the luma grid's, rounded up).
    public let columns: Int
    public let rows: Int
    /// The luma grid's size, which `refine`'s mask has.
    public let lumaColumns: Int
    public let lumaRows: Int
    var meanBlue: [Float]
    var meanRed: [Float]
    /// L1 colour distance above which a cell is foreground.
    var threshold: [Float]
    /// Source time since which each cell's colour has departed without a break, where
    /// `foreground` is 1 (elsewhere stale).
    var foregroundSince: [Double]
    /// 1 where the cell's colour has departed since `foregroundSince`, 0 elsewhere.
    var foreground: [UInt8]
    /// Scratch for `refine`: the groups of eight cells left to the cell-by-cell rule.
    private var pending: [Int32]
    private var sumBlue: [Float]
    private var sumRed: [Float]
    private var sumOfSquares: [Float]
    /// Scratch for `accumulate(blue:red:grid:)`: one colour row's blue bytes, then its red.
    private var rowBytes: [UInt8]
    private var learnedFrames = 0

    /// For a luma grid of `lumaColumns x lumaRows` cells.
    public init(lumaColumns: Int, lumaRows: Int) {
        self.lumaColumns = max(0, lumaColumns)
        self.lumaRows = max(0, lumaRows)
        columns = (self.lumaColumns + 1) / 2
        rows = (self.lumaRows + 1) / 2
        let cellCount = columns * rows
        self.cellCount = cellCount
        func zeros() -> [Float] { [Float](repeating: 0, count: cellCount) }
        meanBlue = zeros(); meanRed = zeros(); sumBlue = zeros(); sumRed = zeros(); sumOfSquares = zeros()
        threshold = [Float](repeating: 255, count: cellCount)
        foregroundSince = [Double](repeating: -.infinity, count: cellCount)
        foreground = [UInt8](repeating: 0, count: cellCount)
        pending = [Int32](repeating: 0, count: cellCount / 8 + 1)
        rowBytes = [UInt8](repeating: 0, count: 2 * columns)
    }

    /// Forgets what is being learnt. (The accumulators are cleared by the first frame added.)
    public mutating func beginLearning() {
        learnedFrames = 0
        foreground.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
    }

    /// Counts one more learning frame; the first clears the sums (`beginLearning` leaves them).
    private mutating func beginFrame() {
        if learnedFrames == 0 {
            for i in 0..<cellCount { sumBlue[i] = 0; sumRed[i] = 0; sumOfSquares[i] = 0 }
        }
        learnedFrames += 1
    }

    /// Adds one still frame's colour cells, sampled as floats: the cell-by-cell rule that
    /// `accumulate(blue:red:grid:)`, which the detector learns with, matches bit for bit.
    public mutating func accumulate(blue: [Float], red: [Float]) {
        beginFrame()
        let n = cellCount
        blue.withUnsafeBufferPointer { blue in
            red.withUnsafeBufferPointer { red in
                sumBlue.withUnsafeMutableBufferPointer { sumBlue in
                    sumRed.withUnsafeMutableBufferPointer { sumRed in
                        sumOfSquares.withUnsafeMutableBufferPointer { sumOfSquares in
                            let b = blue.baseAddress!, r = red.baseAddress!
                            let sb = sumBlue.baseAddress!, sr = sumRed.baseAddress!, sq = sumOfSquares.baseAddress!
                            for i in 0..<n {
                                sb[i] += b[i]; sr[i] += r[i]
                                sq[i] += b[i] * b[i] + r[i] * r[i]
                            }
                        }
                    }
                }
            }
        }
    }

    /// `accumulate(blue:red:)` of the colour cells `grid` samples from `bluePlane` and `redPlane`:
    /// the same sums, bit for bit, with no colour cells written as floats in between. A row at a
    /// time, the cells' bytes are gathered (`rowBytes`), then added sixteen at a time as floats,
    /// lane by lane as the cell-by-cell rule adds them. `grid.prepareChroma(for:)` first.
    public mutating func accumulate(blue bluePlane: Plane, red redPlane: Plane, grid: AnalysisGrid) {
        guard grid.chromaColumns == columns && grid.chromaRows == rows else { return }
        beginFrame()
        let columns = self.columns
        rowBytes.withUnsafeMutableBufferPointer { rowBytes in
        sumBlue.withUnsafeMutableBufferPointer { sumBlue in
        sumRed.withUnsafeMutableBufferPointer { sumRed in
        sumOfSquares.withUnsafeMutableBufferPointer { sumOfSquares in
            let sb = sumBlue.baseAddress!, sr = sumRed.baseAddress!, sq = sumOfSquares.baseAddress!
            let blueBytes = rowBytes.baseAddress!, redBytes = blueBytes + columns
            grid.forEachChromaRow(blue: bluePlane, red: redPlane) { row, blueRow, redRow, table in
                let at = row &* columns
                Self.gatherBytes(blueRow, redRow, table: table, count: columns, into: blueBytes, redBytes)
                Self.accumulateBytes(blueBytes, redBytes, count: columns, sumBlue: sb + at, sumRed: sr + at,
                                     sumOfSquares: sq + at)
            }
        }}}}
    }

    /// `blue[k] = blueRow[table[k]]`, `red[k] = redRow[table[k]]` for `count` cells.
    @inline(__always)
    static func gatherBytes(_ blueRow: UnsafePointer<UInt8>, _ redRow: UnsafePointer<UInt8>, table: UnsafePointer<Int32>,
                            count: Int, into blue: UnsafeMutablePointer<UInt8>, _ red: UnsafeMutablePointer<UInt8>) {
        var k = 0
        while k &+ 8 <= count {
            var j = 0
            while j < 8 { let o = Int(table[k &+ j]); blue[k &+ j] = blueRow[o]; red[k &+ j] = redRow[o]; j &+= 1 }
            k &+= 8
        }
        while k < count { let o = Int(table[k]); blue[k] = blueRow[o]; red[k] = redRow[o]; k &+= 1 }
    }

    /// `sumBlue[k] += b`, `sumRed[k] += r`, `sumOfSquares[k] += b * b + r * r` for the bytes
    /// `b = blue[k]`, `r = red[k]` (as floats) of `count` cells: sixteen at a time, then one by one.
    @inline(__always)
    static func accumulateBytes(_ blue: UnsafePointer<UInt8>, _ red: UnsafePointer<UInt8>, count: Int,
                                sumBlue: UnsafeMutablePointer<Float>, sumRed: UnsafeMutablePointer<Float>,
                                sumOfSquares: UnsafeMutablePointer<Float>) {
        @inline(__always) func add(_ b: SIMD8<Float>, _ r: SIMD8<Float>, _ k: Int) {
            store8(load8(sumBlue, k) + b, sumBlue, k)
            store8(load8(sumRed, k) + r, sumRed, k)
            store8(load8(sumOfSquares, k) + (b * b + r * r), sumOfSquares, k)
        }
        var k = 0
        while k &+ 16 <= count {
            let b = AnalysisGrid.widened(AnalysisGrid.load16(blue, k)), r = AnalysisGrid.widened(AnalysisGrid.load16(red, k))
            add(floats(b.lowHalf), floats(r.lowHalf), k)
            add(floats(b.highHalf), floats(r.highHalf), k &+ 8)
            k &+= 16
        }
        while k < count {
            let b = Float(blue[k]), r = Float(red[k])
            sumBlue[k] += b; sumRed[k] += r
            sumOfSquares[k] += b * b + r * r
            k &+= 1
        }
    }

    public mutating func finishLearning(settings: VisionSettings) {
        guard learnedFrames > 0 else { return }
        let n = Float(learnedFrames)
        var histogram = LevelHistogram()
        for i in 0..<cellCount {
            let b = sumBlue[i] / n, r = sumRed[i] / n
            meanBlue[i] = b; meanRed[i] = r
            threshold[i] = max(0, sumOfSquares[i] / n - b * b - r * r).squareRoot()
            histogram.add(threshold[i])
        }
        let floor = histogram.median
        for i in 0..<cellCount {
            // The L1 distance of two channels is about 1.6 times one channel's deviation.
            threshold[i] = max(settings.minimumColourContrast, settings.noiseDeviations * 1.6 * max(threshold[i], floor))
            foreground[i] = 0
        }
    }

    /// Marks in `mask` (the luma grid's, `lumaColumns x lumaRows`) the luma cells that luma left
    /// as background but whose colour cell departs from the course, updates the colour of the
    /// colour cells whose luma cells are all background, and returns how many cells it added.
    /// `blue` and `red` hold the colour cells (`cellCount`).
    ///
    /// Eight colour cells at a time: a group whose colour matches the course and whose sixteen by
    /// two luma cells luma left as background (nearly every group) is updated with vector
    /// arithmetic, lane by lane the same operations as the cell-by-cell rule, which any other
    /// group, and the cells past a row's last whole group, go through.
    public mutating func refine(blue: [Float], red: [Float], mask: inout [UInt8],
                                gain: Float, time: Double, rate: Float, settings: VisionSettings) -> Int {
        guard blue.count >= cellCount, red.count >= cellCount else { return 0 }
        return blue.withUnsafeBufferPointer { b in red.withUnsafeBufferPointer { r in
            refine(blue: FloatChromaCells(base: b.baseAddress!), red: FloatChromaCells(base: r.baseAddress!),
                   mask: &mask, gain: gain, time: time, rate: rate, settings: settings)
        }}
    }

    /// `refine(blue:red:mask:gain:time:rate:settings:)` of the colour cells' bytes as sampled
    /// (`AnalysisGrid.sampleChromaBytes`): the same, bit for bit, without the cells as floats.
    mutating func refine(blueBytes: [UInt8], redBytes: [UInt8], mask: inout [UInt8],
                         gain: Float, time: Double, rate: Float, settings: VisionSettings) -> Int {
        guard blueBytes.count >= cellCount, redBytes.count >= cellCount else { return 0 }
        return blueBytes.withUnsafeBufferPointer { b in redBytes.withUnsafeBufferPointer { r in
            refine(blue: ByteChromaCells(base: b.baseAddress!), red: ByteChromaCells(base: r.baseAddress!),
                   mask: &mask, gain: gain, time: time, rate: rate, settings: settings)
        }}
    }

    /// The rule of `refine(blue:red:mask:gain:time:rate:settings:)` over `cellCount` cells of each plane.
    @inline(__always)
    private mutating func refine<Cells: ChromaCells>(blue: Cells, red: Cells, mask: inout [UInt8],
                                                     gain: Float, time: Double, rate: Float,
                                                     settings: VisionSettings) -> Int {
        var added = 0
        let absorbAfter = settings.staticAbsorbSeconds
        let g = max(0.25, gain)
        let columns = self.columns, rows = self.rows, lumaColumns = self.lumaColumns, lumaRows = self.lumaRows
        guard cellCount > 0, mask.count >= lumaColumns * lumaRows else { return 0 }
        mask.withUnsafeMutableBufferPointer { maskBuffer in
        meanBlue.withUnsafeMutableBufferPointer { meanBlueBuffer in
        meanRed.withUnsafeMutableBufferPointer { meanRedBuffer in
        threshold.withUnsafeBufferPointer { thresholdBuffer in
        foregroundSince.withUnsafeMutableBufferPointer { sinceBuffer in
        foreground.withUnsafeMutableBufferPointer { foregroundBuffer in
        pending.withUnsafeMutableBufferPointer { pendingBuffer in
            let pending = pendingBuffer.baseAddress!
            let mask = maskBuffer.baseAddress!
            let meanBlue = meanBlueBuffer.baseAddress!, meanRed = meanRedBuffer.baseAddress!
            let threshold = thresholdBuffer.baseAddress!, since = sinceBuffer.baseAddress!
            let isForeground = foregroundBuffer.baseAddress!

            /// The rule for colour cell `i` at `(column, row)`.
            @inline(__always) func refineOne(_ i: Int, _ column: Int, _ row: Int) {
                // Its luma cells: the top-left one, and steps right and down (0 at an odd edge).
                let x = 2 &* column, y = 2 &* row
                let m0 = y &* lumaColumns &+ x
                let right = x &+ 1 < lumaColumns ? 1 : 0, down = y &+ 1 < lumaRows ? lumaColumns : 0
                let m1 = m0 &+ right, m2 = m0 &+ down, m3 = m2 &+ right
                let expectedBlue = 128 + g * (meanBlue[i] - 128), expectedRed = 128 + g * (meanRed[i] - 128)
                let blueValue = blue.value(at: i), redValue = red.value(at: i)
                let distance = abs(blueValue - expectedBlue) + abs(redValue - expectedRed)
                if distance > threshold[i] {
                    if mask[m0] == 0 { mask[m0] = 1; added += 1 }
                    if mask[m1] == 0 { mask[m1] = 1; added += 1 }
                    if mask[m2] == 0 { mask[m2] = 1; added += 1 }
                    if mask[m3] == 0 { mask[m3] = 1; added += 1 }
                    if isForeground[i] == 0 {
                        isForeground[i] = 1
                        since[i] = time
                    } else if time - since[i] > absorbAfter {
                        meanBlue[i] = 128 + (blueValue - 128) / g
                        meanRed[i] = 128 + (redValue - 128) / g
                        isForeground[i] = 0
                    }
                } else {
                    isForeground[i] = 0
                    if mask[m0] | mask[m1] | mask[m2] | mask[m3] == 0 {
                        meanBlue[i] += rate * (128 + (blueValue - 128) / g - meanBlue[i])
                        meanRed[i] += rate * (128 + (redValue - 128) / g - meanRed[i])
                    }
                }
            }

            // A group whose luma cells luma left as background and whose colour matches the course
            // gets the update of `refineOne`, lane by lane; the other groups are listed for it.
            // (Written out rather than through a shared helper taking closures: the closure is
            // not always inlined, and a call per group costs a third of the loop.)
            let maskIn = UnsafeRawPointer(mask), foregroundOut = UnsafeMutableRawPointer(isForeground)
            let rates = SIMD8<Float>(repeating: rate), gains = SIMD8<Float>(repeating: g)
            let neutral = SIMD8<Float>(repeating: 128)
            // Whole groups of a row: their sixteen luma columns lie inside the luma row.
            let groups = lumaColumns / 16
            var listed = 0
            var row = 0
            while row < rows {
                let rowStart = row &* columns
                let top = 2 &* row &* lumaColumns
                let bottom = 2 &* row &+ 1 < lumaRows ? top &+ lumaColumns : top
                var group = 0
                while group < groups {
                    let i = rowStart &+ 8 &* group, x = 16 &* group
                    var settled = false
                    let luma = maskIn.loadUnaligned(fromByteOffset: top &+ x, as: UInt64.self)
                        | maskIn.loadUnaligned(fromByteOffset: top &+ x &+ 8, as: UInt64.self)
                        | maskIn.loadUnaligned(fromByteOffset: bottom &+ x, as: UInt64.self)
                        | maskIn.loadUnaligned(fromByteOffset: bottom &+ x &+ 8, as: UInt64.self)
                    if luma == 0 {
                        let b = blue.values8(at: i), r = red.values8(at: i)
                        let mb = load8(meanBlue, i), mr = load8(meanRed, i)
                        let db = b - (neutral + gains * (mb - neutral)), dr = r - (neutral + gains * (mr - neutral))
                        if !anyLane(db.magnitudes + dr.magnitudes .> load8(threshold, i)) {
                            foregroundOut.storeBytes(of: UInt64(0), toByteOffset: i, as: UInt64.self)
                            store8(mb + rates * (neutral + (b - neutral) / gains - mb), meanBlue, i)
                            store8(mr + rates * (neutral + (r - neutral) / gains - mr), meanRed, i)
                            settled = true
                        }
                    }
                    if !settled {
                        pending[listed] = Int32(truncatingIfNeeded: i)
                        listed &+= 1
                    }
                    group &+= 1
                }
                var column = 8 &* groups
                while column < columns { refineOne(rowStart &+ column, column, row); column &+= 1 }
                row &+= 1
            }
            var k = 0
            while k < listed {
                let start = Int(pending[k])
                let row = start / columns, first = start &- row &* columns
                var j = 0
                while j < 8 { refineOne(start &+ j, first &+ j, row); j &+= 1 }
                k &+= 1
            }
        }}}}}}}
        return added
    }

    /// Learns the colour (`blue`, `red`, 0-255 at gain 1) in as the course at colour cell `index`
    /// at once: the chroma side of a ghost relearnt by `GhostRelearning`.
    mutating func absorb(at index: Int, blue: Float, red: Float) {
        meanBlue[index] = blue
        meanRed[index] = red
        foreground[index] = 0
    }

    /// The L1 colour distance (0-255 scale) above which colour cell `index` is foreground.
    func thresholdValue(at index: Int) -> Float { threshold[index] }

    /// The learnt colour of one cell and its threshold (for tests).
    func learntColour(at index: Int) -> (blue: Float, red: Float, threshold: Float) {
        (meanBlue[index], meanRed[index], threshold[index])
    }
}
