import Testing
import GateSpeedFrames
import GateSpeedSimulation
@testable import GateSpeedVision

/// A camera bumped while people keep walking in view: the view never stills for the second a
/// calibration needs, yet the course learnt before the bump, moved by the measured shift and
/// roll (`RiderDetector+Realign`), makes the view ready within a second, without leaving the
/// bump's edges as foreground (the rider after it is timed: `BumpRealignmentSceneTests`).
@Suite struct BumpRealignmentTests {
    @Test(arguments: [(5, 0.3, UInt64(71)), (-4, -0.2, UInt64(72)), (3, 0.0, UInt64(73))])
    func aBumpWhilePeopleWalkIsRealignedWithinASecond(pixels: Int, rollDegrees: Double, seed: UInt64) throws {
        let scene = SimulatedScene.bumpWhilePeopleWalk(seed: seed, pixels: pixels, rollDegrees: rollDegrees)
        let frames = runGhostScene(scene)
        let firstReady = try #require(frames.first { $0.output.becameReady }?.t)
        #expect(firstReady < scene.bumpTime, "the course was learnt before the bump, at \(firstReady) s")
        let relearn = try #require(frames.first { $0.t >= scene.bumpTime && $0.output.relearn != nil }?.t,
                                   "the bump is seen")
        let ready = try #require(frames.first { $0.t > relearn && $0.output.becameReady }?.t,
                                 "never ready again while people walk")
        #expect(ready - scene.bumpTime < 1.5, "ready again at \(ready) s")
        // What the course moved leaves as foreground: about the walkers' own cells, no edges all over.
        let after = frames.filter { $0.t > ready + 0.1 }
        let most = after.map(\.output.foregroundFraction).max() ?? 1
        let quiet = !after.isEmpty && most < 0.02
        #expect(quiet, "foreground after the realignment up to \(most)")
    }

    /// The map is measured on a textured course: a shift of a cell and a half across, half a cell
    /// down and a roll of 0.4 degrees are found within a tenth of a cell and 0.05 degrees.
    @Test func aShiftAndRollOfATexturedCourseAreMeasured() throws {
        let grid = CourseAlignment.Grid(columns: 96, rows: 72)
        var random = SeededRandom(seed: 5)
        // Smooth texture: blobs of a few cells, as the ground and the scenery give.
        let coarse = (0..<(26 * 20)).map { _ in Float(random.uniform(40...220)) }
        func course(_ x: Double, _ y: Double) -> Float {
            let u = max(0, min(24.999, x / 4)), v = max(0, min(18.999, y / 4))
            let i = Int(u), j = Int(v), fx = Float(u - Double(i)), fy = Float(v - Double(j))
            let a = coarse[j * 26 + i] * (1 - fx) + coarse[j * 26 + i + 1] * fx
            let b = coarse[(j + 1) * 26 + i] * (1 - fx) + coarse[(j + 1) * 26 + i + 1] * fx
            return a * (1 - fy) + b * fy
        }
        let truth = CourseAlignment(x: 1.5, y: 0.5, roll: 0.4 * Double.pi / 180)
        var old = [Float](repeating: 0, count: grid.columns * grid.rows), new = old
        for r in 0..<grid.rows {
            for c in 0..<grid.columns {
                let x = Double(c) + 0.5 + AnalysisGrid.rowShift(r), y = Double(r) + 0.5
                old[r * grid.columns + c] = course(x, y)
                let s = truth.source(x: x, y: y, grid: grid)
                new[r * grid.columns + c] = course(s.x, s.y)
            }
        }
        let measured = try #require(old.withUnsafeBufferPointer { o in
            new.withUnsafeBufferPointer { n in
                CourseAlignment.measure(o.baseAddress!, n.baseAddress!, grid: grid, reach: (4, 4), maximumRoll: 0.014)
            }
        })
        #expect(measured.map.agrees(with: truth, cells: 0.1, roll: 0.05 * Double.pi / 180), "measured \(measured.map)")
        #expect(measured.correlation > 0.99)
    }
}
