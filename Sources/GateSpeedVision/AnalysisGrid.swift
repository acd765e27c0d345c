import GateSpeedFrames

/// The reduced grid the detector works on, laid out in *view* coordinates.
///
/// Cell `(column, row)` covers the view rectangle
/// `[column / columns, (column + 1) / columns) x [row / rows, (row + 1) / rows)` (normalised,
/// top-left origin). Its value is the mean luma (0-255) of the `block` x `block` sensor pixels
/// centred on the cell's sampling point, found through `FrameGeometry`, so rotation, mirroring and
/// cropping cost nothing per frame: they are folded into tables of byte offsets built once per
/// size. The block is half as wide as the cell in whole pixels (2 below 1152 px wide, 3 at 1280,
/// 5 at 1920, at most `largestBlock`), so a cell's noise is the pixels' noise over `block`, not
/// over 2, at large frame sizes (see `AnalysisGridBlocks.swift`).
///
/// The sampling point is not the same in every row: row `r` samples at
/// `column + 0.5 + rowShift(r)` cells across. Staggering the rows this way means a person
/// several rows tall is sampled at four different sub-cell phases, so the centre measured over
/// their rows carries almost none of the quantisation bias a regular grid would give (which
/// differs from post to post and so would not cancel out of the elapsed time).
///
/// Per frame, the tables are small: a cell's offset is a per-row part plus a per-column part
/// that repeats with the row's phase (`row & 3`), whatever the rotation. When the camera is
/// upright or upside down (a grid row reads one pair of sensor rows) and the luma is planar or
/// packed 4:2:2, the sums and the texture are computed a sensor row at a time, in loops the
/// compiler vectorises, and only the cells' values are gathered from those rows.
public struct AnalysisGrid: Sendable {
    public let columns: Int
    public let rows: Int
    public var cellCount: Int { columns * rows }

    /// Horizontal offset of row `row`'s sampling points from the cell centres, in cells.
    @inline(__always)
    public static func rowShift(_ row: Int) -> Double {
        switch row & 3 {
        case 0: -0.375
        case 1: 0.125
        case 2: -0.125
        default: 0.375
        }
    }

    /// Pixels a side of each cell's block (2 ... `largestBlock`).
    public private(set) var block = 2
    /// The largest block side: a block's sum of `largestBlock`² bytes fits a UInt16.
    public static let largestBlock = 12

    /// Where each cell's block starts in the luma plane.
    var luma = CellTable()
    /// Byte distance to the right-hand and lower neighbours of that sample.
    var rightStep = 1
    var downStep = 1
    /// Pixels the texture neighbourhood reaches beyond the block on each side (0 or 2).
    var textureReach = 0
    /// Row-aligned luma (see `CellTable.rowAligned`) with a layout the row passes read:
    /// pixel stride 1 or 2, at least 32 pixels wide and 8 high.
    var rowPasses = false
    /// Whether the steady-state sums go through the row pass too (narrow views, where the
    /// blocks of neighbouring cells overlap or nearly touch) or are gathered cell by cell.
    private var rowPassSums = false
    /// Row-pass layouts: each cell's block x less `span.low`, `(row & 3) * columns + column`.
    var blockX: [Int32] = []
    /// Row-pass layouts: the sensor row of each grid row's blocks.
    var blockRow: [Int] = []
    /// Row-pass layouts: the smallest and largest block x of any cell.
    var span = (low: 0, high: 0)
    /// `Float(sum) * 0.25` for every sum of four bytes (0...1020): a cell's value from its sum.
    private let quarter: [Float]
    /// `Float(byte)` for every byte: a chroma sample's value.
    let levels: [Float]
    /// Where each cell's chroma sample is (the same offset in the blue and red planes).
    var chroma = CellTable()
    public let geometry: FrameGeometry

    /// View pixels per cell along x, for converting cell distances to pixels.
    public private(set) var viewPixelsPerColumn: Double = 1

    public init(columns: Int, viewAspect: Double, geometry: FrameGeometry) {
        self.columns = max(16, columns)
        self.rows = max(8, Int((Double(self.columns) / max(0.05, viewAspect)).rounded()))
        self.geometry = geometry
        quarter = (0...1020).map { Float($0) * 0.25 }
        levels = (0...255).map { Float($0) }
    }

