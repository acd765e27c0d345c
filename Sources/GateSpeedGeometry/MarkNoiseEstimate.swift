/// How precise the marks really are, from the fit's own residuals.
///
/// `CourseSurvey.markPrecision` is only an assumption about a tapped mark; marks typed from a zoomed
/// still, or written to three decimals, are often far better, and careless ones worse. With M mark
/// residuals (x and y of every marked point) left over at the solution, the per-coordinate noise is
///
///     σ̂ = rms mark residual × √(M / (M − p)),
///
/// where p = tr(J_m (JᵀJ)⁻¹ J_mᵀ) is the number of parameters the marks themselves fit (the priors
/// fit the rest; without priors p is the parameter count). With the marks whitened by σ̂ this is
/// the exact expectation of the linearised fit, so the solve re-weights the marks by σ̂, fits again
/// and re-estimates (a few rounds settle it).
///
/// The noise used is σ̂, but never below `floorPixels` (the quantisation of marks written to three
/// decimals, with a margin); when fewer than `minimumDegreesOfFreedom` are left over (M − p), the
/// residuals cannot judge it and the stated precision is kept.
struct MarkNoiseEstimate: Sendable, Equatable {
    /// The lowest mark noise ever used, sensor pixels.
    static let floorPixels = 0.3
    /// Below this many degrees of freedom the stated precision is kept.
    static let minimumDegreesOfFreedom = 4.0
    /// Re-weighting rounds at most, and the relative change that ends them early.
    static let rounds = 4
    static let settledFraction = 0.02

    /// The 1-sigma the residuals say, sensor widths; nil when there are too few degrees of freedom.
    var fromResiduals: Double?
    /// M − p.
    var degreesOfFreedom: Double
    /// The 1-sigma used for the covariance, sensor widths.
    var used: Double

    /// The estimate from a model's residuals and covariance at `p`; nil when the residuals or the
    /// Jacobian cannot be evaluated there.
    init?(_ model: SurveyModel, parameters p: [Double], covariance: ParameterCovariance, stated: Double, widthPixels: Double) {
        guard let r = model.residuals(p), let j = model.jacobian(p) else { return nil }
        let n = p.count, m = model.markResidualCount
        guard covariance.size == n, m > 0 else { return nil }
        var chiSquare = 0.0
        for i in 0..<m { chiSquare += r[i] * r[i] }
        // tr(C · J_mᵀJ_m) = Σ_i (J_m row i) C (J_m row i)ᵀ.
        var fitted = 0.0
        for i in 0..<m {
            let row = Array(j[(i * n)..<(i * n + n)])
            fitted += covariance.variance(gradient: row)
        }
        degreesOfFreedom = Double(m) - fitted
        let floor = MarkNoiseEstimate.floorPixels / max(widthPixels, 1)
        if degreesOfFreedom >= MarkNoiseEstimate.minimumDegreesOfFreedom, chiSquare.isFinite {
            let sigma = model.markSigma * (chiSquare / degreesOfFreedom).squareRoot()
            fromResiduals = sigma
            used = max(floor, sigma)
        } else {
            fromResiduals = nil
            used = stated
        }
        guard used.isFinite, used > 0 else { return nil }
    }

    /// The solution re-weighted by the estimated noise until the estimate settles: the model with
    /// the used mark sigma, its solution (from `start`), its covariance and the estimate. Nil when
    /// the model cannot be evaluated at `start`.
    static func refine(_ model: SurveyModel, from start: LevenbergMarquardt.Outcome, stated: Double, widthPixels: Double)
        -> (model: SurveyModel, run: LevenbergMarquardt.Outcome, covariance: ParameterCovariance, estimate: MarkNoiseEstimate)? {
        var m = model
        var run = start
        guard var (covariance, _) = Determinability.analyse(m, parameters: run.parameters),
              var estimate = MarkNoiseEstimate(m, parameters: run.parameters, covariance: covariance, stated: stated,
                                               widthPixels: widthPixels) else { return nil }
        for _ in 0..<rounds {
            guard (estimate.used / m.markSigma - 1).magnitude > settledFraction else { break }
            var next = m
            next.markSigma = estimate.used
            guard let again = LevenbergMarquardt(maximumIterations: 100).minimise(next, from: run.parameters),
                  let (c, _) = Determinability.analyse(next, parameters: again.parameters),
                  let e = MarkNoiseEstimate(next, parameters: again.parameters, covariance: c, stated: stated,
                                            widthPixels: widthPixels) else { break }
            (m, run, covariance, estimate) = (next, again, c, e)
        }
        // The covariance belongs to the sigma the marks were last weighted by.
        estimate.used = m.markSigma
        return (m, run, covariance, estimate)
    }
}
