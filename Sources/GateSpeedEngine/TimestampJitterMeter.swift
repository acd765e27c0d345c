/// Measures the jitter of a source's timestamps from the spread of its frame intervals:
/// for independent errors of sigma on each timestamp, an interval's spread is sigma * sqrt(2).
/// Intervals over 1.5 times the usual one are dropped frames and do not count. Averages over
/// about `memorySeconds`. No allocation.
struct TimestampJitterMeter: Sendable {
    let memorySeconds: Double
    private var lastTime: Double?
    private var meanInterval = 0.0
    private var variance = 0.0
    private var intervals = 0

    init(memorySeconds: Double = 3) { self.memorySeconds = memorySeconds }

    /// One standard deviation of a timestamp, seconds (0 until a few intervals were seen).
    var sigma: Double {
        intervals >= 8 ? (variance / 2).squareRoot() : 0
    }

    mutating func reset() { lastTime = nil; intervals = 0; meanInterval = 0; variance = 0 }

    mutating func add(_ t: Double) {
        guard t.isFinite else { return }
        defer { lastTime = t }
        guard let lastTime, t > lastTime else { return }
        let interval = t - lastTime
        if intervals == 0 {
            meanInterval = interval
            intervals = 1
            return
        }
        guard interval < 1.5 * meanInterval else { return }
        let rate = min(0.5, max(interval / memorySeconds, 1 / Double(intervals + 1)))
        let deviation = interval - meanInterval
        meanInterval += rate * deviation
        variance += rate * (deviation * deviation - variance)
        intervals += 1
    }
}
