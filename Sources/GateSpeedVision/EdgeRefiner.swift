import GateSpeedFrames

/// Finds the rider's ground contact (and the top of the head) on the frame's own pixels, to a
/// fraction of a pixel, where the analysis grid knows them only to a cell.
///
/// Around the region's bottom cells, every view pixel of a small window (at most
/// `maximumColumns` x `maximumRows`, a few hundred pixels for a rider at the standard scale) is
/// read through the same `FrameGeometry` mapping as the grid and compared with the learnt
/// background of the cell whose sampling point is nearest (its mean times the global gain, at the
/// level of the pixel's own row where its row band was learnt, `EdgeRefiner+RowBands`). A
/// pixel is foreground when it differs by more than a threshold taken from the measured noise:
/// the cell's own deviation for a single pixel (its learnt temporal noise, and the spread of the
/// ground texture around its sampling point while learning) and the noise measured in the window
/// itself in this frame (the median absolute difference, which the legs cannot move).
///
/// The lowest pixel row with foreground across the legs (two or more pixels in that row and in the
/// row above) is the edge row. Its sub-pixel position comes from the coverage of the rows at the
/// edge: each row's differences projected on those of a fully covered reference row two rows up,
/// over the leg's columns, give the fraction of the row the feet cover (1 above the edge, 0 below,
/// in between for the row the edge crosses or where the edge is blurred); the coverages summed from
/// the reference row down give the edge. The top of the head is measured the same way, upside down.
struct EdgeRefiner: Sendable {
    static let maximumColumns = 48
    static let maximumRows = 32
    /// A pixel is foreground beyond this many deviations of its cell's single-pixel noise ...
    static let cellDeviations: Float = 3

    /// An edge in window pixels: `position` is the boundary (rows of the window count from 0 at
    /// its top, row `j` covering `j ..< j + 1`), `centre` the mean column of the foreground pixels
    /// in the rows next to it (window columns, pixel centres), `sigma` the estimated 1-sigma error
    /// of `position`.
    struct Edge: Sendable {
        var position: Double
        var centre: Double
        var sigma: Double
        /// The shape is as bright as the background beyond its edge there (a dark leg in front of
        /// a dark post): it may go on unseen, so the edge is only where it stops being visible.
        var hidden: Bool
    }

    /// The view pixels looked at: columns `x0, x0 + step, ...` (`columns` of them), rows `y0 ..< y0 + rows`.
    struct Window: Sendable {
        var x0 = 0, columns = 0, step = 1, y0 = 0, rows = 0
    }

    /// What the refiner needs to know about this frame.
    struct Frame {
        var plane: Plane
        var geometry: FrameGeometry
        /// View size in pixels.
        var viewWidth: Int, viewHeight: Int
        var gridColumns: Int, gridRows: Int
        var gain: Float
        /// Smallest threshold (0-255), whatever the noise: the 8-bit quantisation and a margin.
        var minimumDifference: Float
        /// Pixels a side of each cell's block (`AnalysisGrid.block`): a pixel's noise is the
        /// cell's times this.
        var cellBlock: Int = 2
    }

    /// Per cell: the 1-sigma deviation of one view pixel from the cell's learnt mean (0-255, gain 1).
    var pixelSigma: [Float]
    /// Per view pixel row and grid column (`bandColumns` to a row): the background of that row's
    /// pixels nearest to the column's cell, as a share of the cell's mean, and one pixel's 1-sigma
    /// deviation about it (0-255, gain 1); see `EdgeRefiner+RowBands`.
    var bandRatio: [Float]
    var bandSigma: [Float]
    let bandColumns: Int
    /// While learning the bands: pixels of a view row per grid column for each row phase, and per
    /// column the last row's squares and this row's spread.
    var bandCounts: [Int32]
    var bandScratch: [Float]
    /// This window's pixels: difference from the background, the foreground threshold, and the
    /// background expected there.
    private var difference: [Float]
    private var limit: [Float]
    private var expected: [Float]
    /// Foreground pixels per window row.
    private var counts: [Int]
    /// For the window's columns, the grid column whose sampling point is nearest, for each of the
    /// four row phases of the grid's stagger (`AnalysisGrid.rowShift`).
    private var cellColumns: [Int]
    /// Per window column, the weight of its pixels in a row's coverage (the reference, or 0).
    private var weights: [Float]
    /// Per cell, while learning: sum of squared pixel differences and pixel count.
    private var learnSquares: [Float]
    private var learnCounts: [Int32]
    /// The noise measured in the last window, 1 sigma (0-255).
    private(set) var windowSigma: Float = 0

