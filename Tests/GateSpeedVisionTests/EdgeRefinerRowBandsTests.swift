import Testing
@testable import GateSpeedVision

/// A line across the ground (a strip's edge line, seen foreshortened) fills one pixel row of an
/// HD cell: the feet of a rider of low contrast standing a few rows below it, in the same cell,
/// must still be found on the pixels (`EdgeRefiner+RowBands`), not read at the cell's top.
@Suite struct EdgeRefinerRowBandsTests {
    /// 1280 x 720: cells are 6.67 px tall; the feet end at 518.4 px in the cell 513.3–520, the
    /// line is row 514, four rows above them. Legs 25 luma darker than the ground, noise 5.
    static func course(line: (row: Int, brighter: Float)?) -> AntialiasedCourse {
        var course = AntialiasedCourse()
        course.width = 1280
        course.height = 720
        course.noise = 5
        course.footStart = 0.72
        course.footDrift = 0
        course.shading = 0.3
        course.figureLuma = 87
        course.line = line
        return course
    }

    /// Read at the cell's grid values (no bands) the feet come out a pixel high on average
    /// (bias -1.03 px, rms 1.11 px); on the row bands, within a tenth (a few frames still miss by
    /// a cell).
    @Test func feetBelowALineInTheirCellAreMeasuredOnThePixels() {
        let stats = Self.course(line: (514, 70)).measure()
        #expect(stats.frames > 90)
        #expect(abs(stats.biasY) <= 0.25, "\(stats)")
        #expect(stats.rmsY <= 0.8, "\(stats)")
    }

    /// The same course without the line: the bands change nothing where the ground is even.
    @Test func feetOnEvenGroundAreMeasuredAsBefore() {
        let stats = Self.course(line: nil).measure()
        #expect(stats.frames > 90)
        #expect(stats.rmsY <= 0.3, "\(stats)")
        #expect(abs(stats.biasY) <= 0.15, "\(stats)")
    }

    /// Below HD a row holds too few of a cell's pixels for its own mean: the cell's values stand.
    @Test func rowsOfNarrowCellsKeepTheCellsValues() {
        var refiner = EdgeRefiner(cellCount: 8 * 4, viewRows: 12, gridColumns: 8)
        refiner.pixelSigma = (0..<32).map { Float($0) }
        refiner.bandsFromCells(gridRows: 4)
        // View row 7 lies in cell row 2 (rows of 3 px).
        #expect(refiner.bandSigma[7 * 8 + 5] == 21)
        #expect(refiner.bandRatio[7 * 8 + 5] == 1)
        #expect(EdgeRefiner.bandLeastPixels >= 5)
    }
}
