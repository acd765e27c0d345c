/// Elementary functions without a maths library (this module imports nothing). Angles in radians.
///
/// Sine and cosine reduce the argument to [-π/4, π/4] with a three-part π/2 and sum a Taylor series
/// to the 17th power (error below 1e-16 there); the arctangent halves its argument twice after
/// folding it into [0, 1] and sums the series (error below 1e-16). Non-finite arguments, and sines and cosines beyond ±10⁶ (never needed here), give NaN.
enum Trigonometry {
    static let pi = 3.141592653589793
    static let halfPi = 1.5707963267948966
    // π/2 in three parts (fdlibm's), the first two with trailing zero bits so k·part is exact.
    private static let halfPi1 = 1.57079632673412561417e+00
    private static let halfPi2 = 6.07710050630396597660e-11
    private static let halfPi3 = 2.02226624879595063154e-21
    private static let quarterPi = 0.7853981633974483

    static func radians(fromDegrees degrees: Double) -> Double { degrees * (pi / 180) }
    static func degrees(fromRadians radians: Double) -> Double { radians * (180 / pi) }

    static func sine(_ x: Double) -> Double {
        guard let (r, quadrant) = reduced(x) else { return .nan }
        switch quadrant {
        case 0: return sineSeries(r)
        case 1: return cosineSeries(r)
        case 2: return -sineSeries(r)
        default: return -cosineSeries(r)
        }
    }

    static func cosine(_ x: Double) -> Double {
        guard let (r, quadrant) = reduced(x) else { return .nan }
        switch quadrant {
        case 0: return cosineSeries(r)
        case 1: return -sineSeries(r)
        case 2: return -cosineSeries(r)
        default: return sineSeries(r)
        }
    }

    static func tangent(_ x: Double) -> Double { sine(x) / cosine(x) }

    static func arctangent(_ x: Double) -> Double {
        guard !x.isNaN else { return .nan }
        if x < 0 { return -arctangent(-x) }
        if x > 1 { return halfPi - arctangent(1 / x) }
        // Two halvings, atan(t) = 2 atan(t / (1 + √(1 + t²))), bring t below 0.2.
        let once = x / (1 + (1 + x * x).squareRoot())
        let twice = once / (1 + (1 + once * once).squareRoot())
        let t2 = twice * twice
        var term = twice, sum = 0.0, k = 1.0
        for _ in 0..<14 {
            sum += term / k
            term *= -t2
            k += 2
        }
        return 4 * sum
    }

    /// The angle of (x, y) from the +x axis, in (-π, π].
    static func arctangent2(_ y: Double, _ x: Double) -> Double {
        guard !x.isNaN && !y.isNaN else { return .nan }
        if x > 0 { return arctangent(y / x) }
        if x < 0 { return y >= 0 ? arctangent(y / x) + pi : arctangent(y / x) - pi }
        if y > 0 { return halfPi }
        if y < 0 { return -halfPi }
        return 0
    }

    /// asin, for |x| ≤ 1 (clamped); NaN for NaN.
    static func arcsine(_ x: Double) -> Double {
        guard !x.isNaN else { return .nan }
        let c = max(-1, min(1, x))
        return arctangent2(c, max(0, 1 - c * c).squareRoot())
    }

    /// `x` = r + k·π/2 with |r| ≤ π/4 and the quadrant k mod 4; nil when `x` is not finite or too
    /// large to reduce meaningfully.
    private static func reduced(_ x: Double) -> (Double, Int)? {
        guard x.isFinite, x.magnitude < 1e6 else { return nil }
        let k = (x / halfPi).rounded()
        let r = ((x - k * halfPi1) - k * halfPi2) - k * halfPi3
        let whole = Int64(k)
        return (r, Int(((whole % 4) + 4) % 4))
    }

    private static func sineSeries(_ r: Double) -> Double {
        let r2 = r * r
        return r * (1 - r2 / 6 * (1 - r2 / 20 * (1 - r2 / 42 * (1 - r2 / 72 * (1 - r2 / 110
            * (1 - r2 / 156 * (1 - r2 / 210 * (1 - r2 / 272))))))))
    }

    private static func cosineSeries(_ r: Double) -> Double {
        let r2 = r * r
        return 1 - r2 / 2 * (1 - r2 / 12 * (1 - r2 / 30 * (1 - r2 / 56 * (1 - r2 / 90
            * (1 - r2 / 132 * (1 - r2 / 182 * (1 - r2 / 240)))))))
    }
}