    /// `viewRows` x `gridColumns`: the view's pixel rows and the grid's columns, for the row bands.
    init(cellCount: Int, viewRows: Int = 0, gridColumns: Int = 0) {
        pixelSigma = [Float](repeating: 255, count: cellCount)
        bandColumns = gridColumns
        bandRatio = [Float](repeating: 1, count: viewRows * gridColumns)
        bandSigma = [Float](repeating: 255, count: viewRows * gridColumns)
        bandCounts = [Int32](repeating: 0, count: 4 * gridColumns)
        bandScratch = [Float](repeating: 0, count: 2 * gridColumns)
        learnSquares = [Float](repeating: 0, count: cellCount)
        learnCounts = [Int32](repeating: 0, count: cellCount)
        difference = [Float](repeating: 0, count: Self.maximumColumns * Self.maximumRows)
        limit = [Float](repeating: 0, count: Self.maximumColumns * Self.maximumRows)
        expected = [Float](repeating: 0, count: Self.maximumColumns * Self.maximumRows)
        counts = [Int](repeating: 0, count: Self.maximumRows)
        cellColumns = [Int](repeating: 0, count: 4 * Self.maximumColumns)
        weights = [Float](repeating: 0, count: Self.maximumColumns)
    }

    /// Takes in the course just learnt, on `frame` (one of the still frames it was learnt from): per
    /// cell, the deviation of a single view pixel from the cell's mean, the larger of `block` times
    /// the temporal noise of the cell's `block` x `block` mean and the rms difference, in this frame, of all the view
    /// pixels nearest to the cell's sampling point (ground texture, and edges such as a post that
    /// stand inside a cell without touching its sampling point). One pass over the view, once per
    /// calibration.
    mutating func learn(background: BackgroundModel, frame: Frame, means: UnsafeBufferPointer<Float>) {
        let n = pixelSigma.count
        guard n == frame.gridColumns * frame.gridRows, means.count >= n,
              let map = PixelMap(frame: frame, x0: 0, y0: 0) else { return }
        let viewW = frame.viewWidth, viewH = frame.viewHeight
        let last = map.sensorPixel(viewW - 1, viewH - 1)
        guard last.x >= 0, last.x < frame.plane.width, last.y >= 0, last.y < frame.plane.height else { return }
        let columns = frame.gridColumns, rows = frame.gridRows
        let cellsPerPixelX = Double(columns) / Double(viewW), cellsPerPixelY = Double(rows) / Double(viewH)
        for i in 0..<n { learnSquares[i] = 0; learnCounts[i] = 0 }
        learnSquares.withUnsafeMutableBufferPointer { squares in
            learnCounts.withUnsafeMutableBufferPointer { count in
                for vy in 0..<viewH {
                    let cellRow = min(rows - 1, Int((Double(vy) + 0.5) * cellsPerPixelY))
                    let shift = AnalysisGrid.rowShift(cellRow)
                    let pixels = map.base + vy * map.rowStep
                    for vx in 0..<viewW {
                        let u = (Double(vx) + 0.5) * cellsPerPixelX - shift
                        let cell = cellRow * columns + min(columns - 1, max(0, Int(u.rounded(.down))))
                        let d = Float(pixels[vx * map.columnStep]) - means[cell]
                        squares[cell] += d * d
                        count[cell] += 1
                    }
                }
            }
        }
        for i in 0..<n {
            let spatial = learnCounts[i] > 0 ? (learnSquares[i] / Float(learnCounts[i])).squareRoot() : 0
            pixelSigma[i] = max(Float(frame.cellBlock) * background.noiseValue(at: i), spatial)
        }
        learnBands(background: background, frame: frame, means: means)
    }

