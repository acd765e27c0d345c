/// Size of a laid-out line of text, pixels.
public struct TextExtent: Sendable, Equatable {
    /// Sum of the advances: how far the pen travels.
    public var width: Int
    /// Font ascender and descender (line box above and below the baseline).
    public var ascent: Int
    public var descent: Int
    public var height: Int { ascent + descent }

    public init(width: Int, ascent: Int, descent: Int) {
        self.width = width
        self.ascent = ascent
        self.descent = descent
    }
}

extension GlyphCache {
    /// Width and line height of a single line made of `scalars` (Unicode scalar values).
    /// Characters that cannot be rendered are skipped.
    public func measure<Scalars: Sequence<UInt32>>(_ scalars: Scalars) -> TextExtent {
        var width = 0
        for scalar in scalars {
            if let glyph = try? glyph(scalar) { width += glyph.advance }
        }
        return TextExtent(width: width, ascent: ascender, descent: descender)
    }

    /// Measures a `String` (convenience; allocation-free only for cached characters).
    public func measure(_ text: String) -> TextExtent {
        measure(text.unicodeScalars.lazy.map(\.value))
    }

    /// Lays out one line with the pen starting at `x` on the baseline `baselineY`
    /// (pixels, top-left origin, y down) and calls `body` with each glyph and the
    /// image position of its bitmap's top-left pixel. Returns the pen position after the line.
    @discardableResult
    public func layout<Scalars: Sequence<UInt32>>(
        _ scalars: Scalars, x: Int, baselineY: Int,
        _ body: (_ glyph: CachedGlyph, _ left: Int, _ top: Int) -> Void
    ) -> Int {
        var pen = x
        for scalar in scalars {
            guard let glyph = try? glyph(scalar) else { continue }
            if glyph.width > 0 { body(glyph, pen + glyph.bearingX, baselineY - glyph.bearingY) }
            pen += glyph.advance
        }
        return pen
    }
}
