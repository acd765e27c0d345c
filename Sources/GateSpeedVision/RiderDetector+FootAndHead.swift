import GateSpeedFrames

/// The rider's foot and head measured on the frame's own pixels around the region's bottom and
/// top cells (`EdgeRefiner`), sub-pixel where an edge is found.
extension RiderDetector {
    /// Measures the rider's foot and head on the frame's pixels (see `EdgeRefiner`), replacing
    /// the grid-level values the tracker gave; where a window finds no edge, those stay.
    mutating func refine(_ rider: inout RiderTracker.Observation, frame: VideoFrame, grid: AnalysisGrid) {
        let viewW = viewPixels.width, viewH = viewPixels.height
        let w = Double(viewW), h = Double(viewH)
        let cellW = w / Double(grid.columns), cellH = h / Double(grid.rows)
        let blob = rider.blob
        let bottomRow = Int((blob.maxY * Double(grid.rows)).rounded()) - 1
        let topRow = Int((blob.minY * Double(grid.rows)).rounded())
        let context = pixelContext(frame: frame, grid: grid)
        // Where the pixels tell nothing (a leg in front of a post of its own shade), the region's
        // bottom stands, good to about a cell.
        var foot = (x: rider.footX * w, y: rider.footY * h, sigma: cellH)
        var top = rider.topY * h
        var footWindow: (x0: Int, y0: Int)?, headWindow: (x0: Int, y0: Int)?
        let rows = blobs.rows
        let bottomRows = max(topRow, bottomRow - 1)...max(topRow, bottomRow)
        let topRows = topRow...min(rows - 1, max(topRow, min(bottomRow, topRow + 1)))
        let legs = blobs.columnExtent(of: blob, rows: bottomRows)
        let head = blobs.columnExtent(of: blob, rows: topRows)
        background.withMeans { means in
            // Feet: the leg's columns and a cell either side, two cells up and down from the region's bottom.
            if let legs,
               let window = EdgeRefiner.window(centreY: blob.maxY * h, halfHeight: 2 * cellH,
                                               left: Double(legs.first - 1) * cellW, right: Double(legs.last + 2) * cellW,
                                               viewWidth: viewW, viewHeight: viewH),
               edges.sample(window, frame: context, means: means),
               let edge = edges.bottomEdge(window) {
                // A foot that may go on unseen is only known to be no higher than this.
                foot = (Double(window.x0) + edge.centre * Double(window.step) + 0.5,
                        Double(window.y0) + edge.position, edge.hidden ? max(edge.sigma, cellH) : edge.sigma)
                footWindow = (window.x0, window.y0)
            }
            if let head,
               let window = EdgeRefiner.window(centreY: blob.minY * h, halfHeight: 1.5 * cellH,
                                               left: Double(head.first - 1) * cellW, right: Double(head.last + 2) * cellW,
                                               viewWidth: viewW, viewHeight: viewH),
               edges.sample(window, frame: context, means: means),
               let edge = edges.topEdge(window) {
                top = Double(window.y0) + edge.position
                headWindow = (window.x0, window.y0)
            }
        }
        // Edges found on the pixels go back through the sensor pixels read (a crop need not start
        // on a whole pixel); the grid's values are in view fractions already.
        if let footWindow, let point = context.viewPoint(pixelX: foot.x, pixelY: foot.y, x0: footWindow.x0, y0: footWindow.y0) {
            rider.footX = point.x
            rider.footY = point.y
        }
        rider.footSigma = foot.sigma / h
        if let headWindow, let point = context.viewPoint(pixelX: foot.x, pixelY: top, x0: headWindow.x0, y0: headWindow.y0) {
            rider.topY = point.y
        }
        rider.heightPixels = max(0, foot.y - top)
        tracker.refineFoot(trackID: rider.trackID, x: rider.footX, y: rider.footY)
    }

    func pixelContext(frame: VideoFrame, grid: AnalysisGrid) -> EdgeRefiner.Frame {
        EdgeRefiner.Frame(plane: frame.luma, geometry: geometry, viewWidth: viewPixels.width,
                          viewHeight: viewPixels.height, gridColumns: grid.columns, gridRows: grid.rows,
                          gain: background.gain, minimumDifference: 0.5 * settings.minimumContrast,
                          cellBlock: grid.block)
    }
}