    /// View pixel to sensor byte offset: view pixels map to sensor pixels one to one (orientation is
    /// a quarter-turn, mirror and crop), so one step across or down the view is one pixel along
    /// some sensor axis and the mapping is affine.
    struct PixelMap {
        /// Sensor pixel of view pixel (x0, y0), and of one step across and down the view.
        let origin: (x: Int, y: Int), across: (x: Int, y: Int), down: (x: Int, y: Int)
        let x0: Int, y0: Int
        /// Address of view pixel (x0, y0), and byte steps per view pixel across and down.
        let base: UnsafePointer<UInt8>
        let columnStep: Int, rowStep: Int

        init?(frame: Frame, x0: Int, y0: Int) {
            let plane = frame.plane, geometry = frame.geometry
            let viewW = Double(frame.viewWidth), viewH = Double(frame.viewHeight)
            let sensorW = Double(plane.width), sensorH = Double(plane.height)
            func sensor(_ vx: Int, _ vy: Int) -> (x: Double, y: Double) {
                let s = geometry.sensorPoint(viewX: (Double(vx) + 0.5) / viewW, viewY: (Double(vy) + 0.5) / viewH)
                return (s.x * sensorW - 0.5, s.y * sensorH - 0.5)
            }
            let o = sensor(x0, y0), a = sensor(x0 + 1, y0), d = sensor(x0, y0 + 1)
            origin = (Int(o.x.rounded()), Int(o.y.rounded()))
            across = (Int((a.x - o.x).rounded()), Int((a.y - o.y).rounded()))
            down = (Int((d.x - o.x).rounded()), Int((d.y - o.y).rounded()))
            self.x0 = x0
            self.y0 = y0
            guard origin.x >= 0, origin.x < plane.width, origin.y >= 0, origin.y < plane.height else { return nil }
            base = plane.base.assumingMemoryBound(to: UInt8.self) + plane.offset(x: origin.x, y: origin.y)
            columnStep = across.x * plane.pixelStride + across.y * plane.rowStride
            rowStep = down.x * plane.pixelStride + down.y * plane.rowStride
        }

        /// The view row this map reads sensor pixel `p` in.
        func viewRow(of p: (x: Int, y: Int)) -> Int {
            y0 + (down.x != 0 ? (p.x - origin.x) * down.x : (p.y - origin.y) * down.y)
        }

        /// Sensor pixel of view pixel (vx, vy).
        func sensorPixel(_ vx: Int, _ vy: Int) -> (x: Int, y: Int) {
            let i = vx - x0, j = vy - y0
            return (origin.x + i * across.x + j * down.x, origin.y + i * across.y + j * down.y)
        }
    }

    /// The window around view pixel row `centreY` (a boundary, may be fractional), `halfHeight`
    /// pixels up and down, across view pixel columns `left ..< right`; nil when it is empty.
    static func window(centreY: Double, halfHeight: Double, left: Double, right: Double,
                       viewWidth: Int, viewHeight: Int) -> Window? {
        let half = min(Double(maximumRows / 2), max(2, halfHeight))
        var y0 = Int((centreY - half).rounded(.down)), y1 = Int((centreY + half).rounded(.up))
        y0 = max(0, y0); y1 = min(viewHeight, y1)
        let x0 = max(0, Int(left.rounded(.down))), x1 = min(viewWidth, Int(right.rounded(.up)))
        guard y1 - y0 >= 4, x1 > x0 else { return nil }
        let step = (x1 - x0 + maximumColumns - 1) / maximumColumns
        return Window(x0: x0, columns: (x1 - x0 + step - 1) / step, step: step, y0: y0,
                      rows: min(maximumRows, y1 - y0))
    }

