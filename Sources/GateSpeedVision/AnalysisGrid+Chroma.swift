import GateSpeedFrames

/// Chroma sampling: one sample of each chroma plane per colour cell (2 x 2 luma cells), read
/// through an offset table built once per layout, like the luma cells (see `ChromaBackground`).
extension AnalysisGrid {
    /// True when the two chroma planes share one layout, so one offset table serves both.
    public static func chromaUsable(blue: Plane?, red: Plane?) -> Bool {
        guard let blue, let red else { return false }
        return blue.width == red.width && blue.height == red.height && blue.rowStride == red.rowStride
            && blue.pixelStride == red.pixelStride
    }

    /// Colour cells across and down: one per 2 x 2 luma cells (see `ChromaBackground`), the last
    /// column or row covering one luma column or row when the grid's count is odd.
    public var chromaColumns: Int { (columns + 1) / 2 }
    public var chromaRows: Int { (rows + 1) / 2 }
    public var chromaCellCount: Int { chromaColumns * chromaRows }

    /// Builds the chroma offset table for `plane` (either chroma plane) when its layout is new.
    /// Colour cell `(column, row)` is sampled at the view centre of the luma cells it covers,
    /// one chroma sample per colour cell (no stagger: colour does not place the rider).
    public mutating func prepareChroma(for plane: Plane) {
        let layout = PlaneLayout(plane)
        if chroma.builtFor == layout { return }
        let w = Double(plane.width), h = Double(plane.height)
        let across = chromaColumns, down = chromaRows
        var xs = [Int](repeating: 0, count: chromaCellCount), ys = xs
        for row in 0..<down {
            let v = Double(2 * row + min(2 * row + 2, rows)) / (2 * Double(rows))
            for column in 0..<across {
                let u = Double(2 * column + min(2 * column + 2, columns)) / (2 * Double(columns))
                let s = geometry.sensorPoint(viewX: u, viewY: v)
                xs[row * across + column] = min(plane.width - 1, max(0, Int(s.x * w)))
                ys[row * across + column] = min(plane.height - 1, max(0, Int(s.y * h)))
            }
        }
        chroma = CellTable(points: (xs, ys), columns: across, rows: down, layout: layout)
    }

    /// Calls `body(row, blueRow, redRow, table)` for each colour row: colour cell `(column, row)`
    /// is byte `table[column]` of `blueRow` and of `redRow`. `prepareChroma(for:)` first.
    @inline(__always)
    func forEachChromaRow(blue bluePlane: Plane, red redPlane: Plane,
                          _ body: (Int, UnsafePointer<UInt8>, UnsafePointer<UInt8>, UnsafePointer<Int32>) -> Void) {
        let b = UnsafePointer(bluePlane.base.assumingMemoryBound(to: UInt8.self))
        let r = UnsafePointer(redPlane.base.assumingMemoryBound(to: UInt8.self))
        let columns = chromaColumns, rows = chromaRows, phased = chroma.phased
        chroma.rowOffsets.withUnsafeBufferPointer { rowOffsets in
        chroma.columnOffsets.withUnsafeBufferPointer { columnOffsets in
            let tables = columnOffsets.baseAddress!
            var row = 0
            while row < rows {
                let offset = rowOffsets[row]
                body(row, b + offset, r + offset, tables + (phased ? row & 3 : row) &* columns)
                row &+= 1
            }
        }}
    }

    /// Fills `blue` and `red` (count `chromaCellCount`) with each colour cell's chroma (0-255,
    /// 128 = no colour). `prepareChroma(for:)` first.
    ///
    /// One offset per cell (shared by both planes), the bytes turned into floats through a
    /// table, four cells an iteration, with no check: 34 instructions per four cells on x86-64.
    @inline(__always)
    public func sampleChroma(blue bluePlane: Plane, red redPlane: Plane,
                             into blue: UnsafeMutablePointer<Float>, _ red: UnsafeMutablePointer<Float>) {
        let b = bluePlane.base.assumingMemoryBound(to: UInt8.self)
        let r = redPlane.base.assumingMemoryBound(to: UInt8.self)
        let columns = chromaColumns, rows = chromaRows, phased = chroma.phased
        levels.withUnsafeBufferPointer { levels in
        chroma.rowOffsets.withUnsafeBufferPointer { rowOffsets in
        chroma.columnOffsets.withUnsafeBufferPointer { columnOffsets in
            let level = levels.baseAddress!, tables = columnOffsets.baseAddress!
            var row = 0
            while row < rows {
                let offset = rowOffsets[row]
                let table = tables + (phased ? row & 3 : row) &* columns
                Self.gatherBytes(b + offset, r + offset, table: table, count: columns, levels: level,
                                 into: blue + row &* columns, red + row &* columns)
                row &+= 1
            }
        }}}
    }

    /// Fills `blue` and `red` (count `chromaCellCount`) with each colour cell's chroma byte (0-255,
    /// 128 = no colour): `sampleChroma(blue:red:into:_:)` without turning them into floats, which
    /// `ChromaBackground.refine(blueBytes:redBytes:mask:gain:time:rate:settings:)` does eight at a
    /// time. `prepareChroma(for:)` first.
    @inline(__always)
    func sampleChromaBytes(blue bluePlane: Plane, red redPlane: Plane,
                           into blue: UnsafeMutablePointer<UInt8>, _ red: UnsafeMutablePointer<UInt8>) {
        let columns = chromaColumns
        forEachChromaRow(blue: bluePlane, red: redPlane) { row, blueRow, redRow, table in
            let at = row &* columns
            ChromaBackground.gatherBytes(blueRow, redRow, table: table, count: columns, into: blue + at, red + at)
        }
    }

    /// `blue[k] = levels[blueRow[table[k]]]` and the same for red, for `count` cells.
    @inline(__always)
    private static func gatherBytes(_ blueRow: UnsafePointer<UInt8>, _ redRow: UnsafePointer<UInt8>,
                                    table: UnsafePointer<Int32>, count: Int, levels: UnsafePointer<Float>,
                                    into blue: UnsafeMutablePointer<Float>, _ red: UnsafeMutablePointer<Float>) {
        var k = 0
        while k &+ 4 <= count {
            let o0 = Int(table[k]), o1 = Int(table[k &+ 1]), o2 = Int(table[k &+ 2]), o3 = Int(table[k &+ 3])
            blue[k] = levels[Int(blueRow[o0])]; red[k] = levels[Int(redRow[o0])]
            blue[k &+ 1] = levels[Int(blueRow[o1])]; red[k &+ 1] = levels[Int(redRow[o1])]
            blue[k &+ 2] = levels[Int(blueRow[o2])]; red[k &+ 2] = levels[Int(redRow[o2])]
            blue[k &+ 3] = levels[Int(blueRow[o3])]; red[k &+ 3] = levels[Int(redRow[o3])]
            k &+= 4
        }
        while k < count {
            let o = Int(table[k])
            blue[k] = levels[Int(blueRow[o])]; red[k] = levels[Int(redRow[o])]
            k &+= 1
        }
    }
}
