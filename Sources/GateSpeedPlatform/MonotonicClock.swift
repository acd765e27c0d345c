#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// The one monotonic clock of the program: CLOCK_MONOTONIC through the vDSO (no system call),
/// the clock V4L2 buffer timestamps and libgpiod event timestamps use.
///
/// Chosen over `ContinuousClock.now`, which on Linux reads CLOCK_BOOTTIME through the Swift
/// runtime and builds a `Duration`: a few nanoseconds more per read, for nothing we need here.
public struct MonotonicClock: SecondsClock {
    public init() {}

    /// Seconds on CLOCK_MONOTONIC.
    @inline(__always)
    public func now() -> Double { Self.seconds() }

    /// The one reading of CLOCK_MONOTONIC, as the kernel gives it (also the base of the
    /// queues' pthread_cond_timedwait deadlines, whose condition variables use this clock).
    @inline(__always)
    public static func reading() -> timespec {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return time
    }

    /// Seconds on CLOCK_MONOTONIC.
    @inline(__always)
    public static func seconds() -> Double {
        let time = reading()
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Nanoseconds on CLOCK_MONOTONIC.
    @inline(__always)
    public static func nanoseconds() -> UInt64 {
        let time = reading()
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    /// Sleeps `seconds` (nothing for 0 or less), continuing after signals.
    public static func sleep(seconds: Double) {
        guard seconds > 0, seconds.isFinite else { return }
        let whole = min(seconds.rounded(.down), 1e9)
        var request = timespec(tv_sec: Int(whole), tv_nsec: Int(min(max((seconds - whole) * 1e9, 0), 999_999_999)))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }

    /// What one clock read adds to a measured interval, nanoseconds: the median gap between
    /// back-to-back reads. Every interval the benchmark measures holds exactly one such read,
    /// so this is subtracted from each.
    public static func readCost() -> Double {
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

/// A clock that says seconds on a monotonic time line: `MonotonicClock` in the service,
/// `ManualClock` in tests. Generic parameters take it, so the hot path has no existential.
public protocol SecondsClock: Sendable {
    func now() -> Double
}

/// A clock that moves only when told (tests): `advance(by:)` or `set(_:)`; thread-safe.
public final class ManualClock: SecondsClock {
    /// Nanoseconds, so that reads from other threads are one atomic load.
    private let nanoseconds: Atomic<Int64>

    public init(seconds: Double = 0) {
        nanoseconds = Atomic(Self.toNanoseconds(seconds))
    }

    public func now() -> Double { Double(nanoseconds.load(ordering: .acquiring)) / 1e9 }

    public func advance(by seconds: Double) {
        nanoseconds.add(Self.toNanoseconds(seconds), ordering: .acquiringAndReleasing)
    }

    public func set(_ seconds: Double) {
        nanoseconds.store(Self.toNanoseconds(seconds), ordering: .releasing)
    }

    private static func toNanoseconds(_ seconds: Double) -> Int64 {
        guard seconds.isFinite else { return 0 }
        return Int64(min(max(seconds * 1e9, -9e18), 9e18))
    }
}