    /// Reads `window` out of the frame and classifies its pixels; false when the window does not
    /// map inside the sensor plane.
    mutating func sample(_ window: Window, frame: Frame, means: UnsafeBufferPointer<Float>) -> Bool {
        let plane = frame.plane
        let viewW = Double(frame.viewWidth), viewH = Double(frame.viewHeight)
        guard let map = PixelMap(frame: frame, x0: window.x0, y0: window.y0) else { return false }
        // The mapping is affine: the window is inside the plane when its corners are.
        let lastColumn = window.x0 + (window.columns - 1) * window.step, lastRow = window.y0 + window.rows - 1
        for corner in 0..<4 {
            let p = map.sensorPixel(corner & 1 == 0 ? window.x0 : lastColumn, corner & 2 == 0 ? window.y0 : lastRow)
            guard p.x >= 0, p.x < plane.width, p.y >= 0, p.y < plane.height else { return false }
        }
        let base = map.base
        let columnStep = map.columnStep * window.step, rowStep = map.rowStep
        let columns = frame.gridColumns, rows = frame.gridRows
        let gain = frame.gain, scale = max(1, frame.gain) * Self.cellDeviations
        let cellsPerPixelX = Double(columns) / viewW, cellsPerPixelY = Double(rows) / viewH
        // The grid column whose sampling point is nearest to each pixel centre, per row phase.
        cellColumns.withUnsafeMutableBufferPointer { table in
            for phase in 0..<4 {
                let shift = AnalysisGrid.rowShift(phase)
                for k in 0..<window.columns {
                    let u = (Double(window.x0 + k * window.step) + 0.5) * cellsPerPixelX - shift
                    table[phase * Self.maximumColumns + k] = min(columns - 1, max(0, Int(u.rounded(.down))))
                }
            }
        }
        // Each pixel's background and deviation: its row band's (`EdgeRefiner+RowBands`) where the
        // bands were learnt for this view, else its cell's.
        // The bands are keyed by the view row the learning pass read each sensor row as (a crop that
        // does not span whole sensor pixels reads a view row a pixel off from another origin).
        let learnt = bandColumns == columns && bandRatio.count >= frame.viewHeight * columns
            ? PixelMap(frame: frame, x0: 0, y0: 0) : nil
        let bands = learnt != nil
        // Over the pixels within their cell's threshold (the background ones): the mean |difference|
        // relative to the cell's learnt deviation, and the mean threshold.
        var quietSum: Float = 0, quietSigma: Float = 0, quietCount = 0
        difference.withUnsafeMutableBufferPointer { diff in
        limit.withUnsafeMutableBufferPointer { lim in
        expected.withUnsafeMutableBufferPointer { background in
        cellColumns.withUnsafeBufferPointer { table in
        pixelSigma.withUnsafeBufferPointer { sigma in
        bandRatio.withUnsafeBufferPointer { bandRatio in
        bandSigma.withUnsafeBufferPointer { bandSigma in
            for j in 0..<window.rows {
                let viewRow = learnt.map { min(frame.viewHeight - 1, max(0, $0.viewRow(of: map.sensorPixel(window.x0, window.y0 + j)))) }
                    ?? window.y0 + j
                // The grid row whose sampling points are nearest to the pixel row's centre.
                let cellRow = min(rows - 1, Int((Double(viewRow) + 0.5) * cellsPerPixelY))
                let rowCells = cellRow * columns
                let bandRow = viewRow * columns
                let phase = (cellRow & 3) * Self.maximumColumns
                let pixels = base + j * rowStep
                let out = j * Self.maximumColumns
                for k in 0..<window.columns {
                    let column = table[phase + k]
                    let cell = rowCells + column
                    let b = gain * means[cell] * (bands ? bandRatio[bandRow + column] : 1)
                    let d = Float(pixels[k * columnStep]) - b
                    diff[out + k] = d
                    background[out + k] = b
                    let deviation = scale * (bands ? bandSigma[bandRow + column] : sigma[cell])
                    lim[out + k] = deviation
                    // In units of the cell's own learnt deviation (3 for a pixel at its threshold).
                    let relative = abs(d) * (Self.cellDeviations / max(1e-3, deviation))
                    let quiet = relative <= Self.cellDeviations
                    quietSum += quiet ? relative : 0
                    quietSigma += quiet ? deviation : 0
                    quietCount += quiet ? 1 : 0
                }
            }
        }}}}}}}
        // The noise measured in the window itself, relative to what the cells learnt: for Gaussian
        // noise the mean absolute value is 0.8 sigma (hardly less when cut at three sigma). Noisier
        // than learnt (dusk, compression), every threshold grows with it; never below the learnt.
        let quiet = Float(max(1, quietCount))
        let noiseScale = max(1, 1.25 * quietSum / quiet)
        windowSigma = max(0.5, noiseScale * quietSigma / quiet / Self.cellDeviations)
        let floor = frame.minimumDifference
        difference.withUnsafeBufferPointer { diff in
        limit.withUnsafeMutableBufferPointer { lim in
        counts.withUnsafeMutableBufferPointer { counts in
            for j in 0..<window.rows {
                let out = j * Self.maximumColumns
                var n = 0
                for k in 0..<window.columns {
                    let l = max(lim[out + k] * noiseScale, floor)
                    lim[out + k] = l
                    n += abs(diff[out + k]) > l ? 1 : 0
                }
                counts[j] = n
            }
        }}}
        return true
    }