    /// Rebuilds the offset tables when the plane's size or layout differs from the last one.
    /// Returns true when it did (the caller relearns the background then).
    @discardableResult
    public mutating func prepare(for plane: Plane) -> Bool {
        let layout = PlaneLayout(plane)
        if luma.builtFor == layout { return false }
        rightStep = plane.width > 1 ? plane.pixelStride : 0
        downStep = plane.height > 1 ? plane.rowStride : 0
        let w = Double(plane.width), h = Double(plane.height)
        let view = geometry.viewSize(sensorWidth: plane.width, sensorHeight: plane.height)
        // Keep a margin around the block for the texture neighbourhood.
        let reach = (plane.width >= 8 && plane.height >= 8) ? 2 : 0
        textureReach = reach
        block = reach == 0 ? 2 : Self.blockSide(cellSpan: min(view.width / Double(columns), view.height / Double(rows)))
        let minX = reach, minY = reach
        let maxX = max(minX, plane.width - block - reach), maxY = max(minY, plane.height - block - reach)
        // The block's first pixel: its centre nearest the sampling point (for 2: `Int(x - 0.5)`).
        let half = 0.5 * Double(block) - 0.5
        let points = samplePoints { s in
            (min(maxX, max(minX, Int(s.x * w - half))), min(maxY, max(minY, Int(s.y * h - half))))
        }
        luma = CellTable(points: points, columns: columns, rows: rows, layout: layout)
        rowPasses = luma.rowAligned && (plane.pixelStride == 1 || plane.pixelStride == 2)
            && plane.width >= 32 && plane.height >= 8
        blockX = []
        blockRow = []
        if rowPasses {
            blockRow = (0..<rows).map { points.y[$0 * columns] }
            var low = Int.max, high = Int.min
            for phase in 0..<4 {
                for column in 0..<columns {
                    let x = points.x[phase * columns + column]
                    low = min(low, x); high = max(high, x)
                }
            }
            span = (low, high)
            blockX = (0..<(4 * columns)).map { Int32(points.x[$0] - low) }
            // The row pass costs about 1.3 instructions a pixel and saves about 6 a cell (and
            // about `block`² a cell for larger blocks).
            rowPassSums = block > 2 || (high - low + 1) <= 5 * columns
        }
        if !rowPasses { rowPassSums = false }
        viewPixelsPerColumn = view.width / Double(columns)
        return true
    }

    /// The sensor pixel of every cell's sampling point (row-major), found by `pixel` from the
    /// normalised sensor point.
    private func samplePoints(_ pixel: ((x: Double, y: Double)) -> (Int, Int)) -> (x: [Int], y: [Int]) {
        var xs = [Int](repeating: 0, count: cellCount), ys = xs
        for row in 0..<rows {
            let v = (Double(row) + 0.5) / Double(rows)
            for column in 0..<columns {
                let u = (Double(column) + 0.5 + Self.rowShift(row)) / Double(columns)
                let (x, y) = pixel(geometry.sensorPoint(viewX: u, viewY: v))
                xs[row * columns + column] = x
                ys[row * columns + column] = y
            }
        }
        return (xs, ys)
    }

    /// Bytes of scratch the row passes need for the current luma layout: the sums (2 bytes
    /// each), the spreads (2 bytes each, and some; the steady pass keeps `rowSums`' pairs down
    /// there), two sets of vertical minima and maxima (the block and the reach either side, and
    /// some) and of pairs down (2 bytes each), then room for the luma one byte a pixel (packed 4:2:2 only).
    var scratchBytes: Int { rowBuffersBytes + planarBytes }

    var rowBuffersBytes: Int {
        guard rowPasses else { return 0 }
        if block > 2 { return blockBuffersBytes }
        let count = span.high - span.low + 1
        return (2 * count + (2 * count + 16) + 8 * (count + 2 * textureReach + 16) + 15) & ~15
    }

    var planarBytes: Int {
        rowPasses && luma.builtFor.pixelStride == 2 ? luma.builtFor.width * luma.builtFor.height : 0
    }

    /// Row buffers for the sampling passes, owned by the caller so that sampling needs no
    /// mutable grid. Sized on first use and whenever the layout grows; never per frame.
    public struct Scratch: Sendable {
        fileprivate var bytes: [UInt8] = []
        public init() {}

