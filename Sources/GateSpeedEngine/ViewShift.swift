import GateSpeedVision

/// How far the view moved since the course was first learnt: a camera bumped between runs
/// settles a few pixels off its old aim, the course is learnt again, and everything in the
/// image, the posts with it, now sits that far from where the image-rule posts were set.
///
/// The course as first learnt (the detector's learnt background: people-free, noise averaged
/// over the learning window) is kept; each time the course is learnt again it is matched
/// against it: the shift (across and down, in cells, sub-cell) that best correlates the new
/// background with the old one (zero-mean normalised correlation, so a change of light
/// between the two does not count), first over whole cells on every other cell, then refined
/// by parabolas through the correlation. The grid's staggered rows (`AnalysisGrid.rowShift`)
/// are sampled where they were sampled, with linear interpolation along and across rows.
///
/// A match that is not clear (correlation under `minimumCorrelation`, or the best whole-cell
/// shift at the edge of the reach) measures nothing: the shift is taken as none.
///
/// Runs once per learning (a few million multiply-adds at 192 columns), never per frame; its
/// buffers are sized when the first course is kept.
struct ViewShift: Sendable {
    /// Farthest shift looked for, view widths across and view heights down.
    static let reachFraction = 0.06
    /// Least correlation of the two backgrounds at the best shift for the match to count.
    static let minimumCorrelation = 0.8

    private var reference: [Float] = []
    private var current: [Float] = []
    private var columns = 0, rows = 0
    /// The view's shift since the first learning, view widths (positive: the scene moved right).
    private(set) var dx = 0.0
    /// The same down the view, view heights (positive: the scene moved down).
    private(set) var dy = 0.0
    /// Correlation of the last match (0 when none was made).
    private(set) var correlation = 0.0

    /// Forgets the first course (another camera, another view): the next learning is the new reference.
    mutating func reset() {
        reference = []
        columns = 0; rows = 0
        dx = 0; dy = 0; correlation = 0
    }

    /// A shift, view widths across and view heights down: what is now at view (x, y) was at
    /// (x - `x`, y - `y`) in the first-learnt view.
    struct Offset: Sendable {
        var x = 0.0, y = 0.0
        static let none = Offset()
    }
    var offset: Offset { Offset(x: dx, y: dy) }

    /// The course was learnt (again) as `background`, on a grid of `columns` x `rows` cells.
    mutating func courseLearnt(_ background: BackgroundModel, columns: Int, rows: Int) {
        let n = columns * rows
        guard n > 0, background.cellCount >= n else { return }
        if reference.isEmpty || columns != self.columns || rows != self.rows {
            reference = [Float](repeating: 0, count: n)
            current = reference
            for i in 0..<n { reference[i] = background.learntValue(at: i) }
            self.columns = columns; self.rows = rows
            dx = 0; dy = 0; correlation = 0
            return
        }
        for i in 0..<n { current[i] = background.learntValue(at: i) }
        let shift = Self.measure(reference, current, columns: columns, rows: rows)
        correlation = shift.correlation
        if let cells = shift.cells {
            dx = cells.x / Double(columns)
            dy = cells.y / Double(rows)
        } else {
            dx = 0; dy = 0
        }
    }

    /// The shift (cells) that best maps `old` onto `new` (`new(x) = old(x - shift)`), and its
    /// correlation; no shift when the match is not clear.
    static func measure(_ old: [Float], _ new: [Float], columns: Int, rows: Int)
        -> (cells: (x: Double, y: Double)?, correlation: Double) {
        let reachX = max(1, Int((reachFraction * Double(columns)).rounded(.up)))
        let reachY = max(1, Int((reachFraction * Double(rows)).rounded(.up)))
        guard columns > 4 * reachX, rows > 4 * reachY else { return (nil, 0) }
        var best = (x: 0, y: 0), bestScore = -2.0
        for sy in -reachY...reachY {
            for sx in -reachX...reachX {
                let score = ncc(old, new, columns, rows, Double(sx), Double(sy), reachX + 3, reachY + 3, stride: 2)
                if score > bestScore { bestScore = score; best = (sx, sy) }
            }
        }
        guard abs(best.x) < reachX, abs(best.y) < reachY else { return (nil, bestScore) }
        var x = Double(best.x), y = Double(best.y)
        for step in [1.0, 0.5, 0.25] {
            x += step * NormalisedCorrelation.peak(
                ncc(old, new, columns, rows, x - step, y, reachX + 3, reachY + 3, stride: 1),
                ncc(old, new, columns, rows, x, y, reachX + 3, reachY + 3, stride: 1),
                ncc(old, new, columns, rows, x + step, y, reachX + 3, reachY + 3, stride: 1))
            y += step * NormalisedCorrelation.peak(
                ncc(old, new, columns, rows, x, y - step, reachX + 3, reachY + 3, stride: 1),
                ncc(old, new, columns, rows, x, y, reachX + 3, reachY + 3, stride: 1),
                ncc(old, new, columns, rows, x, y + step, reachX + 3, reachY + 3, stride: 1))
        }
        let score = ncc(old, new, columns, rows, x, y, reachX + 3, reachY + 3, stride: 1)
        guard score >= minimumCorrelation else { return (nil, score) }
        return ((x, y), score)
    }

    /// Zero-mean normalised correlation of `new` with `old` shifted by (`sx`, `sy`) cells, over
    /// the cells at least `marginX`, `marginY` from the border, every `stride`-th cell each way.
    static func ncc(_ old: [Float], _ new: [Float], _ columns: Int, _ rows: Int, _ sx: Double, _ sy: Double,
                    _ marginX: Int, _ marginY: Int, stride: Int) -> Double {
        var sums = NormalisedCorrelation()
        var r = marginY
        while r < rows - marginY {
            // The old rows either side of where this row's content was, and the blend between them.
            let y = Double(r) - sy
            let k0 = Int(y.rounded(.down)), k1 = k0 + 1
            let fy = y - Double(k0)
            guard k0 >= 0, k1 < rows else { r += stride; continue }
            let viewX = 0.5 + AnalysisGrid.rowShift(r) - sx
            let u0 = viewX - 0.5 - AnalysisGrid.rowShift(k0), u1 = viewX - 0.5 - AnalysisGrid.rowShift(k1)
            let i0 = Int(u0.rounded(.down)), f0 = u0 - Double(i0)
            let i1 = Int(u1.rounded(.down)), f1 = u1 - Double(i1)
            let row = r * columns, row0 = k0 * columns, row1 = k1 * columns
            var c = marginX
            while c < columns - marginX {
                let a0 = Double(old[row0 + c + i0]) * (1 - f0) + Double(old[row0 + c + i0 + 1]) * f0
                let a1 = Double(old[row1 + c + i1]) * (1 - f1) + Double(old[row1 + c + i1 + 1]) * f1
                let a = a0 * (1 - fy) + a1 * fy
                let b = Double(new[row + c])
                sums.add(a, b)
                c += stride
            }
            r += stride
        }
        return sums.value
    }
}
