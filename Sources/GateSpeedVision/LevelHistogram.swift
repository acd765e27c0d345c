/// A histogram of non-negative luma or chroma amounts in quarter-level bins (0 to 63.75),
/// for robust medians: the median noise of a view, which the few cells a person covers
/// cannot move. Reusable without allocation (`clear()`).
struct LevelHistogram: Sendable {
    private var bins = [Int](repeating: 0, count: 256)
    private var count = 0

    mutating func clear() {
        for b in 0..<bins.count { bins[b] = 0 }
        count = 0
    }

    mutating func add(_ amount: Float) {
        bins[min(255, max(0, Int(amount * 4)))] += 1
        count += 1
    }

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
