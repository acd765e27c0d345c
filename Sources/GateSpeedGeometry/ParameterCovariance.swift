/// The covariance of the solved parameters, (JᵀJ)⁻¹ of the whitened residuals (equivalently
/// (JᵀJ)⁻¹·σ² for residuals in sensor units with σ the mark precision), found through the
/// eigen-decomposition of the information matrix scaled to a unit diagonal, so that its condition
/// number says honestly whether every parameter is pinned.
struct ParameterCovariance: Sendable, Equatable {
    let size: Int
    /// Unscaled covariance, row-major.
    let matrix: [Double]
    /// Columns b_k with Σ_k b_k b_kᵀ = covariance: ±1 sigma along each principal axis of the
    /// parameters scaled to unit information, largest first.
    let axes: [[Double]]
    /// Smallest over largest eigenvalue of the scaled information matrix.
    let reciprocalCondition: Double

    /// Below this reciprocal condition number the information matrix is treated as singular.
    static let singularThreshold = 1e-11

    var isSingular: Bool { !(reciprocalCondition > ParameterCovariance.singularThreshold) }

    /// The covariance from a Jacobian (row-major, rows × size) of whitened residuals.
    init?(jacobian j: [Double], size n: Int) {
        guard n > 0, j.count % n == 0 else { return nil }
        let m = j.count / n
        var a = SquareMatrix(size: n)
        for i in 0..<m {
            for k in 0..<n where j[i * n + k] != 0 {
                for l in 0..<n { a[k, l] += j[i * n + k] * j[i * n + l] }
            }
        }
        self.init(information: a)
    }

    init?(information a: SquareMatrix) {
        let n = a.size
        guard n > 0, a.values.allSatisfy(\.isFinite) else { return nil }
        let scale = (0..<n).map { k in a[k, k] > 0 ? 1 / a[k, k].squareRoot() : 0 }
        var scaled = SquareMatrix(size: n)
        for k in 0..<n { for l in 0..<n { scaled[k, l] = a[k, l] * scale[k] * scale[l] } }
        for k in 0..<n where scale[k] == 0 { scaled[k, k] = 0 }
        let (values, vectors) = scaled.symmetricEigen()
        let largest = values.first ?? 0
        let smallest = values.last ?? 0
        size = n
        reciprocalCondition = largest > 0 && scale.allSatisfy({ $0 > 0 }) ? max(0, smallest) / largest : 0
        let floor = largest * ParameterCovariance.singularThreshold
        var axes: [[Double]] = []
        var c = [Double](repeating: 0, count: n * n)
        for (value, vector) in zip(values, vectors) {
            // A (near-)null direction gets a huge but finite spread rather than a division by zero.
            let spread = 1 / max(value, floor, 1e-300).squareRoot()
            let axis = (0..<n).map { scale[$0] * vector[$0] * spread }
            axes.append(axis)
            for k in 0..<n { for l in 0..<n { c[k * n + l] += axis[k] * axis[l] } }
        }
        matrix = c
        self.axes = axes
    }

    func variance(_ k: Int) -> Double { matrix[k * size + k] }

    /// Variance of a linear function with gradient `g`.
    func variance(gradient g: [Double]) -> Double {
        var v = 0.0
        for k in 0..<size { for l in 0..<size { v += g[k] * matrix[k * size + l] * g[l] } }
        return v
    }
}
