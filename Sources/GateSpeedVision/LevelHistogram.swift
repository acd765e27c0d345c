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

    /// Adds `|a[i] - b[i]|` for each `i` below `n`.
    mutating func addDifferences(_ a: UnsafePointer<Float>, _ b: UnsafePointer<Float>, count n: Int) {
        count += n
        bins.withUnsafeMutableBufferPointer { buffer in
            let bins = buffer.baseAddress!
            for i in 0..<n { bins[Self.bin(abs(a[i] - b[i]))] += 1 }
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
