import Testing
import GateSpeedFrames
import GateSpeedSimulation
@testable import GateSpeedVision

/// Issue 11, point 4: a rider below what one cell's test can see (half the contrast floor under
/// sensor noise σ 7) is found by evidence pooled over blocks of cells, and noise, light drift and
/// a shaking camera alone never make a region taken for a rider.
@Suite struct PooledEvidenceTests {
    /// A dim, grainy course at 30 fps with jitter and drops (ground luma about 120).
    static func scene(duration: Double, noise: Double, seed: UInt64) -> SimulatedScene {
        var scene = SimulatedScene(duration: duration)
        scene.width = 320
        scene.height = 240
        scene.timestampJitter = 0.003
        scene.dropFraction = 0.03
        scene.noise = noise
        scene.seed = seed
        return scene
    }

    /// The settings without the pooled test (for the check that these tests need it).
    static var cellTestOnly: VisionSettings {
        var settings = VisionSettings()
        settings.pooledNoiseDeviations = .infinity
        return settings
    }

    /// A rider 7 levels from an even ground (half the 14-level floor) under σ 7 noise, each way,
    /// at 30 fps with jitter and drops, is followed across every post within a frame of the truth.
    @Test(arguments: [(true, Float(-7), UInt64(31)), (false, Float(7), UInt64(32))])
    func aRiderAtHalfContrastUnderNoiseSevenIsTimed(leftToRight: Bool, contrast: Float, seed: UInt64) {
        let course = EvenCourse(contrast: contrast, leftToRight: leftToRight, seed: seed)
        let run = course.run(settings: VisionSettings())
        #expect(run.ready)
        for post in [0.1, 0.3, 0.5, 0.7, 0.9] {
            let truth = course.time(atX: post)
            let seen = run.crossings(of: post)
            #expect(seen.contains { abs($0 - truth) < 1.0 / 30 }, "post \(post): crossed at \(seen) s, truth \(truth) s")
        }
    }

    /// Without the pooled test the same rider is not followed across the course (what the test
    /// above relies on).
    @Test func theCellTestAloneLosesTheHalfContrastRider() {
        let course = EvenCourse(contrast: -7, leftToRight: true, seed: 31)
        let run = course.run(settings: Self.cellTestOnly)
        #expect(run.ready)
        let timed = [0.1, 0.3, 0.5, 0.7, 0.9].filter { post in
            run.crossings(of: post).contains { abs($0 - course.time(atX: post)) < 1.0 / 30 }
        }
        #expect(timed.count < 5, "posts \(timed) timed")
    }

    /// 30 s of empty course under σ 8 noise with the light drifting 20 % (and with a camera
    /// shaking by a pixel): no region is ever taken for a rider, and no post is crossed.
    @Test(arguments: [(0.0, UInt64(41)), (1.0, UInt64(42))])
    func anEmptyGrainyCourseInDriftingLightGivesNoRider(shake: Double, seed: UInt64) {
        var scene = Self.scene(duration: 30, noise: 8, seed: seed)
        scene.lightDrift = 0.2
        scene.lightDriftPeriod = 12
        scene.cameraShake = shake
        let frames = runGhostScene(scene)
        #expect(frames.contains { $0.output.becameReady })
        let riders = frames.filter { $0.output.rider != nil }.map(\.t)
        #expect(riders.isEmpty, "a rider at \(riders.prefix(5)) s")
        let crossed = scene.posts.flatMap { postCrossings(frames, line: $0) }.map(\.t)
        #expect(crossed.isEmpty, "a post crossed at \(crossed.prefix(5)) s")
    }

