/// Fills convex outlines with anti-aliased (coverage-weighted) edges.
///
/// Points are pixel coordinates (continuous, 0 at the top-left edge of the image; pixel (i, j)
/// covers [i, i+1) × [j, j+1)). Add the outline points of a shape, build their convex hull,
/// then `fill` hands each covered row's coverage (0…1 per pixel: exact across the row, eight
/// sub-rows down it) to a closure that blends. All storage is allocated once.
struct PerspectiveRasteriser: Sendable {
    /// Sub-rows sampled per pixel row.
    static let subRows = 8
    /// Points on a ball's outline.
    static let outlinePoints = 12

    private var xs: [Double], ys: [Double]
    private(set) var count = 0
    private var hullX: [Double], hullY: [Double]
    private(set) var hullCount = 0
    private var scaledX: [Double], scaledY: [Double]
    private var cover: [Float]
    /// Unit circle, `outlinePoints` steps, radius enlarged so the polygon has the circle's area.
    private let circleCos: [Double], circleSin: [Double]

    /// - Parameters: capacity: most points per shape; width: widest image filled, pixels.
    init(capacity: Int, width: Int) {
        xs = [Double](repeating: 0, count: capacity)
        ys = xs
        hullX = [Double](repeating: 0, count: 2 * capacity + 1)
        hullY = hullX
        scaledX = hullX
        scaledY = hullX
        cover = [Float](repeating: 0, count: width + 2)
        let n = Self.outlinePoints
        // A regular n-gon of radius R has area (n/2) sin(2π/n) R²; match π ρ².
        let step = 6.283185307179586 / Double(n)
        let grow = (3.141592653589793 / (Double(n) / 2 * perspectiveSineCosine(step).sin)).squareRoot()
        var c = [Double](), s = [Double]()
        for i in 0..<n {
            let t = perspectiveSineCosine(step * Double(i))
            c.append(t.cos * grow)
            s.append(t.sin * grow)
        }
        circleCos = c
        circleSin = s
    }

    mutating func reset() { count = 0; hullCount = 0 }

    @inline(__always)
    mutating func add(_ x: Double, _ y: Double) {
        guard count < xs.count else { return }
        xs[count] = x
        ys[count] = y
        count += 1
    }

    /// Adds the perspective outline of a ball given in camera axes. Returns false when the ball is
    /// not wholly in front of the camera (the caller should then skip the shape).
    mutating func addBall(_ ball: PerspectiveBall, camera: PerspectiveCameraPose) -> Bool {
        let v = ball.centre, r = ball.radius
        let d2 = v.dot(v)
        guard v.z > r + 0.01, d2 > r * r * 1.0001 else { return false }
        // The outline of a sphere seen from the origin is a circle on it: centre pulled toward the
        // eye by r²/d, radius r √(1 - r²/d²), in the plane square to the line of sight.
        let ratio = r * r / d2
        let centre = v * (1 - ratio)
        let rho = r * (1 - ratio).squareRoot()
        let e1 = PerspectiveVector(-v.z, 0, v.x).normalised
        let e2 = v.cross(e1) * (1 / d2.squareRoot())
        for i in 0..<Self.outlinePoints {
            let p = centre + e1 * (rho * circleCos[i]) + e2 * (rho * circleSin[i])
            guard let q = camera.pixel(ofCameraPoint: p) else { return false }
            add(q.x, q.y)
        }
        return true
    }

    /// Convex hull of the points added (Andrew's monotone chain), counter-clockwise in pixel axes.
    mutating func buildHull() {
        hullCount = 0
        let n = count
        guard n >= 3 else { return }
        // Insertion sort by x, then y: shapes have a few dozen points.
        for i in 1..<n {
            let x = xs[i], y = ys[i]
            var j = i - 1
            while j >= 0 && (xs[j] > x || (xs[j] == x && ys[j] > y)) {
                xs[j + 1] = xs[j]; ys[j + 1] = ys[j]
                j -= 1
            }
            xs[j + 1] = x; ys[j + 1] = y
        }
        var m = 0
        for i in 0..<n {                                    // lower chain
            while m >= 2 && turn(m - 2, m - 1, xs[i], ys[i]) <= 0 { m -= 1 }
            hullX[m] = xs[i]; hullY[m] = ys[i]; m += 1
        }
        let lower = m + 1
        var i = n - 2
        while i >= 0 {                                      // upper chain
            while m >= lower && turn(m - 2, m - 1, xs[i], ys[i]) <= 0 { m -= 1 }
            hullX[m] = xs[i]; hullY[m] = ys[i]; m += 1
            i -= 1
        }
        hullCount = m - 1                                   // the last point repeats the first
    }

