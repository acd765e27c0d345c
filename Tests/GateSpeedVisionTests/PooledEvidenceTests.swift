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

    /// A rider 7 levels from the ground (half the 14-level floor) under σ 7 noise, each way, is
    /// followed across every post within 50 ms of the truth.
    @Test(arguments: [(TravelDirection.leftToRight, -7.0, UInt64(31)), (.rightToLeft, 7.0, UInt64(32))])
    func aRiderAtHalfContrastUnderNoiseSevenIsTimed(direction: TravelDirection, contrast: Double, seed: UInt64) {
        var scene = Self.scene(duration: 7, noise: 7, seed: seed)
        let rider = SimulatedRider(direction: direction, startTime: 2.5, motion: .constant(speed: 9),
                                   heightFraction: 0.12, luma: 120 + contrast, groundY: 0.8)
        scene.riders = [rider]
        let frames = runGhostScene(scene)
        #expect(frames.contains { $0.output.becameReady && $0.t < 2 })
        #expect(timedAcrossEveryPost(frames, scene: scene, rider: rider), "rider at \(contrast) levels not timed")
    }

    /// Without the pooled test the same rider is lost (what the test above relies on).
    @Test func theCellTestAloneLosesTheHalfContrastRider() {
        var scene = Self.scene(duration: 7, noise: 7, seed: 31)
        let rider = SimulatedRider(startTime: 2.5, motion: .constant(speed: 9), heightFraction: 0.12, luma: 113, groundY: 0.8)
        scene.riders = [rider]
        let frames = runGhostScene(scene, settings: Self.cellTestOnly)
        #expect(!timedAcrossEveryPost(frames, scene: scene, rider: rider))
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
                model.learnPooledLimits(columns: columns, latest: $0.baseAddress!, settings: settings)
            }
            return model.pooledLimit[8 * columns + 10]
        }
        let independent = limit(correlated: false), shared = limit(correlated: true)
        #expect(independent.isFinite && shared > 1.8 * independent, "\(independent) \(shared)")
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
