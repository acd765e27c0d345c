import Glibc

/// The benchmark's clock: CLOCK_MONOTONIC through the vDSO (no system call), in nanoseconds.
///
/// Chosen over `ContinuousClock.now`, which on Linux reads CLOCK_BOOTTIME through the Swift
/// runtime and builds a `Duration`: a few nanoseconds more per read, for nothing we need here.
enum MonotonicClock {
    @inline(__always)
    static func nanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
    }

    /// What one clock read adds to a measured interval, nanoseconds: the median gap between
    /// back-to-back reads. Every interval the benchmark measures holds exactly one such read,
    /// so this is subtracted from each.
    static func readCost() -> Double {
        let rounds = 20_001
        var gaps = [UInt64](repeating: 0, count: rounds)
        var last = nanoseconds()
        for i in 0..<rounds {
            let now = nanoseconds()
            gaps[i] = now &- last
            last = now
        }
        gaps.sort()
        return Double(gaps[rounds / 2])
    }
}
