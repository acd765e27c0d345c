import Testing
@testable import GateSpeedVision

/// The course band: a convex polygon in view coordinates, edges inside.
@Suite struct CourseBandTests {
    typealias P = CourseBand.Point

    /// The ground 3 m either side of a post line, seen from a low camera: a wide, flat trapezoid.
    static let trapezoid = CourseBand(vertices: [P(x: -0.1, y: 0.74), P(x: 1.1, y: 0.74), P(x: 1.2, y: 0.86), P(x: -0.2, y: 0.86)])!

    @Test func pointsInsideOnTheOutlineAndOutside() throws {
        let band = Self.trapezoid
        #expect(band.contains(x: 0.5, y: 0.8))
        #expect(band.contains(x: 0.02, y: 0.75))
        // On an edge and on a vertex.
        #expect(band.contains(x: 0.5, y: 0.74))
        #expect(band.contains(x: 0.5, y: 0.86))
        #expect(band.contains(x: 1.1, y: 0.74))
        #expect(band.contains(x: 1.15, y: 0.80))   // on the slanted right edge
        // Outside: above, below, beyond the slanted sides.
        #expect(!band.contains(x: 0.5, y: 0.73))
        #expect(!band.contains(x: 0.5, y: 0.87))
        #expect(!band.contains(x: 1.16, y: 0.78))
        #expect(!band.contains(x: -0.19, y: 0.75))
        #expect(band.extentX == 1.4 && abs(band.extentY - 0.12) < 1e-12)
    }

    @Test func eitherWindingOrderIsTheSameBand() throws {
        let clockwise = try #require(CourseBand(vertices: [P(x: 0.2, y: 0.2), P(x: 0.8, y: 0.3), P(x: 0.5, y: 0.9)]))
        let anticlockwise = try #require(CourseBand(vertices: [P(x: 0.5, y: 0.9), P(x: 0.8, y: 0.3), P(x: 0.2, y: 0.2)]))
        for (x, y) in [(0.5, 0.5), (0.21, 0.21), (0.9, 0.5), (0.5, 0.1), (0.65, 0.6), (0.35, 0.6)] {
            #expect(clockwise.contains(x: x, y: y) == anticlockwise.contains(x: x, y: y), "(\(x), \(y))")
        }
        #expect(clockwise.contains(x: 0.5, y: 0.5))
        #expect(!clockwise.contains(x: 0.9, y: 0.5))
    }

    @Test func onlyConvexPolygonsOfThreeToEightVerticesAreBands() {
        #expect(CourseBand(vertices: [P(x: 0, y: 0), P(x: 1, y: 0)]) == nil)
        let nine = (0..<9).map { i in P(x: 0.5 + 0.4 * sine(Double(i) * 0.698), y: 0.5 + 0.4 * sine(Double(i) * 0.698 + 1.5708)) }
        #expect(CourseBand(vertices: nine) == nil)
        #expect(CourseBand(vertices: Array(nine.prefix(8))) != nil)
        // An arrowhead (a reflex vertex) is not convex.
        #expect(CourseBand(vertices: [P(x: 0, y: 0), P(x: 1, y: 0.5), P(x: 0, y: 1), P(x: 0.4, y: 0.5)]) == nil)
        // All on one line: no area.
        #expect(CourseBand(vertices: [P(x: 0, y: 0), P(x: 0.5, y: 0.5), P(x: 1, y: 1)]) == nil)
        // A collinear extra vertex on an edge is fine.
        #expect(CourseBand(vertices: [P(x: 0, y: 0), P(x: 0.5, y: 0), P(x: 1, y: 0), P(x: 1, y: 1), P(x: 0, y: 1)]) != nil)
        #expect(CourseBand(vertices: [P(x: 0, y: 0), P(x: .nan, y: 0), P(x: 1, y: 1)]) == nil)
    }

    @Test func theMarginGrowsTheBandByAFractionOfItsSize() {
        let band = Self.trapezoid
        // 0.12 tall: a tenth is 0.012 beyond the top and bottom edges.
        #expect(!band.contains(x: 0.5, y: 0.731))
        #expect(band.contains(x: 0.5, y: 0.731, margin: 0.1))
        #expect(!band.contains(x: 0.5, y: 0.726, margin: 0.1))
        #expect(band.contains(x: 0.5, y: 0.871, margin: 0.1))
        #expect(!band.contains(x: 0.5, y: 0.874, margin: 0.1))
    }
}
