import Testing
@testable import GateSpeedVision

/// A realignment learns only from frames through which the course's edges held still
/// (`BackgroundModel+RealignSettled`): a camera still settling moves every pole by a fraction
/// of a cell, which changes all their edge cells; a person walking changes only their own.
@Suite struct BumpRealignmentSettledTests {
    static let grid = CourseAlignment.Grid(columns: 40, rows: 30)

    /// A grey course (luma 100) with five dark poles (luma 30), one cell wide, thresholds 10.
    static func course() -> BackgroundModel {
        let n = grid.columns * grid.rows
        var model = BackgroundModel(cellCount: n)
        for r in 0..<grid.rows {
            for c in 0..<grid.columns {
                model.mean[r * grid.columns + c] = [4, 12, 20, 28, 36].contains(c) ? 30 : 100
            }
        }
        for i in 0..<n { model.threshold[i] = 10; model.noise[i] = 2 }
        return model
    }

    /// The frames seen: the course as sampled with the poles shifted by `drift(frame)` of a cell
    /// (a pole's cell and its right-hand neighbour share it), and a person (luma 180) over
    /// `person` cells of the first pole's column in the odd frames.
    static func seen(frames: Int, drift: (Int) -> Double, personRows: Range<Int>) -> RealignFrames {
        let n = grid.columns * grid.rows
        var seen = RealignFrames(cellCount: n, colourCellCount: 0)
        var cells = [Float](repeating: 100, count: n)
        for f in 0..<frames {
            let d = Float(drift(f))
            for r in 0..<grid.rows {
                for c in 0..<grid.columns {
                    var v: Float = 100
                    if [4, 12, 20, 28, 36].contains(c) { v = 30 + 70 * d }
                    if [5, 13, 21, 29, 37].contains(c) { v = 100 - 70 * d }
                    if c == 4 && personRows.contains(r) && f % 2 == 1 { v = 180 }
                    cells[r * grid.columns + c] = v
                }
            }
            cells.withUnsafeBufferPointer { seen.add($0.baseAddress!, gain: 1) }
        }
        return seen
    }

    @Test func aCameraStillSettlingChangesTheEdgesAllOver() {
        let model = Self.course()
        // The poles drift from 0.4 to 0 of a cell over the frames: the camera settling.
        let seen = Self.seen(frames: 6, drift: { 0.4 * Double(5 - $0) / 5 }, personRows: 0..<0)
        let result = model.unsettledEdges(map: CourseAlignment(), grid: Self.grid, seen: seen)
        #expect(result.edges > 0)
        #expect(Double(result.varied) > RiderDetector.realignUnsettledEdges * Double(result.edges),
                "varied \(result.varied) of \(result.edges)")
    }

    @Test func aPersonPassingAPoleLeavesTheCourseSettled() {
        let model = Self.course()
        let seen = Self.seen(frames: 6, drift: { _ in 0 }, personRows: 10..<16)
        let result = model.unsettledEdges(map: CourseAlignment(), grid: Self.grid, seen: seen)
        #expect(result.varied > 0, "the person's cells vary")
        #expect(Double(result.varied) <= RiderDetector.realignUnsettledEdges * Double(result.edges),
                "varied \(result.varied) of \(result.edges)")
    }
}
