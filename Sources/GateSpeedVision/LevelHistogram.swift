/// A histogram of non-negative luma or chroma amounts in quarter-level bins (0 to 63.75),
/// for robust medians: the median noise of a view, which the few cells a person covers
/// cannot move. Reusable without allocation (`clear()`).
struct LevelHistogram: Sendable {
    private var bins = [Int](repeating: 0, count: 256)
    private var count = 0

    mutating func clear() {
        bins.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        count = 0
    }

    mutating func add(_ amount: Float) {
        bins.withUnsafeMutableBufferPointer { $0[Self.bin(amount)] += 1 }
        count += 1
    }

    /// Adds `|a[i] - b[i]|` for each `i` below `n`: the bins of eight at a time are found
    /// with vector arithmetic (the same truncation as `add`).
    mutating func addDifferences(_ a: UnsafePointer<Float>, _ b: UnsafePointer<Float>, count n: Int) {
        count += n
        bins.withUnsafeMutableBufferPointer { buffer in
            let bins = buffer.baseAddress!
            let aIn = UnsafeRawPointer(a), bIn = UnsafeRawPointer(b)
            var i = 0
            while i + 8 <= n {
                let d = aIn.loadUnaligned(fromByteOffset: 4 * i, as: SIMD8<Float>.self)
                    - bIn.loadUnaligned(fromByteOffset: 4 * i, as: SIMD8<Float>.self)
                let quarters = SIMD8<Int32>(pointwiseMax(d, -d) * 4, rounding: .towardZero)
                let index = pointwiseMin(SIMD8<Int32>(repeating: 255), pointwiseMax(.zero, quarters))
                for k in 0..<8 { bins[Int(index[k])] += 1 }
                i += 8
            }
            while i < n {
                bins[Self.bin(abs(a[i] - b[i]))] += 1
                i += 1
            }
        }
    }

    @inline(__always)
    private static func bin(_ amount: Float) -> Int { min(255, max(0, Int(amount * 4))) }

    /// The median amount, to a quarter level (amounts over 63.75 count as 63.75).
    var median: Float {
        var seen = 0
        for (bin, n) in bins.enumerated() {
            seen += n
            if seen * 2 >= count { return Float(bin) * 0.25 }
        }
        return 0
    }
}
