import GateSpeedFrames

/// The layout of a plane, for knowing when tables must be rebuilt.
struct PlaneLayout: Sendable, Equatable {
    var width = 0, height = 0, rowStride = 0, pixelStride = 0

    init() {}

    init(_ plane: Plane) {
        width = plane.width; height = plane.height; rowStride = plane.rowStride; pixelStride = plane.pixelStride
    }
}

/// Byte offsets of one sample per cell, split into a part per grid row and a part per column.
///
/// For every rotation, a cell's sensor row depends on its grid row only and its sensor column
/// on its column and row phase (`row & 3`), or the other way round for a quarter turn; so the
/// column part is a table of `4 x columns`. (Should a geometry ever break that, the column part
/// becomes a full table, one offset per cell, and the row part zero.)
struct CellTable: Sendable {
    /// Byte offset of each grid row's samples.
    var rowOffsets: [Int] = []
    /// Byte offset of each cell's sample within its row, `tableRow(row) * columns + column`.
    var columnOffsets: [Int32] = []
    /// The column part repeats every four rows (else there is one row of it per grid row).
    var phased = true
    /// Each grid row's samples lie in one sensor row (the camera upright or upside down).
    var rowAligned = false
    var builtFor = PlaneLayout()

    init() {}

    /// From each cell's sensor pixel (row-major).
    init(points: (x: [Int], y: [Int]), columns: Int, rows: Int, layout: PlaneLayout) {
        builtFor = layout
        let rs = layout.rowStride, ps = layout.pixelStride
        func repeatsByPhase(_ values: [Int]) -> Bool {
            for row in 4..<rows {
                for column in 0..<columns where values[row * columns + column] != values[(row & 3) * columns + column] {
                    return false
                }
            }
            return true
        }
        func constantAlongRows(_ values: [Int]) -> Bool {
            for row in 0..<rows {
                for column in 1..<columns where values[row * columns + column] != values[row * columns] { return false }
            }
            return true
        }
        if constantAlongRows(points.y) && repeatsByPhase(points.x) {
            rowAligned = true
            rowOffsets = (0..<rows).map { points.y[$0 * columns] * rs }
            columnOffsets = (0..<(4 * columns)).map { Int32(points.x[$0] * ps) }
        } else if constantAlongRows(points.x) && repeatsByPhase(points.y) {
            rowOffsets = (0..<rows).map { points.x[$0 * columns] * ps }
            columnOffsets = (0..<(4 * columns)).map { Int32(points.y[$0] * rs) }
        } else {
            phased = false
            rowOffsets = [Int](repeating: 0, count: rows)
            columnOffsets = (0..<(rows * columns)).map { Int32(points.y[$0] * rs + points.x[$0] * ps) }
        }
    }

    @inline(__always)
    func tableRow(_ row: Int) -> Int { phased ? row & 3 : row }
}
