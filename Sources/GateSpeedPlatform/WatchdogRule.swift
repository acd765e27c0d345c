/// When the frame loop may feed systemd's watchdog (`WATCHDOG=1`): while frames arrive, and
/// while the camera is being reopened within its retry schedule, that is for
/// `reopenGraceSeconds` after the last frame (or after start-up). The camera source retries
/// 0.5, 1, 2 and 4 s after a loss and then every 8 s, so the grace covers ten attempts. After
/// that the pings stop and systemd restarts the service (`WatchdogSec=` in the unit): a camera
/// that never comes back, a hung driver or a frame loop that hangs all end in a restart, and
/// `systemctl status` says why.
public struct WatchdogRule: Sendable {
    /// Seconds without a frame during which the watchdog is still fed.
    public static let reopenGraceSeconds = 60.0

    /// Monotonic seconds of the last frame (start-up counts as one).
    private var lastFrameAt: Double

    public init(startedAt now: Double) { lastFrameAt = now }

    /// Called after every attempt to get a frame; true when the watchdog may be fed now.
    @inline(__always)
    public mutating func mayFeed(frameArrived: Bool, now: Double) -> Bool {
        if frameArrived { lastFrameAt = now }
        return now - lastFrameAt <= Self.reopenGraceSeconds
    }
}
