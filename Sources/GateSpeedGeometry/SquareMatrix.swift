/// A small dense symmetric-or-not square matrix, row-major, for the normal equations of the solve.
struct SquareMatrix: Sendable, Equatable {
    let size: Int
    var values: [Double]

    init(size: Int, repeating value: Double = 0) {
        self.size = max(0, size)
        values = [Double](repeating: value, count: self.size * self.size)
    }

    subscript(row: Int, column: Int) -> Double {
        get { values[row * size + column] }
        set { values[row * size + column] = newValue }
    }

    /// Solves A·x = b by Cholesky factorisation; nil when A is not (numerically) positive definite.
    func choleskySolve(_ b: [Double]) -> [Double]? {
        let n = size
        guard b.count == n else { return nil }
        var l = [Double](repeating: 0, count: n * n)
        for j in 0..<n {
            var d = self[j, j]
            for k in 0..<j { d -= l[j * n + k] * l[j * n + k] }
            guard d > 0, d.isFinite else { return nil }
            let ljj = d.squareRoot()
            l[j * n + j] = ljj
            for i in (j + 1)..<max(j + 1, n) {
                var s = self[i, j]
                for k in 0..<j { s -= l[i * n + k] * l[j * n + k] }
                l[i * n + j] = s / ljj
            }
        }
        var y = [Double](repeating: 0, count: n)
        for i in 0..<n {
            var s = b[i]
            for k in 0..<i { s -= l[i * n + k] * y[k] }
            y[i] = s / l[i * n + i]
        }
        var x = [Double](repeating: 0, count: n)
        for i in stride(from: n - 1, through: 0, by: -1) {
            var s = y[i]
            for k in (i + 1)..<max(i + 1, n) { s -= l[k * n + i] * x[k] }
            x[i] = s / l[i * n + i]
        }
        return x.allSatisfy(\.isFinite) ? x : nil
    }

    /// Eigenvalues and unit eigenvectors of a symmetric matrix by cyclic Jacobi rotations.
    /// `vectors[k]` belongs to `values[k]`; values are sorted from largest to smallest.
    func symmetricEigen() -> (values: [Double], vectors: [[Double]]) {
        let n = size
        var a = values
        var v = [Double](repeating: 0, count: n * n)
        for i in 0..<n { v[i * n + i] = 1 }
        for _ in 0..<60 {
            var off = 0.0, diagonal = 0.0
            for i in 0..<n {
                diagonal += a[i * n + i] * a[i * n + i]
                for j in (i + 1)..<max(i + 1, n) { off += a[i * n + j] * a[i * n + j] }
            }
            if !(off > 1e-30 * diagonal) { break }
            for p in 0..<n {
                for q in (p + 1)..<max(p + 1, n) {
                    let apq = a[p * n + q]
                    guard apq != 0 else { continue }
                    let theta = (a[q * n + q] - a[p * n + p]) / (2 * apq)
                    let t = (theta >= 0 ? 1.0 : -1.0) / (theta.magnitude + (theta * theta + 1).squareRoot())
                    let c = 1 / (t * t + 1).squareRoot(), s = t * c
                    for k in 0..<n {
                        let akp = a[k * n + p], akq = a[k * n + q]
                        a[k * n + p] = c * akp - s * akq
                        a[k * n + q] = s * akp + c * akq
                    }
                    for k in 0..<n {
                        let apk = a[p * n + k], aqk = a[q * n + k]
                        a[p * n + k] = c * apk - s * aqk
                        a[q * n + k] = s * apk + c * aqk
                    }
                    for k in 0..<n {
                        let vkp = v[k * n + p], vkq = v[k * n + q]
                        v[k * n + p] = c * vkp - s * vkq
                        v[k * n + q] = s * vkp + c * vkq
                    }
                }
            }
        }
        let order = (0..<n).sorted { a[$0 * n + $0] > a[$1 * n + $1] }
        return (order.map { a[$0 * n + $0] }, order.map { k in (0..<n).map { v[$0 * n + k] } })
    }
}
