/// The light field's fine grain: a gain per column of cells within each tile row, for the cell
/// test (`BackgroundModel.classify(cells:mask:time:step:settings:light:)`), next to the tile gains
/// that say whether the light is uneven at all (`LocalLight`).
///
/// What a change of light is: multiplicative on the learnt course, and smooth along the ground.
/// A cloud's shadow covers the ground from its far edge down to the view's bottom, so within a
/// column of cells it darkens (or lights) a whole band of tile rows alike; a rider is compact,
/// a few cells wide and a tile row or two tall. So:
///
/// - Window: each column's gain in a tile row is the median ratio of current to learnt luma over
///   the cells of that tile row in the column and its two neighbours (people followed and cells
///   learnt dark left out, as for the tiles), so a rider covering less than half of that window
///   does not move it.
/// - Along the ground: each column's gains are then smoothed down the column by a median of five
///   tile rows (the border row repeated): a person shorter than two tile rows, however wide, is
///   not taken for light, while a band of light, however narrow (a shadow squeezed between a
///   cloud's front and a tree's shadow), stays where it is, as it spans the ground's rows.
/// - Test: a cell the tiles' range of gains does not explain is still background when its value
///   lies within its threshold of the learnt value times some gain between the lowest and highest
///   of the three columns around it in its tile row and the rows above and below: a shadow's
///   soft edge and the horizon are explained as the tiles explain them, and a band of shade the
///   tiles' median over five smooths away (a cloud's shadow squeezed against a tree's, or a
///   small cloud's) is explained too, instead of being taken for a front with the rider inside.
/// - Evidence: where both ranges are even around a cell (no shadow's edge near), its difference
///   from the course at its column's gain is evidence for the pooled test
///   (`BackgroundModel+PooledEvidence`), so a faint rider is found under the light field too,
///   while the light's own unevenness never is.
/// - Only once a light front was seen since the field came on, and while some tile's own
///   median says the light is uneven (`LocalLight.columnsExplain`): the field also comes on for
///   a large rider alone, and then the tiles, which leave people out, judge alone.
/// - A window mostly left out for a person takes the gain of the nearest measured window below
///   it in its column (the ground they stand on), as the tiles do.
///
/// Allocation-free per frame: every buffer is sized for the grid. Measured only while the column
/// gains may explain cells (`LocalLight.columnsExplain`); otherwise they hold the last measure
/// and nothing reads them.
struct LocalLightColumns: Sendable {
    /// Columns on either side of a column that its window takes in.
    static let windowReach = 1

    let columns: Int, tileRows: Int
    /// Per column and tile row (`ty * columns + x`): the window's median, then the gain down the
    /// column, then the range of the neighbourhood the cell test allows.
    private var window: [Float]
    private(set) var gains: [Float]
    private(set) var low: [Float]
    private(set) var high: [Float]
    /// Scratch for one window's ratios.
    private var scratch: [Float]

    init(columns: Int, tileRows: Int) {
        self.columns = max(1, columns)
        self.tileRows = max(1, tileRows)
        let n = self.columns * self.tileRows
        window = [Float](repeating: 1, count: n)
        gains = window; low = window; high = window
        scratch = [Float](repeating: 0, count: (2 * Self.windowReach + 1) * LocalLight.tileHeight)
    }

    mutating func reset() {
        for k in 0..<gains.count { window[k] = 1; gains[k] = 1; low[k] = 1; high[k] = 1 }
    }

