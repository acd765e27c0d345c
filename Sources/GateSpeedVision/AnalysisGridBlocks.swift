import GateSpeedFrames

/// Cells 6 pixels wide or more (frames about 1152 pixels wide and up): each cell's value is the
/// mean of a `block` x `block` square of sensor pixels centred on its sampling point, `block` half
/// the cell's span in whole pixels.
///
/// A 2 x 2 block at 1280 x 720 (a cell 6.7 pixels wide) uses 4 of the cell's 44 pixels, so the
/// cell's noise is the pixels' noise over 2; a 3 x 3 block brings it to the pixels' noise over 3
/// (5 x 5 at 1920 x 1080: over 5). Everything that measures noise does so on the cells themselves
/// (`BackgroundModel`, `stillnessLimit`), so the thresholds follow; what turns a cell's noise into
/// a pixel's (`EdgeRefiner`, `VisibilityMargin`) multiplies by `block`.
///
/// Half the span, not the whole cell: a block as wide as the cell dilutes a leg or a small rider's
/// body (narrower than a cell) into a fraction of its contrast in every cell it crosses, where a
/// smaller block still sees it whole in some; with whole-cell blocks (3 x 3 at 640 x 480, 6 x 6
/// at 1280 x 720) seeds 1-200 lost more faint riders than they found, and one false start came in.
///
/// The blocks stay centred on the staggered sampling points (`rowShift`): a block k pixels wide
/// answers to an edge crossing it with a ramp k pixels long, smoother than 2 pixels', and the
/// stagger still spreads the rows' ramps over four sub-cell phases, so a region's centre keeps no
/// quantisation bias between posts.
///
/// Row passes (camera upright or upside down): per grid row, the block's `block` sensor rows are
/// added down into per-pixel column sums, sixteen at a time, then `block` of those across, and
/// each cell's sum is gathered from its block's first pixel; the texture the same way with the
/// minima and maxima over `block + 4` rows and columns. The texture stays the window's max - min
/// (not scaled down by 2 / `block`, what a pixel's shake each way moves a larger block's mean by):
/// a camera shaking by more than a pixel moves a 2 x 2 mean by up to the whole spread, and the
/// stillness test, tuned on that, waited seconds after a bump with the scaled spread.
extension AnalysisGrid {
    /// The block side for a cell `cellSpan` sensor pixels wide: half its whole pixels, 2 ... `largestBlock`.
    static func blockSide(cellSpan: Double) -> Int {
        guard cellSpan.isFinite else { return 2 }
        return min(largestBlock, max(2, Int(cellSpan / 2 + 1e-9)))
    }

    /// Byte offsets of the block passes' buffers within the scratch, for `count` block x values
    /// and a texture window `window` pixels wide: sums, spreads (2 bytes each), column sums (2
    /// bytes each), column minima and maxima (1 byte each), and the total.
    private static func blockBuffers(count: Int, window: Int) -> (spreads: Int, vertical: Int, lows: Int, highs: Int, total: Int) {
        let wide = count + window + 16
        let spreads = (2 * count + 15) & ~15
        let vertical = spreads + ((2 * count + 15) & ~15)
        let lows = vertical + ((2 * wide + 15) & ~15)
        let highs = lows + ((wide + 15) & ~15)
        return (spreads, vertical, lows, highs, highs + ((wide + 15) & ~15))
    }

    var blockBuffersBytes: Int {
        Self.blockBuffers(count: span.high - span.low + 1, window: block + 2 * textureReach).total
    }

    /// `sample(_:into:scratch:)` and, when `texture` is given, `sample(_:into:texture:scratch:)`
    /// for blocks larger than 2 x 2 on row-pass layouts.
    func sampleBlocks(_ plane: Plane, into cells: UnsafeMutablePointer<Float>, texture: UnsafeMutablePointer<Float>?,
                      scratch: inout Scratch) {
        let count = span.high - span.low + 1, k = block, reach = textureReach, window = k + 2 * reach
        let layout = Self.blockBuffers(count: count, window: window)
        let inverse = 1 / Float(k * k), columns = self.columns
        scratch.with(atLeast: scratchBytes) { buffer in
            let sums = buffer.assumingMemoryBound(to: UInt16.self)
            let spreads = (buffer + layout.spreads).assumingMemoryBound(to: UInt16.self)
            let vertical = (buffer + layout.vertical).assumingMemoryBound(to: UInt16.self)
            let lows = (buffer + layout.lows).assumingMemoryBound(to: UInt8.self)
            let highs = (buffer + layout.highs).assumingMemoryBound(to: UInt8.self)
            withRowPasses(plane, planar: buffer + rowBuffersBytes) { start, down, blockRow in
                blockX.withUnsafeBufferPointer { blockX in
                    var row = 0
                    while row < rows {
                        let top = start + blockRow[row] &* down
                        Self.blockSums(top, down: down, block: k, count: count, vertical: vertical, into: sums)
                        let table = blockX.baseAddress! + (row & 3) &* columns
                        if let texture {
                            Self.windowSpreads(top - (reach &* down &+ reach), down: down, window: window, count: count,
                                               lows: lows, highs: highs, into: spreads)
                            Self.gatherScaled(spreads, table: table, count: columns, scale: 1,
                                              into: texture + row &* columns)
                        }
                        Self.gatherScaled(sums, table: table, count: columns, scale: inverse, into: cells + row &* columns)
                        row &+= 1
                    }
                }
            }
        }
    }

