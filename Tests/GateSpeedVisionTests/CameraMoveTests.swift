import Testing
import GateSpeedFrames
import GateSpeedSimulation
@testable import GateSpeedVision

/// A camera bumped between runs, and a camera that shakes: the course is usable again within
/// seconds, the bump never looks like a rider, and riders are timed.
@Suite struct CameraMoveTests {
    static func scene(width: Int, height: Int, duration: Double, seed: UInt64) -> SimulatedScene {
        var scene = SimulatedScene(duration: duration)
        scene.width = width
        scene.height = height
        scene.timestampJitter = 0.002
        scene.dropFraction = 0.02
        scene.noise = 2.5
        scene.seed = seed
        return scene
    }

    /// A permanent shift of a few pixels between two runs (on this course's plain ground only
    /// the edges change): the course is relearnt at once, nothing crosses a post while the view
    /// is shifted (no run can start), and the next rider is timed.
    @Test(arguments: [(2, UInt64(3)), (5, UInt64(4)), (-8, UInt64(5))])
    func aBumpBetweenRunsIsRelearntAndTheNextRiderTimed(pixels: Int, seed: UInt64) {
        var scene = Self.scene(width: 640, height: 480, duration: 13, seed: seed)
        let first = SimulatedRider(startTime: 2, motion: .constant(speed: 10), heightFraction: 0.09, groundY: 0.8)
        let second = SimulatedRider(direction: .rightToLeft, startTime: 9.5, motion: .constant(speed: 11),
                                    heightFraction: 0.09, groundY: 0.8)
        scene.riders = [first, second]
        let bumpAt = 6.0
        scene.bumpPixels = pixels
        scene.bumpTime = bumpAt
        let frames = runGhostScene(scene)
        let relearnt = frames.first { $0.t >= bumpAt && $0.output.relearn != nil }
        #expect(relearnt.map { $0.t - bumpAt < 0.6 } == true, "relearnt at \(relearnt?.t ?? -1) s")
        let ready = frames.first { $0.t > bumpAt && $0.output.becameReady }
        #expect(ready.map { $0.t - bumpAt < 2 } == true, "usable again at \(ready?.t ?? -1) s")
        let shifted = frames.filter { $0.t >= bumpAt && $0.t < 8.5 }
        let crossed = scene.posts.flatMap { postCrossings(shifted, line: $0) }.map(\.t)
        #expect(crossed.isEmpty, "a post crossed while the view was shifted at \(crossed) s")
        let timed = (timedAcrossEveryPost(frames, scene: scene, rider: first), timedAcrossEveryPost(frames, scene: scene, rider: second))
        #expect(timed.0, "first rider timed")
        #expect(timed.1, "second rider timed")
    }

    /// A camera that shakes by up to 2 px every frame: the course is learnt, nothing is
    /// relearnt, and both riders are timed.
    @Test(arguments: [(320, 240, UInt64(6)), (640, 480, UInt64(7))])
    func aShakingCameraStillTimesEveryRider(width: Int, height: Int, seed: UInt64) {
        var scene = Self.scene(width: width, height: height, duration: 11, seed: seed)
        scene.cameraShake = 2
        let first = SimulatedRider(startTime: 2, motion: .constant(speed: 9), heightFraction: 0.09, groundY: 0.8)
        let second = SimulatedRider(direction: .rightToLeft, startTime: 7, motion: .constant(speed: 12),
                                    heightFraction: 0.09, groundY: 0.8)
        scene.riders = [first, second]
        let frames = runGhostScene(scene)
        let ready = frames.first { $0.output.becameReady }
        #expect(ready.map { $0.t < 1.6 } == true, "learnt at \(ready?.t ?? -1) s")
        #expect(frames.allSatisfy { $0.output.relearn == nil }, "relearnt at \(frames.first { $0.output.relearn != nil }?.t ?? 0) s")
        let timed = (timedAcrossEveryPost(frames, scene: scene, rider: first), timedAcrossEveryPost(frames, scene: scene, rider: second))
        #expect(timed.0, "first rider timed")
        // Known limit (issue 11): at 320x240 the second rider of seed 6 is not followed across
        // every post within 50 ms under 2 px of shake.
        withKnownIssue("320x240 under 2 px of shake: the second rider is not timed at every post", isIntermittent: true) {
            #expect(timed.1, "second rider timed")
        } when: { width == 320 }
    }

    /// The bump test's neighbourhood ranges, computed a row at a time, are those of the square
    /// around each cell, cut at the borders (a plain reference over a grid of random values).
    @Test func theShiftTestsRangesAreThoseOfEachCellsSquare() {
        let w = 37, h = 23
        var random = SeededRandom(seed: 5)
        let means = (0..<(w * h)).map { _ in Float(random.uniform(0...255)) }
        var test = CameraShiftTest(columns: w, rows: h)
        means.withUnsafeBufferPointer { test.learn(means: $0, radiusFraction: 0.1) }   // 4 cells
        let r = 4
        var mismatches = 0
        for y in 0..<h {
            for x in 0..<w {
                var lo = Float.infinity, hi = -Float.infinity
                for yy in max(0, y - r)...min(h - 1, y + r) {
                    for xx in max(0, x - r)...min(w - 1, x + r) { lo = min(lo, means[yy * w + xx]); hi = max(hi, means[yy * w + xx]) }
                }
                if test.low[y * w + x] != lo || test.high[y * w + x] != hi { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }
}
