import Testing
@testable import FreeTypeText

@Suite struct GlyphCacheTests {
    @Test func rendersNonEmptyGlyphsWithMetrics() throws {
        let cache = try GlyphCache(pixelSize: 32)
        let glyph = try cache.glyph(UInt32(("A" as Unicode.Scalar).value))
        #expect(glyph.width > 5 && glyph.rows > 15)
        #expect(glyph.advance > 10)
        #expect(glyph.bearingY > 15 && glyph.bearingY <= cache.ascender)
        let inked = cache.withBitmap(of: glyph) { bitmap in bitmap.filter { $0 > 128 }.count }
        #expect(inked > 50, "an 'A' at 32 px has plenty of opaque pixels")
    }

    @Test func spaceHasAdvanceButNoBitmap() throws {
        let cache = try GlyphCache(pixelSize: 24)
        let space = try cache.glyph(32)
        #expect(space.width == 0 && space.rows == 0)
        #expect(space.advance > 0)
    }

    @Test func secondRenderDoesNotRasteriseAgain() throws {
        let cache = try GlyphCache(pixelSize: 20)
        try cache.warm("Next post 3 · 1.42 s")
        let afterFirst = cache.rasterisationCount
        #expect(afterFirst == Set("Next post 3 · 1.42 s".unicodeScalars).count)
        try cache.warm("Next post 3 · 1.42 s")
        _ = cache.measure("Next post 3 · 1.42 s")
        var drawn = 0
        cache.layout("post 3".unicodeScalars.map(\.value), x: 0, baselineY: 20) { _, _, _ in drawn += 1 }
        #expect(drawn == 5, "five inked glyphs; the space has no bitmap")
        #expect(cache.rasterisationCount == afterFirst)
    }

    @Test func measureIsSumOfAdvancesAndGrowsWithSize() throws {
        let small = try GlyphCache(pixelSize: 16)
        let large = try GlyphCache(pixelSize: 48)
        let text = "Avg 30.4 km/h"
        let smallWidth = small.measure(text).width
        #expect(large.measure(text).width > 2 * smallWidth)
        var sum = 0
        for scalar in text.unicodeScalars { sum += try small.glyph(scalar.value).advance }
        #expect(smallWidth == sum)
        #expect(small.measure(text).height >= 16)
    }

    @Test func layoutPlacesGlyphsLeftToRightAboveBaseline() throws {
        let cache = try GlyphCache(pixelSize: 30)
        var lefts: [Int] = []
        let end = cache.layout("HI".unicodeScalars.map(\.value), x: 10, baselineY: 40) { glyph, left, top in
            lefts.append(left)
            #expect(top + glyph.rows <= 41, "capitals sit on the baseline")
        }
        #expect(lefts.count == 2 && lefts[0] >= 10 && lefts[1] > lefts[0])
        #expect(end == 10 + cache.measure("HI").width)
    }

    @Test func missingFontFileIsAClearError() {
        #expect(throws: FontError.fileMissing(path: "/nonexistent/font.ttf",
                                              hint: "install the Debian package fonts-dejavu-core")) {
            _ = try FontFace(path: "/nonexistent/font.ttf", pixelSize: 12)
        }
    }

    @Test func nonFontFileIsRejected() {
        #expect(throws: FontError.self) { _ = try FontFace(path: "/etc/hostname", pixelSize: 12) }
    }
}
