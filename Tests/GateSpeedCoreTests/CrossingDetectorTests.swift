import Testing
@testable import GateSpeedCore

/// Crossing detection and interpolation at real camera cadence.
@Suite struct CrossingDetectorTests {
    static let posts = [0.1, 0.3, 0.5, 0.7, 0.9]

    /// A known motion law: x(t) = x0 + v t + a t² / 2 (normalised width, seconds).
    struct Motion: CustomStringConvertible, Sendable {
        var x0: Double
        var v: Double
        var a: Double
        var description: String { "x0=\(x0) v=\(v) a=\(a)" }

        func x(_ t: Double) -> Double { x0 + v * t + a * t * t / 2 }

        /// The first t >= 0 at which x(t) == line.
        func time(at line: Double) -> Double {
            if a == 0 { return (line - x0) / v }
            // a/2 t² + v t + (x0 - line) = 0, the root reached first along the motion.
            let discriminant = v * v - 2 * a * (x0 - line)
            let root = discriminant.squareRoot()
            let candidates = [(-v + root) / a, (-v - root) / a].filter { $0 >= 0 }
            return candidates.min() ?? .nan
        }
    }

    /// 30 fps, ±3 ms timestamp jitter, 10 % of frames dropped, several seeds each.
    /// Speeds are those of a rider at 20...45 km/h over a 28 m course spanning 0.8 of the width.
    @Test(arguments: [
        Motion(x0: 0.02, v: 0.22, a: 0),                // ~28 km/h, constant
        Motion(x0: 0.98, v: -0.30, a: 0),               // ~38 km/h, right to left
        Motion(x0: 0.02, v: 0.16, a: 0.05),             // accelerating
        Motion(x0: 0.98, v: -0.32, a: 0.04),            // right to left, braking
    ])
    func crossingTimesAreWithinOneMillisecondOfTheTruth(motion: Motion) {
        for seed in UInt64(1)...20 {
            var rng = SplitMix64(seed: seed)
            let times = Tracks.frameTimes(from: 0, to: 6, jitter: 0.003, dropRate: 0.1, rng: &rng)
            var detector = CrossingDetector(posts: Self.posts)
            var crossings: [Crossing] = []
            for t in times {
                detector.observe(t: t, x: motion.x(t), into: &crossings)
            }
            let expectedDirection: Direction = motion.v > 0 ? .leftToRight : .rightToLeft
            let order = motion.v > 0 ? [1, 2, 3, 4, 5] : [5, 4, 3, 2, 1]
            #expect(crossings.map(\.post) == order, "seed \(seed)")
            for crossing in crossings {
                let truth = motion.time(at: Self.posts[crossing.post - 1])
                #expect(abs(crossing.t - truth) < 0.001, "seed \(seed) post \(crossing.post)")
                #expect(crossing.direction == expectedDirection)
            }
        }
    }

    @Test func aJumpAcrossAllPostsYieldsEachCrossingInOrder() {
        var detector = CrossingDetector(posts: Self.posts)
        var crossings: [Crossing] = []
        detector.observe(t: 1, x: 0.05, into: &crossings)
        detector.observe(t: 1.2, x: 0.95, into: &crossings)
        #expect(crossings.map(\.post) == [1, 2, 3, 4, 5])
        for crossing in crossings {
            let expected = 1 + (Self.posts[crossing.post - 1] - 0.05) / 0.9 * 0.2
            #expect(abs(crossing.t - expected) < 1e-12)
        }
        crossings.removeAll()
        detector.observe(t: 1.4, x: 0.05, into: &crossings)
        #expect(crossings.map(\.post) == [5, 4, 3, 2, 1])
        #expect(crossings.allSatisfy { $0.direction == .rightToLeft })
        #expect(zip(crossings, crossings.dropFirst()).allSatisfy { $0.t < $1.t })
    }

