import FreeTypeText
import GateSpeedFrames

/// Draws an `OverlayState` onto recorded frames: posts as vertical lines (dim, then lit
/// in colour once passed), the status pill at the top, the result panel in the upper
/// middle, the scoreboard bottom-left. Sizes scale with the frame height.
///
/// After `init` (which rasterises every character it can show) drawing does not allocate.
/// Use from one thread (the recorder's).
public final class OverlayRenderer {
    public let width: Int
    public let height: Int
    /// Small text (pill, scoreboard) and large text (the speed).
    let smallFont: GlyphCache
    let largeFont: GlyphCache
    private var text = OverlayText()

    /// Every character the overlay can print, rasterised up front.
    static let alphabet = "0123456789.-–· …CalibratingReadyNextpostskm/hPASFILRunsvg"

    /// - Parameter fontPath: a TrueType font (default: DejaVu Sans Bold from fonts-dejavu-core).
    public init(width: Int, height: Int, fontPath: String = FontFace.dejaVuSansBold) throws(FontError) {
        self.width = width
        self.height = height
        smallFont = try GlyphCache(path: fontPath, pixelSize: max(10, height / 24))
        largeFont = try GlyphCache(path: fontPath, pixelSize: max(16, height / 9))
        try smallFont.warm(Self.alphabet)
        try largeFont.warm(Self.alphabet)
    }

    /// Half-width of a post line, pixels.
    var postHalfWidth: Int { max(2, width / 320) }
    /// Vertical extent of the post lines: below the status pill, above the scoreboard.
    var postTop: Int { height * 3 / 20 }
    var postBottom: Int { height * 17 / 20 }
    var margin: Int { max(4, height / 40) }

    /// Image x of post `index`'s centre line.
    public func postX(_ state: OverlayState, _ index: Int) -> Int {
        Int((state.postXs[index] * Double(width)).rounded())
    }

    public func draw(_ state: OverlayState, on image: inout I420Image) {
        guard image.width == width, image.height == height else { return }
        I420Canvas.draw(on: &image) { canvas in
            drawPosts(state, canvas)
            drawStatus(state.status, canvas)
            if let result = state.result { drawResult(result, canvas) }
            if let scoreboard = state.scoreboard { drawScoreboard(scoreboard, canvas) }
        }
    }

    private func drawPosts(_ state: OverlayState, _ canvas: borrowing I420Canvas) {
        for index in state.postXs.indices {
            let x = postX(state, index)
            let lit = state.isLit(index)
            let half = lit ? postHalfWidth * 2 : postHalfWidth
            canvas.fillRect(x0: x - half, y0: postTop, x1: x + half + 1, y1: postBottom,
                            colour: lit ? .passGreen : .dimPost, alpha: lit ? 230 : 110)
        }
    }

    private func drawStatus(_ status: OverlayState.Status, _ canvas: borrowing I420Canvas) {
        text.clear()
        var accent = OverlayColour.white
        switch status {
        case .hidden: return
        case .calibrating: text.append("Calibrating…")
        case .ready:
            text.append("Ready")
            accent = .passGreen
        case let .nextPost(number, elapsed):
            text.append("Next post ")
            text.append(number)
            text.append(" · ")
            text.append(elapsed, fractionDigits: 2)
            text.append(" s")
            accent = .amber
        }
        let font = smallFont
        let textWidth = text.withScalars { font.measure($0).width }
        let pad = font.pixelSize / 2
        let boxHeight = font.ascender + font.descender + pad
        let x0 = (width - textWidth) / 2 - pad, y0 = margin
        canvas.fillRect(x0: x0, y0: y0, x1: x0 + textWidth + 2 * pad, y1: y0 + boxHeight,
                        colour: .black, alpha: 170, radius: boxHeight / 2)
        text.withScalars { scalars in
            canvas.drawText(scalars, cache: font, x: x0 + pad, baselineY: y0 + pad / 2 + font.ascender, colour: accent)
        }
    }

    private func drawResult(_ result: OverlayState.Result, _ canvas: borrowing I420Canvas) {
        let verdictColour: OverlayColour = result.pass ? .passGreen : .failRed
        text.clear()
        text.append(scaled: result.shown.scaled, decimals: result.shown.decimals)
        text.append(" km/h")
        let big = largeFont, small = smallFont
        let speedWidth = text.withScalars { big.measure($0).width }
        let pad = big.pixelSize / 3
        let panelWidth = speedWidth + 2 * pad
        let panelHeight = big.ascender + big.descender + small.ascender + small.descender + 2 * pad
        let x0 = (width - panelWidth) / 2, y0 = height / 5
        canvas.fillRect(x0: x0, y0: y0, x1: x0 + panelWidth, y1: y0 + panelHeight,
                        colour: .black, alpha: 170, radius: pad)
        canvas.fillRect(x0: x0, y0: y0 + panelHeight - pad / 2, x1: x0 + panelWidth, y1: y0 + panelHeight,
                        colour: verdictColour, alpha: 255)
        text.withScalars { scalars in
            canvas.drawText(scalars, cache: big, x: x0 + pad, baselineY: y0 + pad / 2 + big.ascender, colour: .white)
        }
        text.clear()
        text.append(result.pass ? "PASS" : "FAIL")
        let verdictWidth = text.withScalars { small.measure($0).width }
        let baseline = y0 + pad / 2 + big.ascender + big.descender + small.ascender
        text.withScalars { scalars in
            canvas.drawText(scalars, cache: small, x: (width - verdictWidth) / 2, baselineY: baseline, colour: verdictColour)
        }
    }

    private func drawScoreboard(_ scoreboard: OverlayState.Scoreboard, _ canvas: borrowing I420Canvas) {
        text.clear()
        text.append("Runs ")
        text.append(scoreboard.runs)
        text.append("  Pass ")
        text.append(scoreboard.passes)
        if scoreboard.runs > 0 {
            text.append("  Avg ")
            text.append(scoreboard.averageKmh, fractionDigits: 1)
            text.append(" km/h")
        }
        let font = smallFont
        let textWidth = text.withScalars { font.measure($0).width }
        let pad = font.pixelSize / 3
        let boxHeight = font.ascender + font.descender + pad
        let x0 = margin, y1 = height - margin
        canvas.fillRect(x0: x0, y0: y1 - boxHeight, x1: x0 + textWidth + 2 * pad, y1: y1,
                        colour: .black, alpha: 150, radius: pad)
        text.withScalars { scalars in
            canvas.drawText(scalars, cache: font, x: x0 + pad, baselineY: y1 - pad / 2 - font.descender, colour: .white)
        }
    }
}
