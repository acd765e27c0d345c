/// A straight-line fit of one position over time that forgets: each sample's weight decays as
/// `memory / (memory + elapsed)` with every later sample (a sliding window of about `memory`
/// seconds, the same at any frame rate). Gives the speed and how well it is known.
///
/// Times are seconds (any clock), positions normalised view x. Six sums, no storage: updating
/// costs a few multiplications and never allocates.
struct MotionFit: Sendable {
    private var weight = 0.0, sumT = 0.0, sumX = 0.0, sumTT = 0.0, sumTX = 0.0, sumXX = 0.0
    /// Time of the first sample (times are kept relative to it) and of the latest one.
    private var origin = 0.0, latest = -Double.infinity

    /// Whether any sample has been added since the last reset.
    var isEmpty: Bool { weight == 0 }

    mutating func reset() { self = MotionFit() }

    /// Adds position `x` at time `t` (seconds, after the previous sample's).
    mutating func add(t: Double, x: Double, memorySeconds: Double) {
        if weight == 0 {
            origin = t
        } else {
            let keep = memorySeconds / (memorySeconds + max(0, t - latest))
            weight *= keep; sumT *= keep; sumX *= keep; sumTT *= keep; sumTX *= keep; sumXX *= keep
        }
        let u = t - origin
        weight += 1; sumT += u; sumX += x; sumTT += u * u; sumTX += u * x; sumXX += x * x
        latest = t
    }

    /// The fitted speed (view widths per second, signed: positive is rightwards) and its standard
    /// error, from the residuals of the fit but never below what a position error of `sigmaFloor`
    /// (view widths, 1 sigma) per sample allows. Nil before two samples at distinct times.
    func speed(sigmaFloor: Double) -> (speed: Double, error: Double)? {
        guard weight > 1 else { return nil }
        let stt = sumTT - sumT * sumT / weight
        guard stt > 1e-12 else { return nil }
        let stx = sumTX - sumT * sumX / weight
        let sxx = sumXX - sumX * sumX / weight
        let slope = stx / stt
        let residual = max(0, sxx - slope * stx)
        // With two or three samples the residuals say little; the floor stands in.
        let sigma = max(sigmaFloor, (residual / max(1, weight - 2)).squareRoot())
        return (slope, sigma / stt.squareRoot())
    }
}