    /// The lower edge of the foreground in the last sampled window (the feet), or nil.
    mutating func bottomEdge(_ window: Window) -> Edge? {
        // Rough edge: the lowest row with foreground across the legs, in the row above it too.
        var j = window.rows - 1
        while j >= 2 {
            if counts[j] >= 2 && counts[j - 1] >= 2, let edge = measure(window, roughEdge: j, inward: -1) { return edge }
            j -= 1
        }
        return nil
    }

    /// The upper edge of the foreground in the last sampled window (the top of the head), or nil.
    mutating func topEdge(_ window: Window) -> Edge? {
        // Rough edge: the highest row with foreground that goes on below (a head is narrow at the top).
        var j = 0
        while j + 2 < window.rows {
            if counts[j] >= 1 && counts[j + 1] >= 1 && counts[j + 2] >= 2,
               let edge = measure(window, roughEdge: j, inward: 1) { return edge }
            j += 1
        }
        return nil
    }

    /// Sub-pixel position of the edge near `roughEdge`, the shape lying toward `inward` (-1: above,
    /// the feet; +1: below, the head). Nil when the rows inside show no clear shape to compare with.
    private mutating func measure(_ window: Window, roughEdge e0: Int, inward s: Int) -> Edge? {
        let width = window.columns, stride = Self.maximumColumns, rows = window.rows
        // Reference: the mean of the two rows inside the rough edge, per column.
        let r1 = e0 + s, r2 = e0 + 2 * s
        guard r1 >= 0 && r1 < rows else { return nil }
        let referenceRows = (r2 >= 0 && r2 < rows) ? 2 : 1
        return difference.withUnsafeBufferPointer { diff -> Edge? in
            limit.withUnsafeBufferPointer { lim -> Edge? in
            expected.withUnsafeBufferPointer { background -> Edge? in
            weights.withUnsafeMutableBufferPointer { weight -> Edge? in
                @inline(__always) func reference(_ k: Int) -> Float {
                    referenceRows == 2 ? 0.5 * (diff[r1 * stride + k] + diff[r2 * stride + k]) : diff[r1 * stride + k]
                }
                // A column belongs to the shape when the reference clears the pixel threshold scaled
                // to a mean of `referenceRows` pixels.
                let scale = 1 / Float(referenceRows).squareRoot()
                @inline(__always) func shape(_ k: Int) -> Bool {
                    k >= 0 && k < width && abs(reference(k)) > scale * lim[r1 * stride + k]
                }
                // Prefer the shape's interior (a neighbour either side too), where a slanted or partly
                // covered pixel at the side cannot dilute the coverage.
                var interior = 0
                for k in 0..<width where shape(k - 1) && shape(k) && shape(k + 1) { interior += 1 }
                let useInterior = interior >= 2
                var power: Float = 0, used = 0
                for k in 0..<width {
                    let counted = shape(k) && (!useInterior || (shape(k - 1) && shape(k + 1)))
                    let r = counted ? reference(k) : 0
                    weight[k] = r
                    power += r * r
                    used += counted ? 1 : 0
                }
                guard used >= 1, power > 0 else { return nil }
                // The reference's own noise inflates its power but not its product with another row, so
                // rows outside it would read as less covered than they are (at dusk, contrast halved
                // under noise 7, a sixth of a pixel high: a tenth of a metre of depth at 30 m). Their
                // coverage is over the power less that noise; the reference rows' own over the whole.
                let noisePower = Float(used) * windowSigma * windowSigma / Float(referenceRows)
                let signalPower = max(0.5 * power, power - noisePower)
                // Fraction of row `j` the shape covers, relative to the reference.
                func coverage(_ j: Int) -> Double {
                    guard j >= 0 && j < rows else { return 0 }
                    var sum: Float = 0
                    let row = j * stride
                    for k in 0..<width { sum += diff[row + k] * weight[k] }
                    let inReference = j == r1 || (referenceRows == 2 && j == r2)
                    return Double(min(1.25, max(-0.25, sum / (inReference ? power : signalPower))))
                }
                // The last row, going out from the reference, that is still at least half covered.
                // (Only a few rows past the rough edge: a shape that goes on much further is something
                // else of the same shade below the feet.)
                var edge = r1
                var j = e0
                while j >= 0 && j < rows && abs(j - e0) <= 3 && coverage(j) >= 0.5 {
                    edge = j
                    j -= s
                }
                // The inner row's far boundary moved out by the coverage of it, the edge row and the
                // row beyond (a blurred edge spreads over these three).
                let inner = coverage(edge + s), atEdge = coverage(edge), beyond = coverage(edge - s)
                let total = inner + atEdge + beyond
                let start = s < 0 ? Double(edge + s) : Double(edge + s + 1)
                let position = start - Double(s) * total
                // Noise: each coverage carries the pixels' noise over the reference's power (the inner
                // row's mostly cancels, being half the reference), and the reference's own noise (a mean
                // of `referenceRows` rows) is common to all three. The window's noise is measured over
                // legs and ground together and runs high; the factor is fitted on simulated edges.
                let sigmaNoise = 0.7 * Double(windowSigma) * (2 + total * total / Double(2 * referenceRows)).squareRoot()
                    / Double(power.squareRoot())
                // Shape: a clean step covers the inner row fully and nothing beyond the edge row; a
                // blurred or ragged edge spreads over the rows and fits the step less well.
                let spread = max(0, 1 - inner) + max(0, beyond)
                let sigmaShape = 0.05 + 0.3 * spread
                var sigma = (sigmaNoise * sigmaNoise + sigmaShape * sigmaShape).squareRoot()
                let beyondRow = edge - s
                if beyondRow < 0 || beyondRow >= rows { sigma += 1 }   // the edge may lie outside the window
                if used < 2 { sigma = max(sigma, 0.5) }                 // one column: a guess, not a measurement
                // The centre of the foreground in the edge row and the next two rows in.
                var sum = 0.0, count = 0
                for step in 0..<3 {
                    let row = edge + step * s
                    guard row >= 0 && row < rows else { continue }
                    for k in 0..<width where abs(diff[row * stride + k]) > lim[row * stride + k] {
                        sum += Double(k); count += 1
                    }
                }
                let centre = count > 0 ? sum / Double(count) : Double(width - 1) / 2
                // Would the shape show against the background of the two rows beyond the edge?
                var hiddenColumns = 0
                for k in 0..<width where weight[k] != 0 {
                    let own = background[r1 * stride + k] + weight[k]
                    for step in 1...2 {
                        let row = edge - step * s
                        guard row >= 0 && row < rows else { continue }
                        if abs(own - background[row * stride + k]) < lim[row * stride + k] { hiddenColumns += 1; break }
                    }
                }
                return Edge(position: position, centre: centre, sigma: sigma, hidden: 2 * hiddenColumns > used)
            }
            }
            }
        }
    }
}
