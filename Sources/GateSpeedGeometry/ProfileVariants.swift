/// The ±1-sigma alternatives of a solution that carry its uncertainty into timing, kept on the
/// floor of the fit's valley.
///
/// Each principal axis b_k of the covariance (scaled to 1 sigma) gives two variants, p ± b_k. Where
/// the marks pin the parameters tightly the fit is linear over a sigma and p ± b_k is the answer;
/// but along a direction only a weak prior holds (the camera's distance with the focal length, say,
/// ±30 %), a straight step of a sigma leaves the marks behind (the curved valley of equally good
/// fits bends away from the straight line), and a variant that no longer fits the marks exaggerates
/// how differently it would time. So each step is followed by a few Gauss–Newton iterations in the
/// directions of the axes the marks pin more tightly than b_k (the displacement along b_k, in the
/// information metric, stays 1 sigma): the variant follows the valley's bend. Only tighter axes
/// correct a looser one: letting a loose axis settle a tight one would let the flat direction soak
/// up the tight step's cost and shrink it below a sigma. In a linear problem the correction is zero
/// and the variants are exactly p ± b_k.
enum ProfileVariants {
    /// Gauss–Newton iterations per variant.
    static let iterations = 3

    /// The variants (2 per axis, + then −) of `model` about `p`; `covariance.axes` run from the
    /// tightest axis to the loosest.
    static func variants(_ model: SurveyModel, parameters p: [Double], covariance: ParameterCovariance) -> [CourseGeometryVariant] {
        covariance.axes.indices.flatMap { k in
            [1.0, -1.0].map { sign -> CourseGeometryVariant in
                let q = settled(model, from: zip(p, covariance.axes[k]).map { $0 + sign * $1 },
                                directions: Array(covariance.axes[..<k]))
                return CourseGeometryVariant(camera: model.camera(q), postAlong: model.postAlong(q))
            }
        }
    }

    /// `start` moved within the span of `directions` to lower the model's χ² (Gauss–Newton with
    /// directional central differences, each step kept only when it lowers the cost); `start` itself
    /// when nothing helps or the residuals cannot be evaluated.
    static func settled(_ model: SurveyModel, from start: [Double], directions: [[Double]]) -> [Double] {
        guard !directions.isEmpty, var r = model.residuals(start) else { return start }
        var q = start
        var cost = LevenbergMarquardt.sumOfSquares(r)
        let n = directions.count, m = r.count
        var columns = [[Double]](repeating: [Double](repeating: 0, count: m), count: n)
        for _ in 0..<iterations {
            // Each direction is one sigma long: a step of 1e-4 of it is small but far above rounding.
            let h = 1e-4
            for (l, b) in directions.enumerated() {
                guard let plus = model.residuals(zip(q, b).map { $0 + h * $1 }),
                      let minus = model.residuals(zip(q, b).map { $0 - h * $1 }) else { return q }
                for i in 0..<m { columns[l][i] = (plus[i] - minus[i]) / (2 * h) }
            }
            var a = SquareMatrix(size: n)
            var g = [Double](repeating: 0, count: n)
            for k in 0..<n {
                for i in 0..<m { g[k] -= columns[k][i] * r[i] }
                for l in k..<n {
                    var sum = 0.0
                    for i in 0..<m { sum += columns[k][i] * columns[l][i] }
                    a[k, l] = sum
                    a[l, k] = sum
                }
                a[k, k] *= 1 + 1e-9
                a[k, k] += 1e-12
            }
            guard let c = a.choleskySolve(g) else { return q }
            var trial = q
            for (l, b) in directions.enumerated() { for j in trial.indices { trial[j] += c[l] * b[j] } }
            guard let rt = model.residuals(trial) else { return q }
            let trialCost = LevenbergMarquardt.sumOfSquares(rt)
            guard trialCost < cost else { return q }
            let decrease = cost - trialCost
            (q, r, cost) = (trial, rt, trialCost)
            if decrease < 1e-6 * max(1, cost) { break }
        }
        return q
    }
}
