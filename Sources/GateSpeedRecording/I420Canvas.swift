import FreeTypeText
import GateSpeedFrames

/// Alpha-blended drawing into an `I420Image`'s planes, in place, without allocating.
/// Coordinates are pixels with a top-left origin; rectangles are half-open and clipped.
/// Chroma is blended per 2x2 block with the block's mean coverage.
struct I420Canvas: ~Copyable {
    let width: Int
    let height: Int
    private let pixels: UnsafeMutablePointer<UInt8>
    private let blueOffset: Int
    private let redOffset: Int
    private let chromaWidth: Int

    /// Calls `body` with a canvas over `image`'s own bytes (no copy).
    static func draw(on image: inout I420Image, _ body: (borrowing I420Canvas) -> Void) {
        let width = image.width, height = image.height
        let blue = image.blueOffset, red = image.redOffset, chromaWidth = image.chromaWidth
        image.bytes.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let canvas = I420Canvas(width: width, height: height, pixels: base,
                                    blueOffset: blue, redOffset: red, chromaWidth: chromaWidth)
            body(canvas)
        }
    }

    private init(width: Int, height: Int, pixels: UnsafeMutablePointer<UInt8>,
                 blueOffset: Int, redOffset: Int, chromaWidth: Int) {
        self.width = width
        self.height = height
        self.pixels = pixels
        self.blueOffset = blueOffset
        self.redOffset = redOffset
        self.chromaWidth = chromaWidth
    }

    @inline(__always)
    private static func mix(_ under: UInt8, _ over: UInt8, _ alpha: Int) -> UInt8 {
        UInt8((Int(under) * (255 - alpha) + Int(over) * alpha + 127) / 255)
    }

    /// Fills `[x0, x1) x [y0, y1)` with `colour` at opacity `alpha` (0…255), corners
    /// rounded with `radius` pixels.
    func fillRect(x0: Int, y0: Int, x1: Int, y1: Int, colour: OverlayColour, alpha: Int, radius: Int = 0) {
        let left = max(0, x0), right = min(width, x1), top = max(0, y0), bottom = min(height, y1)
        guard left < right, top < bottom, alpha > 0 else { return }
        let r = max(0, min(radius, (x1 - x0) / 2, (y1 - y0) / 2))
        for y in top..<bottom {
            let inset = Self.cornerInset(row: y, y0: y0, y1: y1, radius: r)
            let start = max(left, x0 + inset), end = min(right, x1 - inset)
            guard start < end else { continue }
            let row = pixels + y * width
            for x in start..<end { row[x] = Self.mix(row[x], colour.y, alpha) }
            // Chroma rows: blend once per 2x2 block, on the block's first luma row in the rect.
            if y % 2 == 0 || y == top {
                let chromaRow = y / 2
                let blue = pixels + blueOffset + chromaRow * chromaWidth
                let red = pixels + redOffset + chromaRow * chromaWidth
                for cx in (start / 2)..<((end + 1) / 2) {
                    blue[cx] = Self.mix(blue[cx], colour.cb, alpha)
                    red[cx] = Self.mix(red[cx], colour.cr, alpha)
                }
            }
        }
    }

    /// Horizontal inset of row `y` in a rounded rectangle.
    private static func cornerInset(row y: Int, y0: Int, y1: Int, radius r: Int) -> Int {
        guard r > 0 else { return 0 }
        let fromEdge: Int
        if y < y0 + r { fromEdge = y - y0 } else if y >= y1 - r { fromEdge = y1 - 1 - y } else { return 0 }
        let dy = Double(r) - Double(fromEdge) - 0.5
        return r - Int((Double(r * r) - dy * dy).squareRoot().rounded())
    }

    /// Blends a coverage bitmap (`columns` x `rows`, row-major) whose top-left pixel is at
    /// (`left`, `top`), in `colour` scaled by `opacity` (0…255).
    func blend(coverage: UnsafeBufferPointer<UInt8>, columns: Int, rows: Int, left: Int, top: Int,
               colour: OverlayColour, opacity: Int = 255) {
        guard columns > 0, rows > 0, let source = coverage.baseAddress else { return }
        let firstRow = max(0, -top), lastRow = min(rows, height - top)
        let firstColumn = max(0, -left), lastColumn = min(columns, width - left)
        guard firstRow < lastRow, firstColumn < lastColumn else { return }
        for gy in firstRow..<lastRow {
            let row = pixels + (top + gy) * width + left
            let cover = source + gy * columns
            for gx in firstColumn..<lastColumn {
                let alpha = Int(cover[gx]) * opacity / 255
                if alpha > 0 { row[gx] = Self.mix(row[gx], colour.y, alpha) }
            }
        }
        // Chroma: every 2x2 block the glyph touches, with the block's mean coverage.
        let chromaTop = (top + firstRow) / 2, chromaBottom = (top + lastRow + 1) / 2
        let chromaLeft = (left + firstColumn) / 2, chromaRight = (left + lastColumn + 1) / 2
        for cy in chromaTop..<chromaBottom {
            let blue = pixels + blueOffset + cy * chromaWidth
            let red = pixels + redOffset + cy * chromaWidth
            for cx in chromaLeft..<chromaRight {
                var sum = 0
                for dy in 0..<2 {
                    let gy = cy * 2 + dy - top
                    guard gy >= firstRow, gy < lastRow else { continue }
                    for dx in 0..<2 {
                        let gx = cx * 2 + dx - left
                        guard gx >= firstColumn, gx < lastColumn else { continue }
                        sum += Int(source[gy * columns + gx])
                    }
                }
                let alpha = sum / 4 * opacity / 255
                guard alpha > 0 else { continue }
                blue[cx] = Self.mix(blue[cx], colour.cb, alpha)
                red[cx] = Self.mix(red[cx], colour.cr, alpha)
            }
        }
    }

    /// Draws one line of text with its pen starting at `x` on baseline `baselineY`.
    func drawText<Scalars: Sequence<UInt32>>(_ scalars: Scalars, cache: GlyphCache, x: Int, baselineY: Int,
                                             colour: OverlayColour) {
        cache.layout(scalars, x: x, baselineY: baselineY) { glyph, left, top in
            cache.withBitmap(of: glyph) { bitmap in
                blend(coverage: bitmap, columns: glyph.width, rows: glyph.rows, left: left, top: top, colour: colour)
            }
        }
    }
}
