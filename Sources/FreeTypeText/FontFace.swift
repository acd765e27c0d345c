import CFreeType

/// Why a font could not be used.
public enum FontError: Error, Equatable, CustomStringConvertible {
    /// The font file does not exist (install the Debian package named in `hint`).
    case fileMissing(path: String, hint: String)
    /// FreeType could not start (out of memory).
    case libraryInitFailed(code: Int32)
    /// The file exists but FreeType cannot read it as a font.
    case unreadableFont(path: String, code: Int32)
    /// The face refused the requested pixel size.
    case unsupportedPixelSize(Int, code: Int32)
    /// Rendering one character failed.
    case renderFailed(scalar: UInt32, code: Int32)

    public var description: String {
        switch self {
        case let .fileMissing(path, hint): "font file \(path) is missing (\(hint))"
        case let .libraryInitFailed(code): "FreeType failed to initialise (error \(code))"
        case let .unreadableFont(path, code): "font file \(path) is not a readable font (FreeType error \(code))"
        case let .unsupportedPixelSize(size, code): "font cannot be set to \(size) px (FreeType error \(code))"
        case let .renderFailed(scalar, code): "cannot render U+\(String(scalar, radix: 16, uppercase: true)) (FreeType error \(code))"
        }
    }
}

/// One FreeType face at one pixel size, with its own FreeType library instance
/// (FreeType objects are not thread-safe; owning the library keeps faces independent).
///
/// Use from one thread at a time.
public final class FontFace {
    /// The bold sans face shipped by Debian's `fonts-dejavu-core`.
    public static let dejaVuSansBold = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"

    public let path: String
    /// Nominal size in pixels (the em height).
    public let pixelSize: Int
    /// Pixels from the baseline up to the top of the tallest glyphs.
    public let ascender: Int
    /// Pixels from the baseline down to the bottom of the lowest glyphs (positive).
    public let descender: Int

    private let library: FT_Library
    private let face: FT_Face

    public init(path: String = FontFace.dejaVuSansBold, pixelSize: Int) throws(FontError) {
        guard pixelSize > 0, pixelSize <= 1024 else { throw .unsupportedPixelSize(pixelSize, code: 0) }
        var libraryPointer: FT_Library?
        let initCode = FT_Init_FreeType(&libraryPointer)
        guard initCode == 0, let library = libraryPointer else { throw .libraryInitFailed(code: initCode) }
        var facePointer: FT_Face?
        let openCode = FT_New_Face(library, path, 0, &facePointer)
        guard openCode == 0, let face = facePointer else {
            FT_Done_FreeType(library)
            // FT_Err_Cannot_Open_Resource (1) is what a missing file gives.
            if openCode == 1 {
                throw .fileMissing(path: path, hint: "install the Debian package fonts-dejavu-core")
            }
            throw .unreadableFont(path: path, code: openCode)
        }
        let sizeCode = FT_Set_Pixel_Sizes(face, 0, FT_UInt(pixelSize))
        guard sizeCode == 0 else {
            FT_Done_Face(face)
            FT_Done_FreeType(library)
            throw .unsupportedPixelSize(pixelSize, code: sizeCode)
        }
        self.path = path
        self.pixelSize = pixelSize
        self.library = library
        self.face = face
        // 26.6 fixed point metrics of the scaled size.
        let metrics = face.pointee.size.pointee.metrics
        ascender = Int(metrics.ascender + 63) >> 6
        descender = Int(-metrics.descender + 63) >> 6
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }

    /// Rasterises one character into an 8-bit coverage bitmap and hands it to `body`
    /// (the bitmap memory belongs to FreeType and is valid only during `body`).
    func render<R>(_ scalar: UInt32, _ body: (RasterisedGlyph) -> R) throws(FontError) -> R {
        let code = FT_Load_Char(face, FT_ULong(scalar), gs_ft_load_render_normal)
        guard code == 0, let slot = face.pointee.glyph else { throw .renderFailed(scalar: scalar, code: code) }
        let bitmap = slot.pointee.bitmap
        let glyph = RasterisedGlyph(
            width: Int(bitmap.width), rows: Int(bitmap.rows), pitch: Int(bitmap.pitch),
            buffer: bitmap.buffer.map { UnsafePointer($0) },
            left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top),
            advance: Int(slot.pointee.advance.x + 32) >> 6)
        return body(glyph)
    }
}

/// A glyph as FreeType just rendered it (memory owned by FreeType).
struct RasterisedGlyph {
    let width: Int
    let rows: Int
    /// Bytes per bitmap row; negative for bottom-up bitmaps.
    let pitch: Int
    let buffer: UnsafePointer<UInt8>?
    let left: Int
    let top: Int
    let advance: Int
}