        mutating func with<R>(atLeast count: Int, _ body: (UnsafeMutableRawPointer) -> R) -> R {
            if bytes.count < count { bytes = [UInt8](repeating: 0, count: count) }
            return bytes.withUnsafeMutableBytes { body($0.baseAddress!) }
        }
    }

    /// Fills `cells` (count `cellCount`) with the mean luma of each cell. `prepare(for:)` first.
    public func sample(_ plane: Plane, into cells: UnsafeMutablePointer<Float>, scratch: inout Scratch) {
        if block > 2 && rowPasses { return sampleBlocks(plane, into: cells, texture: nil, scratch: &scratch) }
        guard rowPassSums else { return gatherSums(plane, into: cells) }
        let count = span.high - span.low + 1
        scratch.with(atLeast: scratchBytes) { buffer in
            let sums = buffer.assumingMemoryBound(to: UInt16.self)
            // The pairs down go where `sample(_:into:texture:scratch:)` keeps its spreads.
            let vertical = (buffer + 2 * count).assumingMemoryBound(to: UInt16.self)
            if plane.pixelStride == 2 {
                // Packed 4:2:2: the sums straight from the packed rows, with no planar copy.
                let start = plane.base.assumingMemoryBound(to: UInt8.self) + 2 &* span.low, down = plane.rowStride
                blockRow.withUnsafeBufferPointer { blockRow in
                    for row in 0..<rows {
                        Self.packedRowSums(start + blockRow[row] &* down, down: down, count: count, vertical: vertical,
                                           into: sums)
                        gather(row: row, sums: sums, into: cells + row &* columns)
                    }
                }
                return
            }
            withRowPasses(plane, planar: buffer + rowBuffersBytes) { start, down, blockRow in
                for row in 0..<rows {
                    Self.rowSums(start + blockRow[row] &* down, down: down, count: count, vertical: vertical, into: sums)
                    gather(row: row, sums: sums, into: cells + row &* columns)
                }
            }
        }
    }

    /// Like `sample`, and also fills `texture` with each cell's local spread: max - min over the
    /// pixels of its block and two more on each side (6 x 6 around a 2 x 2 block): at most how much
    /// the cell's value can move when two frames are shaken a pixel or two in opposite directions.
    /// Used while learning the course only.
    public func sample(_ plane: Plane, into cells: UnsafeMutablePointer<Float>, texture: UnsafeMutablePointer<Float>,
                       scratch: inout Scratch) {
        if block > 2 && rowPasses { return sampleBlocks(plane, into: cells, texture: texture, scratch: &scratch) }
        guard rowPasses else {
            gatherSums(plane, into: cells)
            return gatherTexture(plane, into: texture)
        }
        let count = span.high - span.low + 1, reach = textureReach
        scratch.with(atLeast: scratchBytes) { buffer in
            let sums = buffer.assumingMemoryBound(to: UInt16.self)
            let spreads = (buffer + 2 * count).assumingMemoryBound(to: UInt16.self)
            let extremes = (buffer + 4 * count + 16).assumingMemoryBound(to: UInt8.self), each = count + 2 * reach + 16
            let pairs = UnsafeMutableRawPointer(extremes + 4 * each).assumingMemoryBound(to: UInt16.self)
            let first = (lows: extremes, highs: extremes + each, pairs: pairs)
            let second = (lows: extremes + 2 * each, highs: extremes + 3 * each, pairs: pairs + each)
            withRowPasses(plane, planar: buffer + rowBuffersBytes) { start, down, blockRow in
                // The window's top-left pixel for block x `span.low`, on sensor row `y`'s block.
                @inline(__always) func corner(_ y: Int) -> UnsafePointer<UInt8> { start + ((y &- reach) &* down &- reach) }
                var row = 0
                while row < rows {
                    let y = blockRow[row], step = Self.pairedStep(blockRow, row, reach: reach)
                    // Two grid rows whose windows share four or five rows go down at once, the
                    // upper one's extremes into `first`, the lower one's into `second`.
                    let paired = step != 0
                    if paired {
                        Self.pairedColumnExtremes(corner(step > 0 ? y : y &+ step), down: down, step: abs(step),
                                                  count: count &+ 5, upper: first, lower: second)
                    } else {
                        Self.columnExtremes(corner(y), down: down, count: count &+ 5, lows: first.lows, highs: first.highs,
                                            pairs: first.pairs)
                    }
                    let rowsDone = paired ? 2 : 1
                    var i = 0
                    while i < rowsDone {
                        let r = paired && step < 0 ? row &+ 1 &- i : row &+ i
                        let extremes = i == 0 ? first : second
                        // The blocks' columns are 2 and 3 of their windows.
                        Self.sumsAndSpreadsAcross(pairs: extremes.pairs + reach, lows: extremes.lows, highs: extremes.highs,
                                                  count: count, sums: sums, spreads: spreads)
                        gather(row: r, sums: sums, spreads: spreads, into: cells + r &* columns, texture + r &* columns)
                        i &+= 1
                    }
                    row &+= rowsDone
                }
            }
        }
    }

