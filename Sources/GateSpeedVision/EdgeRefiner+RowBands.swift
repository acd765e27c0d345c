/// The learnt course at the view's own row resolution, for the edge refiner's pixels.
///
/// Ground seen at a grazing angle is foreshortened: a line across the view (the edge line of a
/// strip a few metres behind the post line, a kerb, the border of grass) covers one or two of
/// the 5–7 pixel rows of an HD cell. A cell's single deviation (`EdgeRefiner.pixelSigma`, the
/// spread of all its pixels about its mean) then counts the line in every one of its rows: three
/// of it are 45–55 luma where the rows beside the line hold 15–25, and the background the line
/// lifts or lowers the cell's mean by is carried into every row. A leg of low contrast (20–40
/// luma) standing on those rows is not seen there, the feet are read at the cell's top, 4–7 px
/// above them (3–5 m too far across the course at 30 m), and the run is timed 3–9 % too fast.
///
/// So for each view pixel row and grid column, the pixels of that row nearest to the column's
/// cell give their own mean (kept as a share of the cell's mean, so that it follows the light as
/// the cell does) and their spread about it, pooled with the rows just above and below (each
/// about its own mean: a line in one row does not widen its neighbours' spread) for a spread
/// measured on enough pixels; never below the cell's temporal noise for a single pixel. Only
/// where the rows explain the cell's spread (`bandAcrossRowsShare` of its variance lies between
/// them), and where the cells either side show it too (a line runs across the view; the painted
/// bands of a pole, confined to its cell, are the pole's: a leg covering them is not an edge):
/// a pole standing in a cell spreads every row as much, and a row's mean there would blur the
/// pole into the ground beside it. A row with fewer than `bandLeastPixels` pixels to the cell
/// (cells narrower than that, below HD) keeps the cell's values: its mean would carry a third or
/// more of the pixel noise into every pixel of the row.
///
/// Learnt in one pass over the view, once per calibration, from the same frame as the cells'
/// spread. After a bump's realignment the cells' values stand (a shift of a fraction of a cell
/// does not carry rows).
extension EdgeRefiner {
    /// Fewest pixels of one row nearest to a cell for the row's own mean and spread.
    static let bandLeastPixels = 5
    /// Share of a cell's variance that must lie between its rows (a line along the view) for a
    /// row's own values to stand for it; a spread each row shows as much (a pole, texture, noise)
    /// is the cell's, whose mean at the sampling point is its best background.
    static let bandAcrossRowsShare: Float = 0.4

