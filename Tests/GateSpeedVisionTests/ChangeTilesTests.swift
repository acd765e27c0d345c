import Testing
import GateSpeedSimulation
@testable import GateSpeedVision

/// `ChangeTiles` answers as counting every tile would, including when it answers early from the
/// mask's total (the usual frame: a person, or nobody).
@Suite struct ChangeTilesTests {
    /// The rule written out plainly: a tile is busy when over a tenth of its cells are foreground,
    /// and the change is everywhere when at least `tileShare` of the 48 tiles are busy.
    private static func reference(_ mask: [UInt8], columns: Int, rows: Int, tileShare: Double) -> Bool {
        let tileColumns = ChangeTiles.tileColumns, tileRows = ChangeTiles.tileRows
        var counts = [Int](repeating: 0, count: tileColumns * tileRows)
        for y in 0..<rows {
            for x in 0..<columns {
                let tx = (tileColumns * x + tileColumns - 1) / columns, ty = (tileRows * y + tileRows - 1) / rows
                counts[ty * tileColumns + tx] += Int(mask[y * columns + x])
            }
        }
        var busy = 0
        for ty in 0..<tileRows {
            for tx in 0..<tileColumns {
                let area = ((ty + 1) * rows / tileRows - ty * rows / tileRows) * ((tx + 1) * columns / tileColumns - tx * columns / tileColumns)
                if counts[ty * tileColumns + tx] * 10 > area { busy += 1 }
            }
        }
        return Double(busy) >= tileShare * Double(tileColumns * tileRows)
    }

    @Test("the answer is the tile-by-tile count's, for sparse, gathered and spread masks of odd sizes",
          arguments: [(160, 120), (83, 61), (7, 5), (320, 180)])
    func sameAsCountingEveryTile(columns: Int, rows: Int) {
        var random = SeededRandom(seed: UInt64(columns * 1000 + rows))
        var tiles = ChangeTiles(columns: columns, rows: rows)
        var answers: [Bool: Int] = [:]
        for trial in 0..<300 {
            // Densities around the tile rule's tenth, spread evenly or gathered in a box.
            let density = [0.0, 0.02, 0.06, 0.09, 0.11, 0.14, 0.3, 0.9][trial % 8]
            let gathered = trial % 3 == 0
            let box = (x0: Int(random.next() % UInt64(columns)), y0: Int(random.next() % UInt64(rows)))
            var mask = [UInt8](repeating: 0, count: columns * rows)
            for y in 0..<rows {
                for x in 0..<columns {
                    let inside = !gathered || (x >= box.x0 && x < box.x0 + columns / 3 && y >= box.y0 && y < box.y0 + rows / 2)
                    if inside && random.unit() < density { mask[y * columns + x] = 1 }
                }
            }
            for share in [0.0, 0.3, 0.6, 1.0] {
                let expected = Self.reference(mask, columns: columns, rows: rows, tileShare: share)
                let answer = mask.withUnsafeBufferPointer { tiles.changeIsEverywhere(mask: $0.baseAddress!, tileShare: share) }
                #expect(answer == expected, "trial \(trial) density \(density) gathered \(gathered) share \(share)")
                answers[answer, default: 0] += 1
            }
        }
        // Both answers were met, so the early answer and the full count were both exercised.
        #expect((answers[true] ?? 0) > 20 && (answers[false] ?? 0) > 20)
    }
}
