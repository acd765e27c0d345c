/// A weighted least-squares fit of `value = c0 + c1 dt + c2 dt^2` to points near a centre,
/// with tricube weights over a half-width `window` (seconds): the local polynomial smoother.
/// At the centre it is unbiased for any motion a quadratic describes (a weave's apex included)
/// and cuts per-sample noise by about sqrt(2.25 / n) for n evenly spread points.
///
/// Accumulate points with `add`, then `solve()`. No allocation.
struct LocalQuadraticFit {
    let window: Double
    private var s = (0.0, 0.0, 0.0, 0.0, 0.0)     // sum w dt^k, k = 0...4
    private var u = (0.0, 0.0, 0.0, 0.0, 0.0)     // sum w^2 dt^k
    private var t = (0.0, 0.0, 0.0)               // sum w dt^k v
    private var vv = 0.0                          // sum w v^2
    private(set) var count = 0
    private var earliest = Double.infinity, latest = -Double.infinity
    /// One point's standard deviation (units of the values) stated for a fit through as many
    /// points as it has coefficients: no residual is left to measure the scatter by, and the
    /// points are not exact for it (0: the sigma of such a fit is 0).
    let priorSigma: Double

    init(window: Double, priorSigma: Double = 0) {
        self.window = window
        self.priorSigma = priorSigma
    }

    /// The smoothed value at the centre and its standard deviation (from the scatter about the
    /// fit), with `order` the polynomial degree that the points supported (0, 1 or 2).
    struct Solution {
        var value: Double
        var sigma: Double
        var c1: Double, c2: Double
        var order: Int
        /// The centre value's variance per unit variance of one point of weight 1 (about 1/n
        /// for n evenly spread points): how much the points average noise down.
        var leverage = 1.0
        /// The fitted value at `dt` seconds from the centre.
        func value(at dt: Double) -> Double { value + c1 * dt + c2 * dt * dt }
    }

    /// Adds a point `dt` seconds from the centre. `weight` (> 0): its relative precision, e.g.
    /// the inverse variance of a measurement that is sometimes worse than usual.
    mutating func add(dt: Double, value: Double, weight: Double = 1) {
        let r = min(1, abs(dt) / window)
        let k = 1 - r * r * r
        let w = max(1e-6, k * k * k) * (weight.isFinite && weight > 0 ? weight : 1e-6)
        let d2 = dt * dt
        s.0 += w; s.1 += w * dt; s.2 += w * d2; s.3 += w * d2 * dt; s.4 += w * d2 * d2
        let w2 = w * w
        u.0 += w2; u.1 += w2 * dt; u.2 += w2 * d2; u.3 += w2 * d2 * dt; u.4 += w2 * d2 * d2
        t.0 += w * value; t.1 += w * dt * value; t.2 += w * d2 * value
        vv += w * value * value
        count += 1
        earliest = min(earliest, dt); latest = max(latest, dt)
    }

    /// The fit, or nil with no points. Falls back to a line, then a weighted mean, when the
    /// points do not span enough of the window for a quadratic. `lineThroughTwo`: two points
    /// spread over the window are fitted with the line through them, not their mean (for values
    /// known to move steadily: their mean is where they were on average, not at the centre), and
    /// so are points close together (any spread): read at the centre, inside their span.
    func solve(lineThroughTwo: Bool = false) -> Solution? {
        guard count > 0, s.0 > 0 else { return nil }
        let spread = latest - earliest
        if count >= 6 && spread > window * 0.6, let quadratic = solveQuadratic() { return quadratic }
        // A steady rider's few sightings close together are still at different times: their
        // line, read at the centre (one of them, inside their span), is where the rider was
        // then; their mean is where they were on average (`lineThroughTwo`).
        if count >= (lineThroughTwo ? 2 : 3) && (spread > window * 0.2 || lineThroughTwo && spread > 0),
           let line = solveLine() { return line }
        let mean = t.0 / s.0
        let variance = max(0, vv / s.0 - mean * mean)
        let effective = s.0 * s.0 / max(1e-12, u.0)
        let leverage = 1 / max(1, effective)
        let sigma = count > 1 ? (variance / max(1, effective - 1)).squareRoot() : priorSigma * leverage.squareRoot()
        return Solution(value: mean, sigma: sigma, c1: 0, c2: 0, order: 0, leverage: leverage)
    }

    private func solveQuadratic() -> Solution? {
        // A = [[s0 s1 s2] [s1 s2 s3] [s2 s3 s4]] (symmetric); inverse by cofactors.
        let a00 = s.2 * s.4 - s.3 * s.3, a01 = s.2 * s.3 - s.1 * s.4, a02 = s.1 * s.3 - s.2 * s.2
        let a11 = s.0 * s.4 - s.2 * s.2, a12 = s.1 * s.2 - s.0 * s.3, a22 = s.0 * s.2 - s.1 * s.1
        let det = s.0 * a00 + s.1 * a01 + s.2 * a02
        guard det.isFinite, abs(det) > 1e-18 * max(1, s.0 * s.2 * s.4) else { return nil }
        let i00 = a00 / det, i01 = a01 / det, i02 = a02 / det, i11 = a11 / det, i12 = a12 / det, i22 = a22 / det
        let c0 = i00 * t.0 + i01 * t.1 + i02 * t.2
        let c1 = i01 * t.0 + i11 * t.1 + i12 * t.2
        let c2 = i02 * t.0 + i12 * t.1 + i22 * t.2
        // Weighted residual sum of squares: sum w v^2 - c . t.
        let rss = max(0, vv - (c0 * t.0 + c1 * t.1 + c2 * t.2))
        let effective = s.0 * s.0 / max(1e-12, u.0)
        let sigma2 = rss / s.0 * effective / max(1, effective - 3)
        // Var(c0) = sigma^2 * [A^-1 U A^-1]_00 with row e0 A^-1 = (i00, i01, i02).
        let r = (i00, i01, i02)
        let leverage = r.0 * (u.0 * r.0 + u.1 * r.1 + u.2 * r.2)
            + r.1 * (u.1 * r.0 + u.2 * r.1 + u.3 * r.2)
            + r.2 * (u.2 * r.0 + u.3 * r.1 + u.4 * r.2)
        let sigma = (sigma2 * max(0, leverage)).squareRoot()
        guard c0.isFinite, sigma.isFinite else { return nil }
        return Solution(value: c0, sigma: sigma, c1: c1, c2: c2, order: 2, leverage: max(0, leverage))
    }

    private func solveLine() -> Solution? {
        let det = s.0 * s.2 - s.1 * s.1
        guard det.isFinite, abs(det) > 1e-18 * max(1, s.0 * s.2) else { return nil }
        let i00 = s.2 / det, i01 = -s.1 / det, i11 = s.0 / det
        let c0 = i00 * t.0 + i01 * t.1
        let c1 = i01 * t.0 + i11 * t.1
        let rss = max(0, vv - (c0 * t.0 + c1 * t.1))
        let effective = s.0 * s.0 / max(1e-12, u.0)
        let sigma2 = rss / s.0 * effective / max(1, effective - 2)
        let leverage = i00 * (u.0 * i00 + u.1 * i01) + i01 * (u.1 * i00 + u.2 * i01)
        let sigma = ((count > 2 ? sigma2 : priorSigma * priorSigma) * max(0, leverage)).squareRoot()
        guard c0.isFinite, sigma.isFinite else { return nil }
        return Solution(value: c0, sigma: sigma, c1: c1, c2: 0, order: 1, leverage: max(0, leverage))
    }
}
