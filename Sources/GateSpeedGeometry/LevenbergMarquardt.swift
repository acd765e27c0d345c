/// Levenberg–Marquardt least squares with Marquardt's diagonal scaling, on a survey model.
struct LevenbergMarquardt: Sendable {
    struct Outcome: Sendable, Equatable {
        var parameters: [Double]
        /// Sum of squared whitened residuals (χ²).
        var cost: Double
        /// True when the last steps stopped reducing the cost (a minimum), false when the iteration
        /// limit ended the search first.
        var converged: Bool
        var iterations: Int
    }

    var maximumIterations = 200
    var relativeTolerance = 1e-10
    /// Parameters held at their starting values (for profiling the cost along one of them).
    var frozen: Set<Int> = []

    /// Minimises the model's χ² from `start`; nil when the start cannot be evaluated.
    func minimise(_ model: SurveyModel, from start: [Double]) -> Outcome? {
        guard let r0 = model.residuals(start) else { return nil }
        var p = start
        var cost = LevenbergMarquardt.sumOfSquares(r0)
        var lambda = 1e-3
        let n = p.count
        var iterations = 0
        while iterations < maximumIterations {
            iterations += 1
            guard let r = model.residuals(p), var j = model.jacobian(p) else { break }
            for k in frozen where k < n { for i in 0..<r.count { j[i * n + k] = 0 } }
            let m = r.count
            var a = SquareMatrix(size: n)
            var g = [Double](repeating: 0, count: n)
            for i in 0..<m {
                let row = i * n
                for k in 0..<n {
                    let jk = j[row + k]
                    guard jk != 0 else { continue }
                    g[k] += jk * r[i]
                    for l in k..<n { a[k, l] += jk * j[row + l] }
                }
            }
            var largestDiagonal = 0.0
            for k in 0..<n {
                for l in 0..<k { a[k, l] = a[l, k] }
                largestDiagonal = max(largestDiagonal, a[k, k])
            }
            let gradientSize = g.reduce(0) { $0 + $1 * $1 }.squareRoot()
            if gradientSize <= 1e-12 * max(1, cost) { return Outcome(parameters: p, cost: cost, converged: true, iterations: iterations) }
            var improved = false
            while lambda < 1e14 {
                var damped = a
                for k in 0..<n { damped[k, k] += lambda * max(a[k, k], 1e-9 * largestDiagonal, 1e-300) }
                if let step = damped.choleskySolve(g.map { -$0 }) {
                    let trial = zip(p, step).map { $0 + $1 }
                    if let rt = model.residuals(trial) {
                        let trialCost = LevenbergMarquardt.sumOfSquares(rt)
                        if trialCost < cost {
                            let decrease = cost - trialCost
                            p = trial
                            cost = trialCost
                            lambda = max(lambda / 4, 1e-12)
                            improved = true
                            if decrease <= relativeTolerance * cost + 1e-18 {
                                return Outcome(parameters: p, cost: cost, converged: true, iterations: iterations)
                            }
                            break
                        }
                    }
                }
                lambda *= 5
            }
            // No step in any damping reduces the cost: a minimum to working precision.
            if !improved { return Outcome(parameters: p, cost: cost, converged: true, iterations: iterations) }
        }
        return Outcome(parameters: p, cost: cost, converged: false, iterations: iterations)
    }

    static func sumOfSquares(_ r: [Double]) -> Double { r.reduce(0) { $0 + $1 * $1 } }
}