    /// Learns the row bands from `frame` (see above); `pixelSigma` must be learnt already. The
    /// sums are gathered in the bands' own arrays (no allocation).
    mutating func learnBands(background: BackgroundModel, frame: Frame, means: UnsafeBufferPointer<Float>) {
        let columns = frame.gridColumns, rows = frame.gridRows
        let viewW = frame.viewWidth, viewH = frame.viewHeight
        let n = viewH * columns
        guard bandColumns == columns, bandRatio.count == n, bandSigma.count == n, bandCounts.count == 4 * columns,
              bandScratch.count == 2 * columns, pixelSigma.count == rows * columns,
              let map = PixelMap(frame: frame, x0: 0, y0: 0) else { return }
        let cellsPerPixelX = Double(columns) / Double(viewW), cellsPerPixelY = Double(rows) / Double(viewH)
        @inline(__always) func cellRow(_ vy: Int) -> Int { min(rows - 1, Int((Double(vy) + 0.5) * cellsPerPixelY)) }
        @inline(__always) func column(_ vx: Int, _ shift: Double) -> Int {
            min(columns - 1, max(0, Int(((Double(vx) + 0.5) * cellsPerPixelX - shift).rounded(.down))))
        }
        // Pixels of one view row nearest to each column's cells: the same for every row of a phase
        // of the grid's stagger.
        for i in 0..<bandCounts.count { bandCounts[i] = 0 }
        for phase in 0..<4 {
            let shift = AnalysisGrid.rowShift(phase)
            for vx in 0..<viewW { bandCounts[phase * columns + column(vx, shift)] += 1 }
        }
        // Per band: the sum of the pixels' differences from the cell's mean (in `bandRatio`) and of
        // their squares (in `bandSigma`).
        for i in 0..<n { bandRatio[i] = 0; bandSigma[i] = 0 }
        bandRatio.withUnsafeMutableBufferPointer { sums in
        bandSigma.withUnsafeMutableBufferPointer { squares in
            for vy in 0..<viewH {
                let row = cellRow(vy)
                let shift = AnalysisGrid.rowShift(row)
                let pixels = map.base + vy * map.rowStep
                for vx in 0..<viewW {
                    let c = column(vx, shift)
                    let d = Float(pixels[vx * map.columnStep]) - means[row * columns + c]
                    sums[vy * columns + c] += d
                    squares[vy * columns + c] += d * d
                }
            }
        }}
        // Each band's mean difference, and its squares about that mean.
        for vy in 0..<viewH {
            let phase = cellRow(vy) & 3
            for c in 0..<columns {
                let band = vy * columns + c, count = bandCounts[phase * columns + c]
                guard count > 0 else { continue }
                let mean = bandRatio[band] / Float(count)
                bandSigma[band] = max(0, bandSigma[band] - bandRatio[band] * mean)
                bandRatio[band] = mean
            }
        }
        // The spread pooled with the rows above and below; whether the rows explain the cell's spread
        // there (the spread, or -1 where not: the second half of `bandScratch`); then the mean as a share of the cell's.
        let block = Float(frame.cellBlock)
        for vy in 0..<viewH {
            let row = cellRow(vy)
            for c in 0..<columns {
                let band = vy * columns + c
                let own = bandSigma[band]
                var pooled = own, freedom = Int(bandCounts[(row & 3) * columns + c]) - 1
                if vy > 0 {
                    pooled += bandScratch[c]   // the row above's squares, kept before they were replaced
                    freedom += Int(bandCounts[(cellRow(vy - 1) & 3) * columns + c]) - 1
                }
                if vy + 1 < viewH {
                    pooled += bandSigma[band + columns]
                    freedom += Int(bandCounts[(cellRow(vy + 1) & 3) * columns + c]) - 1
                }
                bandScratch[c] = own
                let cell = row * columns + c
                let spread = freedom > 0 ? max(block * background.noiseValue(at: cell), (pooled / Float(freedom)).squareRoot()) : 0
                let explained = Int(bandCounts[(row & 3) * columns + c]) >= Self.bandLeastPixels && means[cell] >= 1
                    && freedom > 0 && spread * spread <= (1 - Self.bandAcrossRowsShare) * pixelSigma[cell] * pixelSigma[cell]
                bandScratch[columns + c] = explained ? spread : -1
            }
            for c in 0..<columns {
                let band = vy * columns + c, cell = row * columns + c
                // A line along the ground runs on through the next cells; bands confined to a cell
                // or two are an object's (a pole's painted bands), whose pixels a leg may cover.
                if bandScratch[columns + c] >= 0 && bandScratch[columns + max(0, c - 1)] >= 0
                    && bandScratch[columns + min(columns - 1, c + 1)] >= 0 {
                    let mean = means[cell]
                    bandRatio[band] = (mean + bandRatio[band]) / mean
                    bandSigma[band] = bandScratch[columns + c]
                } else {
                    bandRatio[band] = 1
                    bandSigma[band] = pixelSigma[cell]
                }
            }
        }
    }

    /// Every row band takes its cell's values: the cell's mean and its deviation.
    mutating func bandsFromCells(gridRows rows: Int) {
        let columns = bandColumns
        guard columns > 0, rows > 0, pixelSigma.count == rows * columns else { return }
        let viewH = bandRatio.count / columns
        let cellsPerPixelY = Double(rows) / Double(max(1, viewH))
        for vy in 0..<viewH {
            let cellRow = min(rows - 1, Int((Double(vy) + 0.5) * cellsPerPixelY))
            for column in 0..<columns {
                bandRatio[vy * columns + column] = 1
                bandSigma[vy * columns + column] = pixelSigma[cellRow * columns + column]
            }
        }
    }
}