    /// The cell-by-cell path, whatever the layout: what the row passes must reproduce exactly
    /// (for tests).
    func sampleByGathering(_ plane: Plane, into cells: UnsafeMutablePointer<Float>, texture: UnsafeMutablePointer<Float>) {
        gatherSums(plane, into: cells)
        gatherTexture(plane, into: texture)
    }

    /// The step from grid row `row`'s block row to the next grid row's when the calibration row
    /// pass takes the two together (1 or 2 rows down or up: their 6 x 6 windows share five or four
    /// rows), else 0.
    @inline(__always)
    private static func pairedStep(_ blockRow: UnsafeBufferPointer<Int>, _ row: Int, reach: Int) -> Int {
        guard reach == 2 && row &+ 1 < blockRow.count else { return 0 }
        let step = blockRow[row &+ 1] &- blockRow[row]
        return step != 0 && step >= -2 && step <= 2 ? step : 0
    }

    /// Whether the row passes read this layout, and whether the steady-state sums use them (for tests).
    var usesRowPasses: (texture: Bool, sums: Bool) { (rowPasses, rowPassSums) }

    /// How the calibration row pass goes down the grid rows: in pairs (two rows at once) and alone
    /// (for tests).
    var rowPassShape: (pairs: Int, alone: Int) {
        guard rowPasses else { return (0, 0) }
        return blockRow.withUnsafeBufferPointer { blockRow in
            var shape = (pairs: 0, alone: 0), row = 0
            while row < rows {
                if Self.pairedStep(blockRow, row, reach: textureReach) != 0 { shape.pairs += 1; row += 2 }
                else { shape.alone += 1; row += 1 }
            }
            return shape
        }
    }

    // MARK: - Gathering cell by cell (any layout)

    /// The cells' values straight from their blocks' pixels.
    private func gatherSums(_ plane: Plane, into cells: UnsafeMutablePointer<Float>) {
        if block > 2 { return gatherBlockSums(plane, into: cells) }
        let base = plane.base.assumingMemoryBound(to: UInt8.self)
        let right = rightStep, down = downStep, diagonal = rightStep + downStep, columns = self.columns
        quarter.withUnsafeBufferPointer { quarter in
            luma.rowOffsets.withUnsafeBufferPointer { rowOffsets in
                luma.columnOffsets.withUnsafeBufferPointer { columnOffsets in
                    let q = quarter.baseAddress!
                    for row in 0..<rows {
                        let rowBase = base + rowOffsets[row]
                        let table = columnOffsets.baseAddress! + luma.tableRow(row) * columns
                        let out = cells + row * columns
                        for column in 0..<columns {
                            let p = rowBase + Int(table[column])
                            out[column] = q[Int(p[0]) &+ Int(p[right]) &+ Int(p[down]) &+ Int(p[diagonal])]
                        }
                    }
                }
            }
        }
    }

    /// The cells' spreads straight from their windows (layouts the row passes do not read).
    private func gatherTexture(_ plane: Plane, into texture: UnsafeMutablePointer<Float>) {
        let base = plane.base.assumingMemoryBound(to: UInt8.self)
        let right = rightStep, down = downStep, reach = textureReach, window = block + 2 * textureReach
        let columns = self.columns
        luma.rowOffsets.withUnsafeBufferPointer { rowOffsets in
            luma.columnOffsets.withUnsafeBufferPointer { columnOffsets in
                for row in 0..<rows {
                    let rowBase = base + rowOffsets[row] - reach * down - reach * right
                    let table = columnOffsets.baseAddress! + luma.tableRow(row) * columns
                    for column in 0..<columns {
                        let corner = rowBase + Int(table[column])
                        var low: UInt8 = 255, high: UInt8 = 0
                        for dy in 0..<window {
                            let line = corner + dy * down
                            for dx in 0..<window {
                                let v = line[dx * right]
                                low = min(low, v); high = max(high, v)
                            }
                        }
                        texture[row * columns + column] = Float(high &- low)
                    }
                }
            }
        }
    }

