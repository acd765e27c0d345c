/// The pixels' spread about the learnt course moved with a bumped camera (see `CourseAlignment`).
extension EdgeRefiner {
    /// Takes over `learnt`'s per-cell pixel deviations read through `map`: the largest of the four
    /// learnt cells around where each cell now looks (the nearest one outside the learnt view).
    mutating func realign(from learnt: EdgeRefiner, map: CourseAlignment, grid: CourseAlignment.Grid) {
        let w = grid.columns, h = grid.rows
        guard w * h == pixelSigma.count, learnt.pixelSigma.count == pixelSigma.count else { return }
        let old = learnt.pixelSigma
        for r in 0..<h {
            for c in 0..<w {
                let s = map.source(column: c, row: r, grid: grid)
                if let k = CourseAlignment.corners(x: s.x, y: s.y, grid: grid) {
                    pixelSigma[r * w + c] = max(max(old[k.i00], old[k.i01]), max(old[k.i10], old[k.i11]))
                } else {
                    pixelSigma[r * w + c] = old[CourseAlignment.nearestCell(x: s.x, y: s.y, grid: grid)]
                }
            }
        }
        // The row bands do not follow a shift by a fraction of a cell: the cells' stand.
        bandsFromCells(gridRows: h)
    }
}
