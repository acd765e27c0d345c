/// Metrics and atlas location of one cached glyph. Pixels; y grows downwards in images,
/// but `bearingY` follows FreeType: distance from the baseline UP to the bitmap's top row.
public struct CachedGlyph: Sendable, Equatable {
    /// Bitmap size in pixels (0 x 0 for a space).
    public let width: Int
    public let rows: Int
    /// Horizontal distance from the pen position to the bitmap's left column.
    public let bearingX: Int
    /// Vertical distance from the baseline up to the bitmap's top row.
    public let bearingY: Int
    /// How far the pen moves right after this glyph.
    public let advance: Int
    /// Index of the bitmap's first byte in the atlas (rows of `width` bytes, top row first).
    public let atlasOffset: Int
}

/// Glyphs of one font at one pixel size, rasterised once on first use and kept as 8-bit
/// coverage (alpha) bitmaps in one contiguous atlas.
///
/// After the characters in use have been seen once (`warm(_:)`), lookups and layout do
/// not allocate. Use from one thread at a time (FreeType is not thread-safe).
public final class GlyphCache {
    public let face: FontFace
    /// How many times a glyph was actually rasterised (cache misses). Tests use it.
    public private(set) var rasterisationCount = 0

    /// Coverage bytes of every cached glyph, 0 = transparent, 255 = opaque.
    private var atlas: [UInt8] = []
    private var glyphs: [CachedGlyph] = []
    /// Fast path for ASCII: index into `glyphs`, or -1.
    private var asciiIndex = [Int](repeating: -1, count: 128)
    private var otherIndex: [UInt32: Int] = [:]

    public init(face: FontFace) {
        self.face = face
        atlas.reserveCapacity(face.pixelSize * face.pixelSize * 96)
        glyphs.reserveCapacity(128)
    }

    /// Opens `path` at `pixelSize` and caches its glyphs.
    public convenience init(path: String = FontFace.dejaVuSansBold, pixelSize: Int) throws(FontError) {
        self.init(face: try FontFace(path: path, pixelSize: pixelSize))
    }

    public var pixelSize: Int { face.pixelSize }
    public var ascender: Int { face.ascender }
    public var descender: Int { face.descender }
    /// Number of distinct characters cached.
    public var count: Int { glyphs.count }

    /// Rasterises every character of `text` that is not cached yet.
    public func warm(_ text: String) throws(FontError) {
        for scalar in text.unicodeScalars { _ = try glyph(scalar.value) }
    }

    /// The cached glyph for a Unicode scalar value, rasterising it on first use.
    public func glyph(_ scalar: UInt32) throws(FontError) -> CachedGlyph {
        if scalar < 128 {
            let index = asciiIndex[Int(scalar)]
            if index >= 0 { return glyphs[index] }
        } else if let index = otherIndex[scalar] {
            return glyphs[index]
        }
        let cached = try rasterise(scalar)
        let index = glyphs.count
        glyphs.append(cached)
        if scalar < 128 { asciiIndex[Int(scalar)] = index } else { otherIndex[scalar] = index }
        return cached
    }

    /// Calls `body` with the coverage bitmap of `glyph` (`glyph.rows` rows of `glyph.width` bytes).
    public func withBitmap<R>(of glyph: CachedGlyph, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        atlas.withUnsafeBufferPointer { all in
            body(UnsafeBufferPointer(rebasing: all[glyph.atlasOffset..<(glyph.atlasOffset + glyph.width * glyph.rows)]))
        }
    }

    private func rasterise(_ scalar: UInt32) throws(FontError) -> CachedGlyph {
        rasterisationCount += 1
        let offset = atlas.count
        return try face.render(scalar) { rendered in
            let width = rendered.width, rows = rendered.rows
            if let buffer = rendered.buffer, width > 0, rows > 0 {
                for row in 0..<rows {
                    // Negative pitch: rows are stored bottom-up.
                    let sourceRow = rendered.pitch >= 0 ? row : rows - 1 - row
                    let start = buffer + sourceRow * abs(rendered.pitch)
                    atlas.append(contentsOf: UnsafeBufferPointer(start: start, count: width))
                }
            }
            let stored = rendered.buffer == nil ? 0 : width * rows
            return CachedGlyph(width: stored == 0 ? 0 : width, rows: stored == 0 ? 0 : rows,
                               bearingX: rendered.left, bearingY: rendered.top,
                               advance: rendered.advance, atlasOffset: offset)
        }
    }
}
