/// Where a bumped camera now sees the course it learnt: a rigid move of the whole view, a shift
/// across and down and a small roll about the view's centre. The course has not changed, only
/// where it appears; so a frame of the settled view is matched against the learnt course (the
/// people in it are a small part of the view and barely move the match), and the learnt course
/// is then read at the matched places (`CourseRealignment`).
///
/// Positions are in grid cells with the grid's staggered rows (`AnalysisGrid.rowShift`): cell
/// (column c, row r) samples the view at x = c + 0.5 + rowShift(r), y = r + 0.5 cells.
/// Run once a frame for a few frames after a bump, never on a steady frame.
public struct CourseAlignment: Sendable, Equatable {
    /// Shift of the view, cells across (positive: the scene moved right) and down.
    public var x = 0.0, y = 0.0
    /// Roll of the view, radians (positive: the scene turned clockwise on screen, top-left origin).
    public var roll = 0.0

    public init(x: Double = 0, y: Double = 0, roll: Double = 0) {
        self.x = x; self.y = y; self.roll = roll
    }

    /// A grid's size and its cells' shape, for the map.
    public struct Grid: Sendable {
        public var columns: Int, rows: Int
        /// Cell height over cell width, in view pixels (about 1).
        public var cellAspect: Double
        public init(columns: Int, rows: Int, cellAspect: Double = 1) {
            self.columns = columns; self.rows = rows; self.cellAspect = cellAspect
        }
    }

    /// Where the content now at view position (`x`, `y`) (cells) was in the learnt view.
    @inline(__always)
    func source(x: Double, y: Double, grid: Grid) -> (x: Double, y: Double) {
        let cx = 0.5 * Double(grid.columns), cy = 0.5 * Double(grid.rows)
        return (x - self.x + roll * (y - cy) * grid.cellAspect, y - self.y - roll * (x - cx) / grid.cellAspect)
    }

    /// Where the content cell (`column`, `row`) now sees was in the learnt view (cells).
    @inline(__always)
    func source(column: Int, row: Int, grid: Grid) -> (x: Double, y: Double) {
        source(x: Double(column) + 0.5 + AnalysisGrid.rowShift(row), y: Double(row) + 0.5, grid: grid)
    }

    /// The learnt cell nearest view position (`x`, `y`) (cells), within the grid: what a place
    /// outside the learnt view is read from.
    static func nearestCell(x: Double, y: Double, grid: Grid) -> Int {
        let row = min(grid.rows - 1, max(0, Int(y.rounded(.down))))
        let column = min(grid.columns - 1, max(0, Int((x - 0.5 - AnalysisGrid.rowShift(row)).rounded())))
        return row * grid.columns + column
    }

    /// The four learnt cells around view position (`x`, `y`) (cells) and their weights; nil
    /// outside the learnt grid.
    @inline(__always)
    static func corners(x: Double, y: Double, grid: Grid)
        -> (i00: Int, i01: Int, i10: Int, i11: Int, w00: Float, w01: Float, w10: Float, w11: Float)? {
        let v = y - 0.5
        let k0 = Int(v.rounded(.down)), fy = v - Double(k0)
        guard k0 >= 0, k0 + 1 < grid.rows else { return nil }
        let u0 = x - 0.5 - AnalysisGrid.rowShift(k0), u1 = x - 0.5 - AnalysisGrid.rowShift(k0 + 1)
        let j0 = Int(u0.rounded(.down)), j1 = Int(u1.rounded(.down))
        guard j0 >= 0, j0 + 1 < grid.columns, j1 >= 0, j1 + 1 < grid.columns else { return nil }
        let f0 = u0 - Double(j0), f1 = u1 - Double(j1)
        let a = k0 * grid.columns + j0, b = (k0 + 1) * grid.columns + j1
        return (a, a + 1, b, b + 1, Float((1 - f0) * (1 - fy)), Float(f0 * (1 - fy)), Float((1 - f1) * fy), Float(f1 * fy))
    }

    /// The learnt value `old` shows at the place cell (`column`, `row`) now sees; nil outside.
    @inline(__always)
    func value(_ old: UnsafePointer<Float>, column: Int, row: Int, grid: Grid) -> Float? {
        let s = source(column: column, row: row, grid: grid)
        guard let c = Self.corners(x: s.x, y: s.y, grid: grid) else { return nil }
        return old[c.i00] * c.w00 + old[c.i01] * c.w01 + old[c.i10] * c.w10 + old[c.i11] * c.w11
    }