    /// Noise that neighbouring pixels share (a codec's, a denoiser's) falls less over a block:
    /// the limit follows what the learning frames show, not what independent noise would.
    @Test func theBlockLimitFollowsTheMeasuredNoise() {
        let columns = 24, rows = 16, n = columns * rows
        var settings = VisionSettings()
        settings.pooledContrastShare = 0   // the noise term alone
        func limit(correlated: Bool) -> Float {
            var model = BackgroundModel(cellCount: n)
            var generator = SplitMix(seed: 5)
            var frames: [[Float]] = []
            for _ in 0..<40 {
                var frame = [Float](repeating: 100, count: n)
                for y in 0..<rows {
                    for x in 0..<columns {
                        // Correlated: one draw per 2 x 4 patch of cells, as a codec's blocks.
                        frame[y * columns + x] += correlated && (x % 2 == 1 || y % 4 != 0)
                            ? frame[(y - y % 4) * columns + x - x % 2] - 100 : generator.gaussian() * 3
                    }
                }
                frames.append(frame)
                frame.withUnsafeBufferPointer { model.accumulate(cells: $0.baseAddress!) }
            }
            model.finishLearning(settings: settings)
            frames[frames.count - 1].withUnsafeBufferPointer {
                model.learnPooledLimits(columns: columns, latest: $0.baseAddress!, shiftCells: 0, settings: settings)
            }
            return model.pooledLimit[8 * columns + 10]
        }
        let independent = limit(correlated: false), shared = limit(correlated: true)
        #expect(independent.isFinite && shared > 1.8 * independent, "\(independent) \(shared)")
    }
}

/// An even course (sky 190 above a third of the height, ground 120 below) under σ 7 sensor noise,
/// 320 x 240 at 30 fps with ±3 ms jitter and one frame in 25 dropped, crossed by one rider 12 %
/// of the height (a block of 29 x 9 pixels, feet at 0.8 of the height) at `contrast` levels from
/// the ground, in 3 s from just outside one edge to just outside the other, from 2 s on.
private struct EvenCourse {
    let contrast: Float, leftToRight: Bool, seed: UInt64
    let width = 320, height = 240, start = 2.0, crossing = 3.0

    /// The rider's centre (view fraction) at `t`, and the time it is at `x`.
    func x(at t: Double) -> Double {
        let travelled = -0.05 + 1.1 * (t - start) / crossing
        return leftToRight ? travelled : 1 - travelled
    }
    func time(atX x: Double) -> Double {
        start + crossing * ((leftToRight ? x : 1 - x) + 0.05) / 1.1
    }

    struct Run {
        var ready = false
        var samples: [(t: Double, x: Double, track: UInt32)] = []
        /// Times one track's x crosses `line`, interpolated between frames.
        func crossings(of line: Double) -> [Double] {
            var result: [Double] = []
            for (a, b) in zip(samples, samples.dropFirst()) where a.track == b.track && (a.x - line) * (b.x - line) < 0 {
                result.append(a.t + (line - a.x) / (b.x - a.x) * (b.t - a.t))
            }
            return result
        }
    }

    func run(settings: VisionSettings) -> Run {
        var detector = RiderDetector(settings: settings)
        var generator = SplitMix(seed: seed)
        var pixels = [UInt8](repeating: 0, count: width * height)
        var result = Run()
        let riderH = 29, riderW = 9, feet = Int(0.8 * Double(height))
        for frame in 0..<Int((start + crossing + 1) * 30) {
            if frame % 25 == 12 { continue }   // dropped
            let t = Double(frame) / 30 + 0.003 * (2 * generator.unit() - 1)
            let centre = x(at: t) * Double(width)
            let x0 = Int((centre - Double(riderW) / 2).rounded()), y0 = feet - riderH
            for y in 0..<height {
                for x in 0..<width {
                    var value: Float = y < height / 3 ? 190 : 120
                    if y >= y0 && y < feet && x >= x0 && x < x0 + riderW && t >= start - 0.5 { value += contrast }
                    value += 7 * generator.gaussian()
                    pixels[y * width + x] = UInt8(max(0, min(255, value.rounded())))
                }
            }
            let out = pixels.withUnsafeBytes { raw in
                detector.process(VideoFrame(luma: Plane(base: raw.baseAddress!, width: width, height: height, rowStride: width),
                                            timestamp: t, sequence: UInt64(frame)))
            }
            if out.becameReady { result.ready = true }
            if let rider = out.rider { result.samples.append((t, rider.x, rider.trackID)) }
        }
        return result
    }
}

/// A small seeded generator for the tests' own noise.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    /// A near-normal draw of deviation 1 (the sum of twelve uniform draws, less 6).
    mutating func gaussian() -> Float {
        var sum = 0.0
        for _ in 0..<12 { sum += unit() }
        return Float(sum - 6)
    }
}
