/// A straight-line fit of one position over time that forgets: each sample's weight decays as
/// `memory / (memory + elapsed)` with every later sample (a sliding window of about `memory`
/// seconds, the same at any frame rate). Gives the speed and how well it is known.
///
/// A change of motion restarts it: when two successive samples both lie more than
/// `restartDeviations` standard deviations off the fitted line, on the same side, the fit keeps
/// only those two (a sample off the line is held out of the fit until the next one). A rider
/// whose region took over a person standing where they came in is then judged on the new
/// motion within a fraction of a second, not after the memory has forgotten the old one.
///
/// Times are seconds (any clock), positions normalised view x. Six sums and one held-out sample,
/// no storage: updating costs a few multiplications and never allocates.
struct MotionFit: Sendable {
    private var weight = 0.0, sumT = 0.0, sumX = 0.0, sumTT = 0.0, sumTX = 0.0, sumXX = 0.0
    /// Time of the first sample (times are kept relative to it) and of the latest one.
    private var origin = 0.0, latest = -Double.infinity
    /// A sample that lay off the line by over the restart threshold, held out of the fit until
    /// the next one says whether the motion changed (`pendingSide` +1 or -1; 0: none).
    private var pendingT = 0.0, pendingX = 0.0, pendingSide = 0.0

    /// Whether any sample has been added since the last reset.
    var isEmpty: Bool { weight == 0 }

    /// Time of the first sample of the motion fitted now (after the last restart), seconds.
    var since: Double { weight == 0 ? latest : origin }

    /// The side (+1, -1) of the sample held out now as off the line, 0 when none.
    var heldOut: Double { pendingSide }

    /// Whether the latest sample (in the fit or held out) was taken at time `t`.
    func isCurrent(at t: Double) -> Bool { latest == t || (pendingSide != 0 && pendingT == t) }

    mutating func reset() { self = MotionFit() }

    /// Adds position `x` at time `t` (seconds, after the previous sample's). `sigmaFloor`: one
    /// sample's position error (view widths); `restartDeviations`: see the type (0: never restart).
    mutating func add(t: Double, x: Double, memorySeconds: Double, sigmaFloor: Double = 0, restartDeviations: Double = 0) {
        var side = 0.0
        if restartDeviations > 0, let deviation = deviations(t: t, x: x, sigmaFloor: sigmaFloor),
           abs(deviation) > restartDeviations {
            side = deviation > 0 ? 1 : -1
        }
        let pending = pendingSide
        if pending != 0 && side == pending {
            // Two in a row off the line on one side: the motion changed. Keep only them.
            let (t0, x0) = (pendingT, pendingX)
            self = MotionFit()
            append(t: t0, x: x0, memorySeconds: memorySeconds)
            append(t: t, x: x, memorySeconds: memorySeconds)
            return
        }
        if pending != 0 { append(t: pendingT, x: pendingX, memorySeconds: memorySeconds) }
        pendingSide = side
        if side != 0 {
            pendingT = t; pendingX = x
        } else {
            append(t: t, x: x, memorySeconds: memorySeconds)
        }
    }

    private mutating func append(t: Double, x: Double, memorySeconds: Double) {
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

    /// How far `x` at time `t` lies off the fitted line, in standard deviations of one sample
    /// (the residuals' scatter, never below `sigmaFloor`), signed; nil before the fit has the
    /// weight of three samples (two always lie on their line).
    func deviations(t: Double, x: Double, sigmaFloor: Double) -> Double? {
        guard weight >= 2.5, let line = fittedLine() else { return nil }
        let sigma = max(sigmaFloor, (line.residual / max(1, weight - 2)).squareRoot(), 1e-9)
        let u = t - origin
        let predicted = sumX / weight + line.slope * (u - sumT / weight)
        return (x - predicted) / sigma
    }

    /// The fitted speed (view widths per second, signed: positive is rightwards) and its standard
    /// error, from the residuals of the fit but never below what a position error of `sigmaFloor`
    /// (view widths, 1 sigma) per sample allows. Nil before two samples at distinct times.
    func speed(sigmaFloor: Double) -> (speed: Double, error: Double)? {
        guard weight > 1, let line = fittedLine() else { return nil }
        // With two or three samples the residuals say little; the floor stands in.
        let sigma = max(sigmaFloor, (line.residual / max(1, weight - 2)).squareRoot())
        return (line.slope, sigma / line.timeSpread.squareRoot())
    }

    /// The weighted least-squares line through the samples: its slope (view widths per second),
    /// the weighted spread of the times about their mean (seconds squared) and the weighted sum
    /// of squared residuals (view widths squared); nil when the times do not spread.
    private func fittedLine() -> (slope: Double, timeSpread: Double, residual: Double)? {
        let stt = sumTT - sumT * sumT / weight
        guard stt > 1e-12 else { return nil }
        let stx = sumTX - sumT * sumX / weight
        let sxx = sumXX - sumX * sumX / weight
        let slope = stx / stt
        return (slope, stt, max(0, sxx - slope * stx))
    }
}
