/// One chroma plane's colour cells as `ChromaBackground.refine` reads them (0-255, 128 = no
/// colour): floats, or the bytes sampled from the frame (`AnalysisGrid.sampleChromaBytes`), whose
/// values are the same (every byte is a float exactly). Reading the bytes spares the per-frame
/// path the floats' stores and loads; a generic parameter, specialised, never an existential.
protocol ChromaCells {
    /// Cell `index`'s value.
    func value(at index: Int) -> Float
    /// Cells `index ..< index + 8`.
    func values8(at index: Int) -> SIMD8<Float>
}

/// Colour cells held as floats.
struct FloatChromaCells: ChromaCells {
    let base: UnsafePointer<Float>

    @inline(__always) func value(at index: Int) -> Float { base[index] }
    @inline(__always) func values8(at index: Int) -> SIMD8<Float> { load8(base, index) }
}

/// Colour cells held as the frame's bytes.
struct ByteChromaCells: ChromaCells {
    let base: UnsafePointer<UInt8>

    @inline(__always) func value(at index: Int) -> Float { Float(base[index]) }
    @inline(__always) func values8(at index: Int) -> SIMD8<Float> {
        let bytes = UnsafeRawPointer(base + index).loadUnaligned(as: SIMD8<UInt8>.self)
        return floats(SIMD8<UInt16>(truncatingIfNeeded: bytes))
    }
}