    /// `sums[x]` = the sum of the `block` x `block` pixels from pixel `x` of row `top` right and
    /// down, for x below `count`: the columns' sums down first (`vertical`, `count + block - 1`
    /// of them), then `block` of them across, sixteen at a time (the last sixteen of each pass
    /// overlapping; nothing past the last block's pixels is read).
    @inline(__always)
    static func blockSums(_ top: UnsafePointer<UInt8>, down: Int, block: Int, count: Int,
                          vertical: UnsafeMutablePointer<UInt16>, into sums: UnsafeMutablePointer<UInt16>) {
        forEachSixteen(count &+ block &- 1) { x in
            var sum = widened(load16(top, x))
            var r = 1
            while r < block { sum &+= widened(load16(top + r &* down, x)); r &+= 1 }
            UnsafeMutableRawPointer(vertical + x).storeBytes(of: sum, as: SIMD16<UInt16>.self)
        } scalar: { x in
            var sum = UInt16(top[x])
            var r = 1
            while r < block { sum &+= UInt16(top[r &* down &+ x]); r &+= 1 }
            vertical[x] = sum
        }
        let columnSums = UnsafeRawPointer(vertical)
        forEachSixteen(count) { x in
            var sum = columnSums.loadUnaligned(fromByteOffset: 2 &* x, as: SIMD16<UInt16>.self)
            var j = 1
            while j < block {
                sum &+= columnSums.loadUnaligned(fromByteOffset: 2 &* (x &+ j), as: SIMD16<UInt16>.self)
                j &+= 1
            }
            UnsafeMutableRawPointer(sums + x).storeBytes(of: sum, as: SIMD16<UInt16>.self)
        } scalar: { x in
            var sum = vertical[x]
            var j = 1
            while j < block { sum &+= vertical[x &+ j]; j &+= 1 }
            sums[x] = sum
        }
    }

    /// `spreads[x]` = max - min over the `window` x `window` pixels from pixel `x` of row `corner`
    /// right and down, for x below `count`: the columns' minima and maxima down first (`count +
    /// window - 1` of them), then across, sixteen at a time (as `blockSums`).
    @inline(__always)
    static func windowSpreads(_ corner: UnsafePointer<UInt8>, down: Int, window: Int, count: Int,
                              lows: UnsafeMutablePointer<UInt8>, highs: UnsafeMutablePointer<UInt8>,
                              into spreads: UnsafeMutablePointer<UInt16>) {
        forEachSixteen(count &+ window &- 1) { x in
            var low = load16(corner, x), high = low
            var r = 1
            while r < window {
                let v = load16(corner + r &* down, x)
                low = lowest(low, v); high = highest(high, v)
                r &+= 1
            }
            store16(low, lows, x); store16(high, highs, x)
        } scalar: { x in
            var low = corner[x], high = low
            var r = 1
            while r < window { let v = corner[r &* down &+ x]; low = min(low, v); high = max(high, v); r &+= 1 }
            lows[x] = low; highs[x] = high
        }
        let l = UnsafePointer(lows), h = UnsafePointer(highs)
        forEachSixteen(count) { x in
            var low = load16(l, x), high = load16(h, x)
            var j = 1
            while j < window { low = lowest(low, load16(l, x &+ j)); high = highest(high, load16(h, x &+ j)); j &+= 1 }
            UnsafeMutableRawPointer(spreads + x).storeBytes(of: widened(high &- low), as: SIMD16<UInt16>.self)
        } scalar: { x in
            var low = l[x], high = h[x]
            var j = 1
            while j < window { low = min(low, l[x &+ j]); high = max(high, h[x &+ j]); j &+= 1 }
            spreads[x] = UInt16(high &- low)
        }
    }

    /// `out[k] = Float(values[table[k]]) * scale` for `count` cells, eight at a time.
    @inline(__always)
    static func gatherScaled(_ values: UnsafePointer<UInt16>, table: UnsafePointer<Int32>, count: Int, scale: Float,
                             into out: UnsafeMutablePointer<Float>) {
        let scales = SIMD8<Float>(repeating: scale)
        var k = 0
        while k &+ 8 <= count {
            var v = SIMD8<UInt16>()
            var j = 0
            while j < 8 { v[j] = values[Int(table[k &+ j])]; j &+= 1 }
            store8(laneFloats(v) * scales, out, k)
            k &+= 8
        }
        while k < count { out[k] = Float(values[Int(table[k])]) * scale; k &+= 1 }
    }

    /// The cells' values straight from their blocks, cell by cell (layouts the row passes do not read).
    func gatherBlockSums(_ plane: Plane, into cells: UnsafeMutablePointer<Float>) {
        let base = plane.base.assumingMemoryBound(to: UInt8.self)
        let right = rightStep, down = downStep, k = block, inverse = 1 / Float(block * block), columns = self.columns
        luma.rowOffsets.withUnsafeBufferPointer { rowOffsets in
            luma.columnOffsets.withUnsafeBufferPointer { columnOffsets in
                for row in 0..<rows {
                    let rowBase = base + rowOffsets[row]
                    let table = columnOffsets.baseAddress! + luma.tableRow(row) &* columns
                    let out = cells + row &* columns
                    for column in 0..<columns {
                        let p = rowBase + Int(table[column])
                        var sum = 0, dy = 0
                        while dy < k {
                            let line = p + dy &* down
                            var dx = 0
                            while dx < k { sum &+= Int(line[dx &* right]); dx &+= 1 }
                            dy &+= 1
                        }
                        out[column] = Float(sum) * inverse
                    }
                }
            }
        }
    }
}