    /// Zero-mean normalised correlation of `new` with `old` read through this map, over the cells
    /// at least `margin` cells from the border, every `stride`-th cell each way.
    func correlation(_ old: UnsafePointer<Float>, _ new: UnsafePointer<Float>, grid: Grid, margin: Int, stride: Int) -> Double {
        var sums = NormalisedCorrelation()
        var r = margin
        while r < grid.rows - margin {
            var c = margin
            while c < grid.columns - margin {
                if let a = value(old, column: c, row: r, grid: grid).map(Double.init) {
                    let b = Double(new[r * grid.columns + c])
                    sums.add(a, b)
                }
                c += stride
            }
            r += stride
        }
        return sums.value
    }

    /// The map that best matches `new` (a frame's cells) with `old` (the learnt course): whole
    /// cells within `reach` across and down (every other cell), a few rolls up to `maximumRoll`
    /// (radians), then sub-cell by parabolas through the correlation. Nil when the best whole
    /// shift lies at the edge of the reach (the move is larger, or nothing matches).
    ///
    /// `near`: a map measured a moment ago (the camera has settled): only the whole cells next to
    /// it are looked at, at its roll, a twentieth of the work.
    public static func measure(_ old: UnsafePointer<Float>, _ new: UnsafePointer<Float>, grid: Grid,
                               reach: (x: Int, y: Int), maximumRoll: Double,
                               near: CourseAlignment? = nil) -> (map: CourseAlignment, correlation: Double)? {
        let margin = max(reach.x, reach.y) + 2
        guard grid.columns > 2 * margin + 8, grid.rows > 2 * margin + 8 else { return nil }
        var best = CourseAlignment(), bestScore = -2.0
        let rollStep = maximumRoll / 3
        if let near {
            let centre = CourseAlignment(x: near.x.rounded(), y: near.y.rounded(), roll: near.roll)
            for sy in -1...1 {
                for sx in -1...1 {
                    let map = CourseAlignment(x: centre.x + Double(sx), y: centre.y + Double(sy), roll: centre.roll)
                    let score = map.correlation(old, new, grid: grid, margin: margin, stride: 2)
                    if score > bestScore { bestScore = score; best = map }
                }
            }
            guard abs(best.x) < Double(reach.x), abs(best.y) < Double(reach.y) else { return nil }
        } else {
            for sy in -reach.y...reach.y {
                for sx in -reach.x...reach.x {
                    let map = CourseAlignment(x: Double(sx), y: Double(sy))
                    let score = map.correlation(old, new, grid: grid, margin: margin, stride: 2)
                    if score > bestScore { bestScore = score; best = map }
                }
            }
            guard abs(best.x) < Double(reach.x), abs(best.y) < Double(reach.y) else { return nil }
            // Rolls: steps a third of the largest, at the best whole shift.
            for k in -3...3 where k != 0 {
                let map = CourseAlignment(x: best.x, y: best.y, roll: Double(k) * rollStep)
                let score = map.correlation(old, new, grid: grid, margin: margin, stride: 2)
                if score > bestScore { bestScore = score; best = map }
            }
        }
        func score(_ map: CourseAlignment) -> Double { map.correlation(old, new, grid: grid, margin: margin, stride: 1) }
        var map = best
        for fraction in [1.0, 0.5, 0.25, 0.125] {
            var centre = score(map)
            var left = map; left.x -= fraction
            var right = map; right.x += fraction
            map.x += fraction * NormalisedCorrelation.peak(score(left), centre, score(right))
            centre = score(map)
            var up = map; up.y -= fraction
            var down = map; down.y += fraction
            map.y += fraction * NormalisedCorrelation.peak(score(up), centre, score(down))
            centre = score(map)
            let step = rollStep * fraction
            var anticlockwise = map; anticlockwise.roll -= step
            var clockwise = map; clockwise.roll += step
            map.roll += step * NormalisedCorrelation.peak(score(anticlockwise), centre, score(clockwise))
        }
        return (map, score(map))
    }

    /// Whether two maps agree: shifts within `cells`, rolls within `roll` (radians).
    public func agrees(with other: CourseAlignment, cells: Double, roll: Double) -> Bool {
        abs(x - other.x) <= cells && abs(y - other.y) <= cells && abs(self.roll - other.roll) <= roll
    }
}
