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

/// Measures how much a tracked position scatters from frame to frame beyond smooth motion:
/// the second difference of three samples, which for independent noise of sigma has a spread
/// of sigma * sqrt(6) at an even cadence. Averages over about `memorySeconds`. No allocation.
struct PositionNoiseMeter: Sendable {
    let memorySeconds: Double
    private var previous: (t: Double, x: Double)?
    private var beforePrevious: (t: Double, x: Double)?
    private var meanSquare = 0.0
    private var samples = 0

    init(memorySeconds: Double = 2) { self.memorySeconds = memorySeconds }

    /// One standard deviation of a single position (same unit as the positions).
    var sigma: Double { samples >= 5 ? (meanSquare / 6).squareRoot() : 0 }

    mutating func forget() { previous = nil; beforePrevious = nil }

    mutating func add(t: Double, x: Double) {
        guard t.isFinite, x.isFinite else { return }
        defer { beforePrevious = previous; previous = (t, x) }
        guard let b = previous, let a = beforePrevious, b.t > a.t, t > b.t else { return }
        // Where a straight line through a and b puts the rider now, against where they are.
        let predicted = b.x + (b.x - a.x) * (t - b.t) / (b.t - a.t)
        // Scale so the residual's variance is that of an even-cadence second difference.
        let weight = (b.t - a.t) / (t - b.t)
        let residual = (x - predicted) * min(1, weight)
        let rate = max(min(0.5, (t - b.t) / memorySeconds), 1 / Double(samples + 1))
        meanSquare += rate * (residual * residual - meanSquare)
        samples += 1
    }
}