    /// Estimates the gains from this frame's `cells` and the learnt `means` (row-major, luma
    /// levels) over a grid of `rows` rows; `excluded(x, y)`: the cell is left out (a person);
    /// `fallback(tx, ty)`: the tile's gain, for a window with too little to measure.
    mutating func estimate(cells: UnsafePointer<Float>, means: UnsafePointer<Float>, rows: Int,
                           excluded: (Int, Int) -> Bool, fallback: (Int, Int) -> Float) {
        let w = columns, th = tileRows, reach = Self.windowReach
        scratch.withUnsafeMutableBufferPointer { scratchBuffer in
        window.withUnsafeMutableBufferPointer { windowBuffer in
            let values = scratchBuffer.baseAddress!, out = windowBuffer.baseAddress!
            for ty in 0..<th {
                let y0 = ty &* LocalLight.tileHeight, y1 = min(rows, y0 &+ LocalLight.tileHeight)
                for x in 0..<w {
                    let xa = max(0, x &- reach), xb = min(w &- 1, x &+ reach)
                    var count = 0
                    for y in y0..<y1 {
                        let row = y &* w
                        for xx in xa...xb {
                            let m = means[row &+ xx]
                            guard m >= LocalLight.darkestLearnt, !excluded(xx, y) else { continue }
                            values[count] = cells[row &+ xx] / m
                            count &+= 1
                        }
                    }
                    let area = (y1 &- y0) &* (xb &- xa &+ 1)
                    out[ty &* w &+ x] = count > 0 && count &* 4 >= area ? Self.median(values, count: count) : -1
                }
            }
        }}
        fillUnknown(fallback: fallback)
        // Down each column: a median of five tile rows.
        for ty in 0..<th {
            for x in 0..<w {
                func at(_ d: Int) -> Float { window[min(th - 1, max(0, ty + d)) * w + x] }
                gains[ty * w + x] = Self.medianOfFive(at(-2), at(-1), at(0), at(1), at(2))
            }
        }
        // The range of the three columns around each, in its tile row and the rows above and below.
        for ty in 0..<th {
            let ya = max(0, ty - 1), yb = min(th - 1, ty + 1)
            for x in 0..<w {
                let xa = max(0, x - 1), xb = min(w - 1, x + 1)
                var lo = Float.infinity, hi = -Float.infinity
                for yy in ya...yb {
                    for xx in xa...xb { let g = gains[yy * w + xx]; lo = min(lo, g); hi = max(hi, g) }
                }
                low[ty * w + x] = lo; high[ty * w + x] = hi
            }
        }
    }

    /// Gives each window mostly left out for a person (marked -1) the gain of the nearest measured
    /// window below it in its column, the ground the person stands on, which a cloud's shadow
    /// covers down to the view's bottom just as it covers them; where nothing below is measured,
    /// the nearest above; where the column has none, `fallback` (the tile's gain).
    private mutating func fillUnknown(fallback: (Int, Int) -> Float) {
        let w = columns, th = tileRows
        for x in 0..<w {
            for ty in stride(from: th - 1, through: 0, by: -1) where window[ty * w + x] < 0 {
                var other = ty + 1
                while other < th && window[other * w + x] < 0 { other += 1 }
                if other >= th {
                    other = ty - 1
                    while other >= 0 && window[other * w + x] < 0 { other -= 1 }
                }
                window[ty * w + x] = other >= 0 && other < th ? window[other * w + x] : fallback(x / LocalLight.tileWidth, ty)
            }
        }
    }

    /// The median of `count` values (the lower middle one of an even count, averaged with the
    /// upper): a selection in place, no allocation.
    private static func median(_ v: UnsafeMutablePointer<Float>, count: Int) -> Float {
        let upper = select(v, count: count, k: count / 2)
        guard count % 2 == 0 else { return upper }
        var lower = -Float.infinity
        for i in 0..<(count / 2) { lower = max(lower, v[i]) }   // after selection: the k smallest lie before k
        return (lower + upper) / 2
    }

    /// The `k`-th smallest of `count` values (Hoare's selection, reordering them).
    private static func select(_ v: UnsafeMutablePointer<Float>, count: Int, k: Int) -> Float {
        var lo = 0, hi = count - 1
        while lo < hi {
            let pivot = v[(lo + hi) / 2]
            var i = lo, j = hi
            while i <= j {
                while v[i] < pivot { i += 1 }
                while v[j] > pivot { j -= 1 }
                if i <= j { v.swapAt(i, j); i += 1; j -= 1 }
            }
            if k <= j { hi = j } else if k >= i { lo = i } else { break }
        }
        return v[k]
    }

    private static func medianOfFive(_ a: Float, _ b: Float, _ c: Float, _ d: Float, _ e: Float) -> Float {
        // min/max network: the median of five in a few comparisons.
        let f = max(min(a, b), min(c, d)), g = min(max(a, b), max(c, d))
        return max(min(e, f), min(max(e, f), g))
    }
}

extension UnsafeMutablePointer where Pointee == Float {
    @inline(__always)
    fileprivate func swapAt(_ i: Int, _ j: Int) { let t = self[i]; self[i] = self[j]; self[j] = t }
}
