/// How far the whole view's texture moved against the learnt course: the shift (cells across
/// and down, sub-cell) that best correlates this frame's cells with the learnt means.
///
/// This is what tells a camera that moved from anything in front of it. A bump or a sway moves
/// every edge and every patch of texture of the view by the same few pixels, so the best match
/// lies off zero. A person covers a compact region whatever their size: the rest of the view
/// still matches best where it was, and so does a view under a cloud's shadow or drifting
/// light (zero-mean normalised correlation ignores a change of gain, and a smooth change of
/// light moves no texture). `CameraShiftTest` judges foreground cells one by one and can take
/// a large rider's or a crowd's cells for edges that moved; this confirms or denies it.
///
/// The match: whole cells every other cell within `reach`, then parabolas through the
/// correlation at steps of one and of half a cell. The grid's staggered rows
/// (`AnalysisGrid.rowShift`) are sampled where they were sampled, interpolated linearly.
/// Costs about (2 reach + 1)² x cells / 4 multiply-adds; run only on frames that look moved.
public enum ViewDisplacement {
    /// The shift (cells; positive: the scene moved right, down) that best maps `old` onto
    /// `new` (`new(x) = old(x - shift)`) within `reach` cells each way, its correlation, and how
    /// much better it correlates than no shift (`gain`); nil when the view is too small or has
    /// no texture.
    public static func measure(old: UnsafePointer<Float>, new: UnsafePointer<Float>, columns: Int, rows: Int,
                               reach: Int) -> (x: Double, y: Double, correlation: Double, gain: Double)? {
        let reach = max(1, reach)
        let margin = reach + 3
        guard columns > 2 * margin + 4, rows > 2 * margin + 4 else { return nil }
        var best = (x: 0, y: 0), bestScore = -2.0
        for sy in -reach...reach {
            for sx in -reach...reach {
                let score = ncc(old, new, columns, rows, Double(sx), Double(sy), margin, margin, stride: 2)
                if score > bestScore { bestScore = score; best = (sx, sy) }
            }
        }
        guard bestScore > -1 else { return nil }
        // Parabolas through the best whole cell and its neighbours, then through half-cell
        // neighbours of where they put the top. (Finer steps would fit the noise of a broad top:
        // a view under a cloud correlates less everywhere, evenly.)
        var x = Double(best.x), y = Double(best.y)
        var step = 1.0
        while step >= 0.5 {
            let centre = ncc(old, new, columns, rows, x, y, margin, margin, stride: 1)
            x += step * peak(ncc(old, new, columns, rows, x - step, y, margin, margin, stride: 1), centre,
                             ncc(old, new, columns, rows, x + step, y, margin, margin, stride: 1))
            let middle = ncc(old, new, columns, rows, x, y, margin, margin, stride: 1)
            y += step * peak(ncc(old, new, columns, rows, x, y - step, margin, margin, stride: 1), middle,
                             ncc(old, new, columns, rows, x, y + step, margin, margin, stride: 1))
            step *= 0.5
        }
        let correlation = ncc(old, new, columns, rows, x, y, margin, margin, stride: 1)
        return (x, y, correlation, correlation - ncc(old, new, columns, rows, 0, 0, margin, margin, stride: 1))
    }

    /// Offset of a parabola's top through three equally spaced values, in steps (within ±1).
    public static func peak(_ left: Double, _ centre: Double, _ right: Double) -> Double {
        let curvature = left - 2 * centre + right
        guard curvature < 0 else { return left > right ? -1 : (right > left ? 1 : 0) }
        return min(1, max(-1, 0.5 * (left - right) / curvature))
    }

    /// Zero-mean normalised correlation of `new` with `old` shifted by (`sx`, `sy`) cells, over
    /// the cells at least `marginX`, `marginY` from the border, every `stride`-th cell each way
    /// (-1 when either has no variance there).
    public static func ncc(_ old: UnsafePointer<Float>, _ new: UnsafePointer<Float>, _ columns: Int, _ rows: Int,
                           _ sx: Double, _ sy: Double, _ marginX: Int, _ marginY: Int, stride: Int) -> Double {
        var sa = 0.0, sb = 0.0, saa = 0.0, sbb = 0.0, sab = 0.0, count = 0.0
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
                sa += a; sb += b; saa += a * a; sbb += b * b; sab += a * b; count += 1
                c += stride
            }
            r += stride
        }
        guard count > 1 else { return -1 }
        let va = saa - sa * sa / count, vb = sbb - sb * sb / count
        guard va > 0, vb > 0 else { return -1 }
        return (sab - sa * sb / count) / (va * vb).squareRoot()
    }
}
