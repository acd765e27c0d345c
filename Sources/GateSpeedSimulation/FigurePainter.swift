/// Draws a person (head, torso, arms, swinging legs) into a luma buffer.
///
/// The figure is symmetric about its centre line `centreX`, which is the position the
/// truth reports: the detector must find that line, whatever the legs do.
struct FigurePainter {
    let width: Int
    let height: Int

    /// - Parameters:
    ///   - centreX, groundY: feet centre, pixels.
    ///   - tall: head-to-feet height, pixels.
    ///   - stride: leg phase in radians (advances with distance travelled).
    func paint(into buffer: UnsafeMutablePointer<Float>, centreX: Double, groundY: Double, tall: Double,
               stride: Double, luma: Float) {
        let top = groundY - tall
        let headRadius = 0.075 * tall
        let headCentreY = top + headRadius
        fillEllipse(buffer, cx: centreX, cy: headCentreY, rx: headRadius, ry: headRadius, luma: luma + 25)
        let shoulders = top + 0.17 * tall, hips = top + 0.55 * tall
        fillRect(buffer, x0: centreX - 0.13 * tall, x1: centreX + 0.13 * tall, y0: shoulders, y1: hips, luma: luma)
        // Arms hang beside the torso.
        fillRect(buffer, x0: centreX - 0.19 * tall, x1: centreX - 0.13 * tall, y0: shoulders, y1: top + 0.5 * tall, luma: luma + 10)
        fillRect(buffer, x0: centreX + 0.13 * tall, x1: centreX + 0.19 * tall, y0: shoulders, y1: top + 0.5 * tall, luma: luma + 10)
        // Legs: two slanted bars whose feet swing symmetrically about the centre line.
        let swing = 0.16 * tall * sine(stride)
        let legHalfWidth = 0.05 * tall
        for (sign, offset) in [(-1.0, 0.06 * tall), (1.0, 0.06 * tall)] {
            let hipX = centreX + sign * offset
            let footX = centreX + sign * swing
            let rows = Int(groundY) - Int(hips)
            guard rows > 0 else { continue }
            for r in 0..<rows {
                let f = Double(r) / Double(rows)
                let x = hipX + (footX - hipX) * f
                fillRow(buffer, y: Int(hips) + r, x0: x - legHalfWidth, x1: x + legHalfWidth, luma: luma - 10)
            }
        }
    }

    /// Fills the box `x0`…`x1`, `y0`…`y1` (pixels) with `luma`: a bag on the ground.
    func box(into buffer: UnsafeMutablePointer<Float>, x0: Double, x1: Double, y0: Double, y1: Double, luma: Float) {
        fillRect(buffer, x0: x0, x1: x1, y0: y0, y1: y1, luma: luma)
    }

    /// Darkens the ground beside the feet, as a low sun to the left would (shadow to the right),
    /// by `factor` (0.62: a clear sun's shadow).
    func shade(into buffer: UnsafeMutablePointer<Float>, centreX: Double, groundY: Double, tall: Double, factor: Float = 0.62) {
        let rows = max(1, Int(0.04 * tall))
        for r in 0..<rows {
            let y = Int(groundY) - rows / 2 + r
            guard y >= 0 && y < height else { continue }
            let x0 = max(0, Int(centreX - 0.1 * tall)), x1 = min(width, Int(centreX + 0.7 * tall))
            guard x0 < x1 else { continue }
            for x in x0..<x1 { buffer[y * width + x] *= factor }
        }
    }

    private func fillRect(_ b: UnsafeMutablePointer<Float>, x0: Double, x1: Double, y0: Double, y1: Double, luma: Float) {
        for y in max(0, Int(y0))..<max(max(0, Int(y0)), min(height, Int(y1))) {
            fillRow(b, y: y, x0: x0, x1: x1, luma: luma)
        }
    }

    private func fillEllipse(_ b: UnsafeMutablePointer<Float>, cx: Double, cy: Double, rx: Double, ry: Double, luma: Float) {
        let yStart = max(0, Int(cy - ry)), yEnd = min(height, Int(cy + ry) + 1)
        guard yStart < yEnd else { return }
        for y in yStart..<yEnd {
            let dy = (Double(y) + 0.5 - cy) / ry
            guard dy * dy < 1 else { continue }
            let half = rx * (1 - dy * dy).squareRoot()
            fillRow(b, y: y, x0: cx - half, x1: cx + half, luma: luma)
        }
    }

    /// Fills pixels whose centres lie in [x0, x1) on row y.
    private func fillRow(_ b: UnsafeMutablePointer<Float>, y: Int, x0: Double, x1: Double, luma: Float) {
        guard y >= 0 && y < height else { return }
        let start = max(0, Int((x0 - 0.5).rounded(.up))), end = min(width, Int((x1 - 0.5).rounded(.up)))
        guard start < end else { return }
        for x in start..<end { b[y * width + x] = luma }
    }
}

/// sin(x) without Foundation (Bhaskara-free: a short Taylor series after range reduction).
@inline(__always)
func sine(_ x: Double) -> Double {
    let twoPi = 6.283185307179586
    var r = x - twoPi * (x / twoPi).rounded()
    // Reduce to [-pi/2, pi/2] using sin(pi - r) = sin(r).
    if r > 1.5707963267948966 { r = 3.141592653589793 - r } else if r < -1.5707963267948966 { r = -3.141592653589793 - r }
    let r2 = r * r
    return r * (1 - r2 / 6 * (1 - r2 / 20 * (1 - r2 / 42 * (1 - r2 / 72))))
}
