import GateSpeedPlatform
import Glibc

/// What the camera source needs from the outside world besides the device: a log, a
/// monotonic clock and a way to wait (both injected so tests never sleep), and where /dev is.
public struct CameraEnvironment: Sendable {
    /// One line per event worth a person's attention (loss, recovery, what was negotiated).
    /// Where the camera's lines go, each with its level (the start-up line is info, a lost camera a warning).
    public var log: Log
    /// Monotonic seconds; only differences matter.
    public var now: @Sendable () -> Double
    /// Blocks the calling thread for the given seconds.
    public var sleep: @Sendable (Double) -> Void
    /// Root for device names ("/dev"); tests point it at a temporary directory.
    public var deviceRoot: String
    /// Seconds without a frame after which the camera counts as lost.
    public var dequeueTimeout: Double
    /// Longest single wait inside `nextFrame` while the camera is faulted, seconds, so the
    /// frame loop stays responsive (to shutdown, say) during long backoff delays.
    public var longestWait: Double

    public init(log: Log,
                now: @escaping @Sendable () -> Double = CameraEnvironment.monotonicSeconds,
                sleep: @escaping @Sendable (Double) -> Void = CameraEnvironment.sleepSeconds,
                deviceRoot: String = "/dev", dequeueTimeout: Double = 2, longestWait: Double = 0.5) {
        self.log = log
        self.now = now
        self.sleep = sleep
        self.deviceRoot = deviceRoot
        self.dequeueTimeout = dequeueTimeout
        self.longestWait = longestWait
    }

    /// CLOCK_MONOTONIC in seconds (the clock V4L2 buffer timestamps use).
    @Sendable public static func monotonicSeconds() -> Double { MonotonicClock.seconds() }

    @Sendable public static func sleepSeconds(_ seconds: Double) { MonotonicClock.sleep(seconds: seconds) }
}
