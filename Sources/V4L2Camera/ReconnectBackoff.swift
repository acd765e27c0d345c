/// When to try reopening a lost camera: 0.5 s after the loss, then doubling up to 8 s.
struct ReconnectBackoff: Equatable {
    static let initialDelay = 0.5
    static let longestDelay = 8.0

    /// Why the camera is unavailable (the last failure), one line.
    private(set) var reason: String
    /// Reopen attempts made since the loss.
    private(set) var attempts = 0
    /// Monotonic seconds of the next attempt.
    private(set) var nextAttemptAt: Double
    private var delay = ReconnectBackoff.initialDelay

    init(lostAt time: Double, reason: String) {
        self.reason = reason
        nextAttemptAt = time + Self.initialDelay
    }

    /// Records a failed attempt at `time`; returns true when the reason differs from the last one.
    mutating func attemptFailed(at time: Double, reason newReason: String) -> Bool {
        attempts += 1
        delay = min(delay * 2, Self.longestDelay)
        nextAttemptAt = time + delay
        defer { reason = newReason }
        return newReason != reason
    }

    /// Records the attempt that is about to succeed.
    mutating func attemptSucceeded() { attempts += 1 }
}
