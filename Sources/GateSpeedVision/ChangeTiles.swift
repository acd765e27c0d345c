/// The view cut into 8 x 6 tiles, to tell a change spread over most of the view (a shifted
/// camera changes every textured patch a little, a light switch everything) from one gathered
/// in one place (a person, however close).
struct ChangeTiles: Sendable {
    static let tileColumns = 8, tileRows = 6
    let columns: Int, rows: Int
    /// The tile column of each grid column, and the tile row of each grid row.
    private let tileOfColumn: [UInt8]
    private let tileOfRow: [UInt8]
    /// Foreground cells per tile (scratch).
    private var counts = [Int](repeating: 0, count: ChangeTiles.tileColumns * ChangeTiles.tileRows)

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        tileOfColumn = (0..<columns).map { UInt8((Self.tileColumns * $0 + Self.tileColumns - 1) / columns) }
        tileOfRow = (0..<rows).map { UInt8((Self.tileRows * $0 + Self.tileRows - 1) / rows) }
    }

    /// True when foreground is spread over most of the view (a shifted camera changes every
    /// textured patch a little) rather than gathered in one place (a person, however close).
    /// The view is cut into 8 x 6 tiles; a tile counts when over a tenth of it is foreground.
    /// The mask (one byte a cell, 0 or 1) is read eight cells a word: empty words, nearly all of
    /// them, cost one test. Fewer foreground cells in all than the smallest tiles would need to
    /// be busy (the usual frame: nobody, or one person) answer without counting tile by tile.
    mutating func changeIsEverywhere(mask m: UnsafePointer<UInt8>, tileShare: Double) -> Bool {
        let tileColumns = Self.tileColumns, tileRows = Self.tileRows
        let neededTiles = (tileShare * Double(tileColumns * tileRows)).rounded(.up)
        guard neededTiles > 0 else { return true }
        if Double(Self.foregroundCount(m, count: columns * rows) * 10) <= neededTiles * Double(smallestTileCells) {
            return false
        }
        var busyTiles = 0
        tileOfColumn.withUnsafeBufferPointer { tileOfColumn in
        tileOfRow.withUnsafeBufferPointer { tileOfRow in
        counts.withUnsafeMutableBufferPointer { counts in
            counts.update(repeating: 0)
            let words = UnsafeRawPointer(m)
            for y in 0..<rows {
                let tiles = counts.baseAddress! + Int(tileOfRow[y]) * tileColumns
                let row = m + y * columns
                var x = 0
                while x &+ 8 <= columns {
                    var word = words.loadUnaligned(fromByteOffset: y &* columns &+ x, as: UInt64.self)
                    while word != 0 {
                        let byte = word.trailingZeroBitCount &>> 3
                        tiles[Int(tileOfColumn[x &+ byte])] &+= Int(row[x &+ byte])
                        word &= ~(UInt64(0xFF) &<< UInt64(byte &<< 3))
                    }
                    x &+= 8
                }
                while x < columns { tiles[Int(tileOfColumn[x])] &+= Int(row[x]); x &+= 1 }
            }
            for tileRow in 0..<tileRows {
                let y0 = tileRow * rows / tileRows, y1 = (tileRow + 1) * rows / tileRows
                for tileColumn in 0..<tileColumns {
                    let x0 = tileColumn * columns / tileColumns, x1 = (tileColumn + 1) * columns / tileColumns
                    if counts[tileRow * tileColumns + tileColumn] * 10 > (y1 - y0) * (x1 - x0) { busyTiles += 1 }
                }
            }
        }}}
        return Double(busyTiles) >= tileShare * Double(tileColumns * tileRows)
    }

    /// Cells in the smallest tile.
    private var smallestTileCells: Int { (rows / Self.tileRows) * (columns / Self.tileColumns) }

    /// Foreground cells of a 0/1 mask of `count` cells, 32 at a time: the bytes are added lane by
    /// lane (at most 255 words before a lane could overflow), then the lanes widened and summed.
    private static func foregroundCount(_ m: UnsafePointer<UInt8>, count: Int) -> Int {
        let bytes = UnsafeRawPointer(m)
        var total = 0, i = 0
        while i &+ 32 <= count {
            var lanes = SIMD32<UInt8>(repeating: 0)
            var words = 0
            // Four words an iteration while there is room (fewer loop steps per cell).
            while words &+ 4 <= 255 && i &+ 128 <= count {
                lanes &+= bytes.loadUnaligned(fromByteOffset: i, as: SIMD32<UInt8>.self)
                lanes &+= bytes.loadUnaligned(fromByteOffset: i &+ 32, as: SIMD32<UInt8>.self)
                lanes &+= bytes.loadUnaligned(fromByteOffset: i &+ 64, as: SIMD32<UInt8>.self)
                lanes &+= bytes.loadUnaligned(fromByteOffset: i &+ 96, as: SIMD32<UInt8>.self)
                i &+= 128
                words &+= 4
            }
            while words < 255 && i &+ 32 <= count {
                lanes &+= bytes.loadUnaligned(fromByteOffset: i, as: SIMD32<UInt8>.self)
                i &+= 32
                words &+= 1
            }
            total &+= Int(SIMD32<UInt16>(truncatingIfNeeded: lanes).wrappedSum())
        }
        while i < count { total &+= Int(m[i]); i &+= 1 }
        return total
    }
}
