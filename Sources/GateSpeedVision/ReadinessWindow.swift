/// Decides when the scene has been still for a whole window (the Pickle Sensei readiness rule).
///
/// The window's anchor is the newest sample at or before the cutoff (`now - window`), and the
/// scene is ready when every sample from that anchor to now was still. Keeping the anchor
/// matters: pruning everything strictly older than the cutoff leaves a window that is almost
/// always shorter than its length at 30 fps, so a perfectly still scene would never be ready.
///
/// Because only an unbroken streak of still samples can contain the anchor, the rule reduces
/// to "the current streak started at or before the cutoff", which needs no sample history.
public struct ReadinessWindow: Sendable {
    /// Window length in seconds.
    public let windowSeconds: Double
    /// Source-clock time of the first sample of the current still streak, if in one.
    public private(set) var streakStart: Double?
    /// Time of the last sample seen.
    public private(set) var lastTime: Double?

    public init(windowSeconds: Double) {
        self.windowSeconds = windowSeconds
    }

    /// Adds a sample taken at `time` (seconds); returns whether the window is now satisfied.
    @discardableResult
    public mutating func add(time: Double, still: Bool) -> Bool {
        lastTime = time
        if !still {
            streakStart = nil
            return false
        }
        if streakStart == nil { streakStart = time }
        return isReady
    }

    /// True when the newest sample at or before `now - window` belongs to the still streak.
    public var isReady: Bool {
        guard let start = streakStart, let now = lastTime else { return false }
        // A tiny tolerance keeps a sample landing exactly on the cutoff inside the window
        // despite rounding in the timestamps.
        return now - start >= windowSeconds - 1e-9
    }

    /// Seconds of stillness so far (0 when moving).
    public var stillSeconds: Double {
        guard let start = streakStart, let now = lastTime else { return 0 }
        return now - start
    }

    public mutating func reset() {
        streakStart = nil
        lastTime = nil
    }
}
