import GateSpeedFrames
import Testing
@testable import GateSpeedRecording

/// Reads pixels of an I420 image by coordinates.
extension I420Image {
    func luma(_ x: Int, _ y: Int) -> Int { Int(bytes[y * width + x]) }
    func cb(_ x: Int, _ y: Int) -> Int { Int(bytes[blueOffset + (y / 2) * chromaWidth + x / 2]) }
    func cr(_ x: Int, _ y: Int) -> Int { Int(bytes[redOffset + (y / 2) * chromaWidth + x / 2]) }

    static func filled(width: Int, height: Int, luma: UInt8) -> I420Image {
        var image = I420Image(width: width, height: height)
        for index in 0..<(width * height) { image.bytes[index] = luma }
        return image
    }

    /// Pixels in a rectangle matching a predicate on (Y, Cb, Cr).
    func count(x: Range<Int>, y: Range<Int>, _ predicate: (Int, Int, Int) -> Bool) -> Int {
        var matches = 0
        for row in y { for column in x where predicate(luma(column, row), cb(column, row), cr(column, row)) { matches += 1 } }
        return matches
    }
}

@Suite struct OverlayTests {
    let renderer: OverlayRenderer
    init() throws { renderer = try OverlayRenderer(width: 640, height: 480) }

    @Test func coloursConvertToBT601() {
        #expect(OverlayColour.white == OverlayColour(y: 235, cb: 128, cr: 128))
        #expect(OverlayColour.black == OverlayColour(y: 16, cb: 128, cr: 128))
        let red = OverlayColour(red: 255, green: 0, blue: 0)
        #expect(red.y == 81 && red.cb == 90 && red.cr == 240)
        #expect(OverlayColour.passGreen.cr < 80 && OverlayColour.passGreen.cb < 110)
    }

    @Test func textIsFormattedWithoutStrings() {
        var text = OverlayText()
        text.append("Next post ")
        text.append(3)
        text.append(" · ")
        text.append(1.4249, fractionDigits: 2)
        text.append(" s")
        #expect(text.string == "Next post 3 · 1.42 s")
        text.clear()
        text.append(30.45, fractionDigits: 1)
        text.append(" ")
        text.append(0.05, fractionDigits: 2)
        text.append(" ")
        text.append(-12)
        text.append(" ")
        text.append(7.0, fractionDigits: 0)
        #expect(text.string == "30.5 0.05 -12 7")
    }

    @Test func figuresTooBigForAnIntShowAsADashNotATrap() {
        // Before: a tampered journal's 1e300 km/h average trapped here on every clip.
        var text = OverlayText()
        text.append(1e300, fractionDigits: 1)
        text.append(" ")
        text.append(-9e15, fractionDigits: 0)
        text.append(" ")
        text.append(Double.infinity, fractionDigits: 1)
        text.append(" ")
        text.append(8.9e14, fractionDigits: 1)
        #expect(text.string == "– – – 890000000000000.0")
    }

    @Test func postsLightInTheRidingDirection() {
        var state = OverlayState()
        state.light(passed: 2, leftToRight: true)
        #expect((0..<5).map(state.isLit) == [true, true, false, false, false])
        state.light(passed: 3, leftToRight: false)
        #expect((0..<5).map(state.isLit) == [false, false, true, true, true])
        state.light(passed: 9, leftToRight: true)
        #expect(state.litPosts == 0b11111)
    }

    @Test func postsAreDimUntilLitThenGreen() {
        var image = I420Image.filled(width: 640, height: 480, luma: 60)
        var state = OverlayState()
        state.light(passed: 2, leftToRight: true)
        renderer.draw(state, on: &image)
        let y = 240
        for index in 0..<5 {
            let x = renderer.postX(state, index)
            if index < 2 {
                #expect(image.cr(x, y) < 85 && image.cb(x, y) < 115, "post \(index + 1) lit green")
                #expect(image.luma(x, y) > 120)
            } else {
                #expect(abs(image.cr(x, y) - 128) <= 2, "post \(index + 1) dim grey")
                #expect(image.luma(x, y) > 90 && image.luma(x, y) < 140)
            }
            #expect(image.luma(x + 20, y) == 60, "background between posts untouched")
        }
    }

    @Test func statusPillAndScoreboardAndResultAreDrawnWhereExpected() {
        let background = I420Image.filled(width: 640, height: 480, luma: 60)
        var image = background
        let state = OverlayState(postXs: [], status: .nextPost(number: 3, elapsedSeconds: 1.42),
                                 result: OverlayState.Result(speedKmh: 31.4, pass: true, thresholdKmh: 30),
                                 scoreboard: OverlayState.Scoreboard(runs: 3, passes: 2, averageKmh: 30.4))
        renderer.draw(state, on: &image)
        // Pill: dark box with bright amber text, top centre.
        #expect(image.count(x: 200..<440, y: 0..<50) { y, _, _ in y < 40 } > 500)
        #expect(image.count(x: 200..<440, y: 0..<50) { y, cb, _ in y > 150 && cb < 100 } > 30, "amber text")
        // Scoreboard: white text bottom-left.
        #expect(image.count(x: 0..<320, y: 430..<480) { y, _, _ in y > 200 } > 100)
        #expect(image.count(x: 440..<640, y: 430..<480) { y, _, _ in y != 60 } == 0, "only the left part")
        // Result: white speed and green verdict in the upper middle.
        #expect(image.count(x: 160..<480, y: 96..<240) { y, _, _ in y > 220 } > 300)
        #expect(image.count(x: 160..<480, y: 96..<240) { _, _, cr in cr < 80 } > 50, "PASS in green")

        var failed = background
        renderer.draw(OverlayState(postXs: [], result: OverlayState.Result(speedKmh: 25, pass: false, thresholdKmh: 30)), on: &failed)
        #expect(failed.count(x: 160..<480, y: 96..<240) { _, _, cr in cr > 200 } > 50, "FAIL in red")
        #expect(failed.count(x: 0..<640, y: 0..<90) { y, _, _ in y != 60 } == 0, "no pill when hidden")
    }

    @Test func drawingUsesOnlyCachedGlyphs() {
        let small = renderer.smallFont.rasterisationCount, large = renderer.largeFont.rasterisationCount
        var image = I420Image(width: 640, height: 480)
        let states = [
            OverlayState(status: .calibrating), OverlayState(status: .ready),
            OverlayState(status: .nextPost(number: 4, elapsedSeconds: 12.345)),
            OverlayState(result: OverlayState.Result(speedKmh: 29.96, pass: false, thresholdKmh: 30),
                         scoreboard: OverlayState.Scoreboard(runs: 12, passes: 7, averageKmh: 30.87)),
        ]
        for state in states { renderer.draw(state, on: &image) }
        #expect(renderer.smallFont.rasterisationCount == small)
        #expect(renderer.largeFont.rasterisationCount == large)
    }

    @Test func aFrameOfTheWrongSizeIsLeftAlone() {
        var image = I420Image.filled(width: 320, height: 240, luma: 60)
        let before = image.bytes
        renderer.draw(OverlayState(status: .ready), on: &image)
        #expect(image.bytes == before)
    }
}
