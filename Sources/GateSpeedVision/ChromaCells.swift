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
    /// Written out lane by lane: the generic vector conversions, used here too, stopped being
    /// inlined where the course is learnt (`ChromaBackground.accumulate`), a call per eight cells.
    @inline(__always) func values8(at index: Int) -> SIMD8<Float> {
        let b = UnsafeRawPointer(base + index).loadUnaligned(as: SIMD8<UInt8>.self)
        return SIMD8<Float>(Float(b[0]), Float(b[1]), Float(b[2]), Float(b[3]),
                            Float(b[4]), Float(b[5]), Float(b[6]), Float(b[7]))
    }
}
