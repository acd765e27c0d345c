@testable import GateSpeedEngine
import Testing

/// The local polynomial smoother behind gate-plane depth: unbiased for quadratic motion, an
/// honest sigma for noisy points, and graceful with few or one-sided points.
@Suite struct LocalQuadraticFitTests {
    struct Noise {
        var state: UInt64
        mutating func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        /// Standard normal (Box–Muller without trigonometry: the polar method).
        mutating func gaussian() -> Double {
            while true {
                let u = 2 * next() - 1, v = 2 * next() - 1
                let s = u * u + v * v
                if s > 0 && s < 1 {
                    var l = 0.0, x = s
                    // -2 ln(s) / s by a short series is overkill: use the identity ln via repeated sqrt.
                    var k = 0
                    while x < 0.5 { x *= 2; k += 1 }
                    let y = (x - 1) / (x + 1), y2 = y * y
                    l = 2 * y * (1 + y2 / 3 + y2 * y2 / 5 + y2 * y2 * y2 / 7) - Double(k) * 0.6931471805599453
                    return u * (-2 * l / s).squareRoot()
                }
            }
        }
    }

    @Test func aQuadraticIsRecoveredExactlyAtTheCentre() throws {
        var fit = LocalQuadraticFit(window: 0.3)
        for i in -9...9 {
            let dt = Double(i) / 30 + (i % 3 == 0 ? 0.002 : -0.001)
            fit.add(dt: dt, value: 1.5 - 0.8 * dt + 3 * dt * dt)
        }
        let solution = try #require(fit.solve())
        #expect(solution.order == 2)
        #expect(abs(solution.value - 1.5) < 1e-9)
        #expect(abs(solution.c1 + 0.8) < 1e-7)
        #expect(abs(solution.value(at: 0.2) - (1.5 - 0.16 + 0.12)) < 1e-7)
        #expect(solution.sigma < 1e-6)
    }

    /// Over many noisy windows the stated sigma matches the actual scatter of the centre value.
    @Test func theSigmaIsHonestForNoisyPoints() throws {
        var noise = Noise(state: 42)
        var errors: [Double] = [], sigmas: [Double] = []
        for _ in 0..<400 {
            var fit = LocalQuadraticFit(window: 0.3)
            for i in -9...9 { fit.add(dt: Double(i) / 30, value: 2 + 0.5 * Double(i) / 30 + 0.3 * noise.gaussian()) }
            let solution = try #require(fit.solve())
            errors.append(solution.value - 2)
            sigmas.append(solution.sigma)
        }
        let rms = (errors.map { $0 * $0 }.reduce(0, +) / Double(errors.count)).squareRoot()
        let meanSigma = sigmas.reduce(0, +) / Double(sigmas.count)
        #expect(abs(meanSigma / rms - 1) < 0.2, "stated \(meanSigma) against actual \(rms)")
        // Noise is cut well below a single point's 0.3.
        #expect(rms < 0.15)
    }

    @Test func fewOrOneSidedPointsFallBackToALineOrAMean() throws {
        var line = LocalQuadraticFit(window: 0.3)
        for i in 0...4 { line.add(dt: -Double(i) * 0.04, value: 1 + 2 * (-Double(i) * 0.04)) }
        let solved = try #require(line.solve())
        #expect(solved.order == 1)
        #expect(abs(solved.value - 1) < 1e-9)
        var single = LocalQuadraticFit(window: 0.3)
        single.add(dt: 0, value: 4)
        #expect(try #require(single.solve()).value == 4)
        #expect(LocalQuadraticFit(window: 0.3).solve() == nil)
    }

    /// A fit with no residual left (one point, or a line through two) has nothing to measure the
    /// scatter by: it states the prior sigma of a point through its leverage, not a perfect 0,
    /// and that sigma matches the actual error of the centre value over many noisy pairs.
    @Test func aFitWithNoResidualStatesThePriorSigma() throws {
        var single = LocalQuadraticFit(window: 0.45, priorSigma: 0.01)
        single.add(dt: 0, value: 4)
        let one = try #require(single.solve())
        #expect(abs(one.sigma - 0.01) < 1e-12)
        var noise = Noise(state: 7)
        var errors: [Double] = [], sigmas: [Double] = []
        for _ in 0..<400 {
            var pair = LocalQuadraticFit(window: 0.45, priorSigma: 0.01)
            pair.add(dt: -0.3, value: 2 - 0.3 * 0.5 + 0.01 * noise.gaussian())
            pair.add(dt: 0, value: 2 + 0.01 * noise.gaussian())
            let solution = try #require(pair.solve(lineThroughTwo: true))
            #expect(solution.order == 1)
            errors.append(solution.value - 2)
            sigmas.append(solution.sigma)
        }
        let rms = (errors.map { $0 * $0 }.reduce(0, +) / Double(errors.count)).squareRoot()
        let meanSigma = sigmas.reduce(0, +) / Double(sigmas.count)
        #expect(meanSigma > 0, "a line through two points claims no error")
        #expect(abs(meanSigma / rms - 1) < 0.2, "stated \(meanSigma) against actual \(rms)")
        // Without `lineThroughTwo` two points give their mean (the old fallback), as before.
        var mean = LocalQuadraticFit(window: 0.45)
        mean.add(dt: -0.3, value: 1)
        mean.add(dt: 0, value: 2)
        #expect(try #require(mean.solve()).order == 0)
    }
}
