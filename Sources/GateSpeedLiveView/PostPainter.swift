import GateSpeedFrames

/// Draws `LivePosts` onto an I420 image in place: each segment a yellow line three pixels
/// wide with a dark edge (visible on snow and on tarmac), bases a small square.
/// Runs on the live view's encoding thread, never on the frame loop.
enum PostPainter {
    /// Yellow in full-range YCbCr (BT.601), and the edge's dark grey.
    static let lineLuma: UInt8 = 226, lineBlue: UInt8 = 1, lineRed: UInt8 = 149
    static let edgeLuma: UInt8 = 16

    static func draw(_ posts: LivePosts, on image: inout I420Image) {
        let width = image.width, height = image.height
        guard width >= 4, height >= 4 else { return }
        let half = max(1, min(width, height) / 240)   // 1 px at 320x240, 2 at 480 rows, 3 at 720
        for segment in posts.segments {
            let x0 = segment.x0 * Double(width - 1), y0 = segment.y0 * Double(height - 1)
            let x1 = segment.x1 * Double(width - 1), y1 = segment.y1 * Double(height - 1)
            line(x0, y0, x1, y1, radius: half + 1, luma: edgeLuma, chroma: nil, on: &image)
            line(x0, y0, x1, y1, radius: half, luma: lineLuma, chroma: (lineBlue, lineRed), on: &image)
            if segment.marksBase {
                let r = half * 3
                square(x: x0, y: y0, radius: r + 1, luma: edgeLuma, chroma: nil, on: &image)
                square(x: x0, y: y0, radius: r, luma: lineLuma, chroma: (lineBlue, lineRed), on: &image)
            }
        }
    }

    /// A line of squares of `radius` along the segment, one per pixel step of its longer axis.
    private static func line(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, radius: Int, luma: UInt8,
                             chroma: (UInt8, UInt8)?, on image: inout I420Image) {
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return }
        let span = max(abs(x1 - x0), abs(y1 - y0))
        // Bounded: a segment is at most the image's diagonal in steps (its ends may be outside).
        let steps = Int(min(span, Double(image.width + image.height) * 2).rounded(.up))
        for step in 0...max(0, steps) {
            let f = steps == 0 ? 0 : Double(step) / Double(steps)
            square(x: x0 + (x1 - x0) * f, y: y0 + (y1 - y0) * f, radius: radius, luma: luma, chroma: chroma, on: &image)
        }
    }

    /// Fills the square of side `2 radius + 1` centred on (x, y), clipped to the image.
    private static func square(x: Double, y: Double, radius: Int, luma: UInt8, chroma: (UInt8, UInt8)?,
                               on image: inout I420Image) {
        let limit = Double(max(image.width, image.height) * 4)
        guard x.isFinite, y.isFinite, abs(x) < limit, abs(y) < limit else { return }
        let cx = Int(x.rounded()), cy = Int(y.rounded())
        let left = max(0, cx - radius), right = min(image.width - 1, cx + radius)
        let top = max(0, cy - radius), bottom = min(image.height - 1, cy + radius)
        guard left <= right, top <= bottom else { return }
        let width = image.width, chromaWidth = image.chromaWidth
        let blueAt = image.blueOffset, redAt = image.redOffset
        image.bytes.withUnsafeMutableBufferPointer { pixels in
            for row in top...bottom {
                for column in left...right { pixels[row * width + column] = luma }
            }
            let (blue, red) = chroma ?? (128, 128)
            for row in (top / 2)...(bottom / 2) {
                for column in (left / 2)...(right / 2) {
                    pixels[blueAt + row * chromaWidth + column] = blue
                    pixels[redAt + row * chromaWidth + column] = red
                }
            }
        }
    }
}
