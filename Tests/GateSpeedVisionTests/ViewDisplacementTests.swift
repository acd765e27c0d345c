import Testing
@testable import GateSpeedVision

/// The view's texture shift against the learnt course: a camera's shift is measured to a
/// third of a cell, and correlates clearly better there than unmoved; a large person and a
/// change of light move nothing.
@Suite struct ViewDisplacementTests {
    static let columns = 96, rows = 72

    /// Textured ground (sums of sines, 0-255) seen at cell (`c`, `r`) of the staggered grid,
    /// the scene moved by (`sx`, `sy`) cells.
    static func texture(_ c: Int, _ r: Int, sx: Double = 0, sy: Double = 0) -> Float {
        let x = Double(c) + 0.5 + AnalysisGrid.rowShift(r) - sx, y = Double(r) + 0.5 - sy
        let value = 120 + 40 * sine(0.71 * x + 0.3 * y) + 30 * sine(0.43 * y - 0.17 * x + 1)
            + 20 * sine(0.9 * x + 0.6 * y + 2)
        return Float(value)
    }

    /// sin without Foundation (a short series after reducing the angle), good to 1e-6.
    static func sine(_ a: Double) -> Double {
        var x = a.truncatingRemainder(dividingBy: 2 * Double.pi)
        if x > Double.pi { x -= 2 * Double.pi } else if x < -Double.pi { x += 2 * Double.pi }
        var term = x, sum = x
        for k in 1...10 { term *= -x * x / Double((2 * k) * (2 * k + 1)); sum += term }
        return sum
    }

    static func measure(_ new: [Float]) -> (x: Double, y: Double, correlation: Double, gain: Double)? {
        let old = (0..<(columns * rows)).map { texture($0 % columns, $0 / columns) }
        return old.withUnsafeBufferPointer { o in
            new.withUnsafeBufferPointer { n in
                ViewDisplacement.measure(old: o.baseAddress!, new: n.baseAddress!, columns: columns, rows: rows, reach: 4)
            }
        }
    }

    @Test(arguments: [(1.6, -0.8), (0.5, 0.0), (-2.3, 1.4), (0.0, -0.4)])
    func aShiftedViewIsMeasuredToAThirdOfACell(sx: Double, sy: Double) throws {
        let new = (0..<(Self.columns * Self.rows)).map { Self.texture($0 % Self.columns, $0 / Self.columns, sx: sx, sy: sy) }
        let measured = try #require(Self.measure(new))
        #expect(abs(measured.x - sx) < 0.34 && abs(measured.y - sy) < 0.34, "\(measured)")
        #expect(measured.gain > 0.004, "\(measured)")
    }

    /// A person half the view's height, dark, over a quarter of its width, under a cloud that
    /// dims the view by a fifth, graded across it: the texture did not move.
    @Test func aLargePersonUnderACloudMovesNothing() throws {
        var new = (0..<(Self.columns * Self.rows)).map { Self.texture($0 % Self.columns, $0 / Self.columns) }
        for r in 0..<Self.rows {
            for c in 0..<Self.columns {
                let dim = 1 - 0.2 * Float(c) / Float(Self.columns)
                new[r * Self.columns + c] *= dim
                if c >= 30 && c < 54 && r >= 30 && r < 66 { new[r * Self.columns + c] = 40 + Float((c * 7 + r * 3) % 11) }
            }
        }
        let measured = try #require(Self.measure(new))
        #expect((measured.x * measured.x + measured.y * measured.y).squareRoot() < 0.15, "\(measured)")
        #expect(measured.gain < 0.004, "\(measured)")
    }
}
