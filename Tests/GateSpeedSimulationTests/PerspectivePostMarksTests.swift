import Testing
import GateSpeedSimulation

/// Post marks are the projected bases and tops plus seeded Gaussian noise of the given size.
@Suite struct PerspectivePostMarksTests {
    @Test func withoutNoiseTheMarksAreTheProjectedBasesAndTops() {
        var scene = PerspectiveScene(duration: 1)
        scene.poleHeightMetres = 1.2
        scene.camera.panDegrees = 3
        let marks = scene.postMarks(markNoisePixels: 0, seed: 5)
        #expect(marks.count == 5)
        for (k, mark) in marks.enumerated() {
            let x = 7 * Double(k)
            let base = scene.camera.project(x: x, y: 0, z: 0)!, top = scene.camera.project(x: x, y: 0, z: 1.2)!
            #expect(mark.base.x == base.x && mark.base.y == base.y)
            #expect(mark.top.x == top.x && mark.top.y == top.y)
            #expect(mark.top.y < mark.base.y)
            #expect(scene.postViewFractions[k] == base.x)
        }
        #expect(scene.postViewFractions == scene.postViewFractions.sorted())
    }

    @Test func theImageRuleFractionsAreSymmetricForASquareOnCamera() {
        let f = PerspectiveScene(duration: 1).postViewFractions
        #expect(abs(f[2] - 0.5) < 1e-12)
        #expect(abs(f[0] + f[4] - 1) < 1e-12 && abs(f[1] + f[3] - 1) < 1e-12)
        // Evenly spaced posts on a line square to the axis project evenly spaced.
        #expect(abs((f[1] - f[0]) - (f[2] - f[1])) < 1e-12)
    }

    @Test func theNoiseHasTheRequestedSigmaInPixelsAndIsSeeded() {
        let scene = PerspectiveScene(duration: 1)
        let truth = scene.postMarks(markNoisePixels: 0, seed: 1)
        var errors: [Double] = []
        for seed in UInt64(1)...400 {
            let marks = scene.postMarks(markNoisePixels: 2, seed: seed)
            for (mark, exact) in zip(marks, truth) {
                errors.append((mark.base.x - exact.base.x) * 640)
                errors.append((mark.base.y - exact.base.y) * 480)
                errors.append((mark.top.x - exact.top.x) * 640)
                errors.append((mark.top.y - exact.top.y) * 480)
            }
        }
        let n = Double(errors.count)
        let mean = errors.reduce(0, +) / n
        let sigma = (errors.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / (n - 1)).squareRoot()
        #expect(abs(mean) < 0.1)
        #expect(abs(sigma - 2) < 0.1, "sigma \(sigma) px")
        // Same seed, same marks; another seed, other marks.
        let a = scene.postMarks(markNoisePixels: 2, seed: 7), b = scene.postMarks(markNoisePixels: 2, seed: 7)
        let c = scene.postMarks(markNoisePixels: 2, seed: 8)
        #expect(a.map(\.base.x) == b.map(\.base.x) && a.map(\.top.y) == b.map(\.top.y))
        #expect(a.map(\.base.x) != c.map(\.base.x))
    }
}
