/// Whether the course's edges held still through the frames a realignment would learn from.
///
/// A camera settling after a bump drifts by less than a map can tell apart, yet a thin pole's
/// or a line's cells change by much of their contrast as it does: cells that varied through
/// those frames take the learnt course read between cells, which smears a pole, and the
/// settled view then shows every pole as a person. People change a few edges; a camera still
/// moving changes the edges all over the view.
extension BackgroundModel {
    /// Of the learnt course's edges read through `map` (cells whose learnt corners differ by more
    /// than their threshold), how many varied through `seen` (at gain 1) by more than it, and how
    /// many there are.
    func unsettledEdges(map: CourseAlignment, grid: CourseAlignment.Grid, seen: RealignFrames) -> (varied: Int, edges: Int) {
        let w = grid.columns, h = grid.rows
        guard w * h <= cellCount, seen.count > 0, seen.low.count >= w * h else { return (0, 0) }
        var varied = 0, edges = 0
        for r in 0..<h {
            for c in 0..<w {
                let s = map.source(column: c, row: r, grid: grid)
                guard let k = CourseAlignment.corners(x: s.x, y: s.y, grid: grid) else { continue }
                let low = min(min(mean[k.i00], mean[k.i01]), min(mean[k.i10], mean[k.i11]))
                let high = max(max(mean[k.i00], mean[k.i01]), max(mean[k.i10], mean[k.i11]))
                let limit = max(max(threshold[k.i00], threshold[k.i01]), max(threshold[k.i10], threshold[k.i11]))
                guard high - low > limit else { continue }
                edges += 1
                let i = r * w + c
                if seen.high[i] - seen.low[i] > limit { varied += 1 }
            }
        }
        return (varied, edges)
    }
}
