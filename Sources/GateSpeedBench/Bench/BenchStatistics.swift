/// Median and 99th percentile of a set of durations, microseconds.
struct DurationSummary: Sendable, Equatable {
    var median: Double
    var p99: Double
    var count: Int

    /// Nearest-rank percentiles of `microseconds`; nil when it is empty.
    init?(_ microseconds: [Double]) {
        guard !microseconds.isEmpty else { return nil }
        let sorted = microseconds.sorted()
        count = sorted.count
        median = Self.percentile(0.5, of: sorted)
        p99 = Self.percentile(0.99, of: sorted)
    }

    /// The smallest value with at least `fraction` of all values at or below it.
    private static func percentile(_ fraction: Double, of sorted: [Double]) -> Double {
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return sorted[min(sorted.count, max(1, rank)) - 1]
    }
}