    @inline(__always)
    private func turn(_ a: Int, _ b: Int, _ x: Double, _ y: Double) -> Double {
        (hullX[b] - hullX[a]) * (y - hullY[a]) - (hullY[b] - hullY[a]) * (x - hullX[a])
    }

    /// Pixel bounds of the hull at `scale`: (minX, maxX, minY, maxY), or nil when empty.
    func bounds(scale: Double = 1) -> (minX: Double, maxX: Double, minY: Double, maxY: Double)? {
        guard hullCount >= 3 else { return nil }
        var b = (minX: Double.infinity, maxX: -Double.infinity, minY: Double.infinity, maxY: -Double.infinity)
        for i in 0..<hullCount {
            b.minX = min(b.minX, hullX[i]); b.maxX = max(b.maxX, hullX[i])
            b.minY = min(b.minY, hullY[i]); b.maxY = max(b.maxY, hullY[i])
        }
        return (b.minX * scale, b.maxX * scale, b.minY * scale, b.maxY * scale)
    }

    /// Rasterises the hull, its coordinates multiplied by `scale` (0.5 for half-resolution chroma),
    /// into an image of `width` × `height` pixels. For each row with coverage, `blend` receives the
    /// row, the column range [x0, x1) and the coverage row (indexed by column, may exceed 1 by
    /// rounding: clamp it).
    mutating func fill(scale: Double, width: Int, height: Int,
                       _ blend: (_ row: Int, _ x0: Int, _ x1: Int, _ cover: UnsafePointer<Float>) -> Void) {
        guard let b = bounds(scale: scale) else { return }
        let n = hullCount
        for i in 0..<n { scaledX[i] = hullX[i] * scale; scaledY[i] = hullY[i] * scale }
        let rowStart = max(0, Int(b.minY.rounded(.down))), rowEnd = min(height, Int(b.maxY.rounded(.down)) + 1)
        let x0 = max(0, Int(b.minX.rounded(.down))), x1 = min(width, Int(b.maxX.rounded(.down)) + 1)
        guard rowStart < rowEnd, x0 < x1 else { return }
        let weight = 1 / Float(Self.subRows)
        let right = Double(width)
        scaledX.withUnsafeBufferPointer { sx in
            scaledY.withUnsafeBufferPointer { sy in
                cover.withUnsafeMutableBufferPointer { c in
                    for row in rowStart..<rowEnd {
                        for x in x0..<x1 { c[x] = 0 }
                        var any = false
                        for j in 0..<Self.subRows {
                            let y = Double(row) + (Double(j) + 0.5) / Double(Self.subRows)
                            var lo = Double.infinity, hi = -Double.infinity
                            var a = n - 1
                            for e in 0..<n {
                                let ya = sy[a], yb = sy[e]
                                if (ya <= y && yb > y) || (yb <= y && ya > y) {
                                    let x = sx[a] + (y - ya) * (sx[e] - sx[a]) / (yb - ya)
                                    lo = min(lo, x); hi = max(hi, x)
                                }
                                a = e
                            }
                            lo = max(0, lo); hi = min(right, hi)
                            guard lo < hi else { continue }
                            any = true
                            let il = Int(lo), ir = Int(hi)
                            if il == ir {
                                c[il] += Float(hi - lo) * weight
                            } else {
                                c[il] += Float(Double(il + 1) - lo) * weight
                                if il + 1 < ir { for x in (il + 1)..<ir { c[x] += weight } }
                                if ir < width { c[ir] += Float(hi - Double(ir)) * weight }
                            }
                        }
                        if any { blend(row, x0, x1, UnsafePointer(c.baseAddress!)) }
                    }
                }
            }
        }
    }
}