    // MARK: - Row passes (upright or upside-down luma, pixel stride 1 or 2)

    /// Calls `body` once with the address of block x `span.low` in sensor row 0 of one-byte
    /// luma, the distance to the next row, and the sensor row of each grid row's blocks: the
    /// plane's own rows, or for packed 4:2:2 the luma gathered into `planar` first (one pass the
    /// compiler vectorises).
    @inline(__always)
    func withRowPasses(_ plane: Plane, planar: UnsafeMutableRawPointer,
                               _ body: (UnsafePointer<UInt8>, Int, UnsafeBufferPointer<Int>) -> Void) {
        var base = plane.base.assumingMemoryBound(to: UInt8.self)
        var down = plane.rowStride
        if plane.pixelStride == 2 {
            let out = planar.assumingMemoryBound(to: UInt8.self)
            Self.planarLuma(plane, into: out)
            base = UnsafePointer(out)
            down = plane.width
        }
        let start = base + span.low
        blockRow.withUnsafeBufferPointer { body(start, down, $0) }
    }

    /// The luma of a packed 4:2:2 `plane` one byte a pixel into `out` (rows `plane.width` apart).
    /// Sixteen pixels from 32 bytes (the first byte of each pair, the low byte of a little-endian
    /// UInt16: a mask and a pack), 64 an iteration, the last 64 before the last pixel
    /// overlapping the ones before, then the last pixel alone: no byte past the last pixel's is
    /// read. (Not inlined: a call a frame, and the row passes around it keep their registers.)
    @inline(never)
    private static func planarLuma(_ plane: Plane, into out: UnsafeMutablePointer<UInt8>) {
        let base = plane.base.assumingMemoryBound(to: UInt8.self), w = plane.width
        for y in 0..<plane.height {
            let from = base + y * plane.rowStride, to = out + y * w
            if w > 16 {
                let last = w &- 17
                @inline(__always) func sixteen(_ x: Int) {
                    let pairs = UnsafeRawPointer(from + 2 &* x).loadUnaligned(as: SIMD16<UInt16>.self)
                    store16(narrowed(pairs), to, x)
                }
                var x = 0
                while x &+ 48 < last { sixteen(x); sixteen(x &+ 16); sixteen(x &+ 32); sixteen(x &+ 48); x &+= 64 }
                if x < last && last >= 48 {
                    // At most 64 pixels left: the last 64, overlapping the ones before.
                    sixteen(last &- 48); sixteen(last &- 32); sixteen(last &- 16)
                } else {
                    while x < last { sixteen(x); x &+= 16 }
                }
                sixteen(last)
                to[w &- 1] = from[2 &* (w &- 1)]
            } else {
                var x = 0
                while x < w { to[x] = from[x &* 2]; x &+= 1 }
            }
        }
    }

    /// The cells of `row` from the row's sums: `out[k] = quarter[sums[blockX[k]]]`, eight cells
    /// at a time (`gatherQuarters`).
    @inline(__always)
    private func gather(row: Int, sums: UnsafePointer<UInt16>, into out: UnsafeMutablePointer<Float>) {
        let columns = self.columns
        blockX.withUnsafeBufferPointer { blockX in
            Self.gatherQuarters(sums, table: blockX.baseAddress! + (row & 3) &* columns, count: columns, into: out)
        }
    }

    /// The cells and spreads of `row` from the row's sums and spreads, eight cells at a time
    /// (`gatherQuarters(_:spreads:table:count:into:_:)`).
    @inline(__always)
    private func gather(row: Int, sums: UnsafePointer<UInt16>, spreads: UnsafePointer<UInt16>,
                        into out: UnsafeMutablePointer<Float>, _ texture: UnsafeMutablePointer<Float>) {
        let columns = self.columns
        blockX.withUnsafeBufferPointer { blockX in
            let table = blockX.baseAddress! + (row & 3) &* columns
            Self.gatherQuarters(sums, spreads: spreads, table: table, count: columns, into: out, texture)
        }
    }
}