    @Test func hoveringOnALineGivesOneCrossing() {
        var rng = SplitMix64(seed: 7)
        var detector = CrossingDetector(posts: Self.posts)
        var crossings: [Crossing] = []
        var t = 0.0
        var lastLineMeeting = 0.0
        var previousX = 0.4
        // Approach post 3, wobble ±0.003 on its line for 2 s, then ride on.
        for step in 0..<200 {
            t += 1.0 / 30 + rng.uniform(-0.003, 0.003)
            let x: Double
            switch step {
            case ..<30: x = 0.4 + 0.1 * Double(step) / 30
            case ..<90: x = 0.5 + rng.uniform(-0.003, 0.003)
            default: x = 0.5 + 0.004 * Double(step - 89)
            }
            if (previousX < 0.5) != (x < 0.5) && x >= 0.5 {
                lastLineMeeting = t
            }
            previousX = x
            detector.observe(t: t, x: x, into: &crossings)
        }
        // One crossing of post 3, then posts 4 and 5 as the rider rides on.
        #expect(crossings.map(\.post) == [3, 4, 5])
        #expect(crossings.allSatisfy { $0.direction == .leftToRight })
        // The reported time is where the track last met the line, within the step before it.
        if let time = crossings.first?.t {
            #expect(time <= lastLineMeeting && time > lastLineMeeting - 0.04)
        }
    }

    @Test func theTimeIsWhereTheTrackMetTheLineNotWhereTheBandWasLeft() {
        var detector = CrossingDetector(posts: [0.5], hysteresis: 0.004)
        var crossings: [Crossing] = []
        detector.observe(t: 0, x: 0.49, into: &crossings)
        detector.observe(t: 0.1, x: 0.501, into: &crossings)  // over the line, inside the band
        #expect(crossings.isEmpty)
        detector.observe(t: 0.2, x: 0.52, into: &crossings)
        #expect(crossings.count == 1)
        #expect(abs((crossings.first?.t ?? 0) - 0.1 * 0.01 / 0.011) < 1e-12)
    }

    @Test func aReturnInsideTheBandIsNoCrossing() {
        var detector = CrossingDetector(posts: [0.5], hysteresis: 0.004)
        var crossings: [Crossing] = []
        for (t, x) in [(0.0, 0.45), (0.1, 0.502), (0.2, 0.497), (0.3, 0.45)] {
            detector.observe(t: t, x: x, into: &crossings)
        }
        #expect(crossings.isEmpty)
    }

    @Test(arguments: [(0.3, 1), (0.8, 0)])
    func aGapIsBridgedOnlyUpToTheLimit(gap: Double, expectedCrossings: Int) {
        var detector = CrossingDetector(posts: [0.5], bridgeSeconds: 0.5)
        var crossings: [Crossing] = []
        detector.observe(t: 0, x: 0.45, into: &crossings)
        var t = 0.0
        while t + 1.0 / 30 < gap {
            t += 1.0 / 30
            detector.observe(t: t, x: nil, into: &crossings)
        }
        detector.observe(t: gap, x: 0.55, into: &crossings)
        detector.observe(t: gap + 0.1, x: 0.6, into: &crossings)
        #expect(crossings.count == expectedCrossings)
        if let crossing = crossings.first {
            #expect(abs(crossing.t - gap / 2) < 1e-12)
        }
    }

    @Test func badInputIsIgnored() {
        var detector = CrossingDetector(posts: [0.5])
        var crossings: [Crossing] = []
        detector.observe(t: 0, x: 0.4, into: &crossings)
        detector.observe(t: 0.1, x: .nan, into: &crossings)
        detector.observe(t: 0.05, x: 0.9, into: &crossings)      // backwards
        detector.observe(t: .infinity, x: 0.9, into: &crossings)
        detector.observe(t: 0.2, x: .infinity, into: &crossings)
        #expect(crossings.isEmpty)
        detector.observe(t: 0.3, x: 0.6, into: &crossings)
        #expect(crossings.count == 1)
        #expect(abs((crossings.first?.t ?? 0) - 0.15) < 1e-12)
    }

    @Test func theEmitFormReportsTheSameCrossings() {
        var viaBuffer = CrossingDetector(posts: Self.posts)
        var viaClosure = CrossingDetector(posts: Self.posts)
        var buffered: [Crossing] = []
        var emitted: [Crossing] = []
        for (t, x) in [(0.0, 0.05), (0.3, 0.45), (0.6, 0.25), (0.9, 0.95)] {
            viaBuffer.observe(t: t, x: x, into: &buffered)
            viaClosure.observe(t: t, x: x) { emitted.append($0) }
        }
        #expect(buffered == emitted)
        #expect(buffered.map(\.post) == [1, 2, 2, 2, 3, 4, 5])
    }
}
