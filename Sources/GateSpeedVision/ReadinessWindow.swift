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

    /// Time of the first moving sample of the moving moment being forgiven (nil when the last
    /// sample was still), and the still and forgiven samples of the streak.
    private var movingSince: Double?
    private var stillSamples = 0, forgivenSamples = 0

    /// Adds a sample taken at `time` (seconds); returns whether the window is now satisfied.
    @discardableResult
    public mutating func add(time: Double, still: Bool) -> Bool {
        lastTime = time
        movingSince = nil
        if !still {
            streakStart = nil
            stillSamples = 0; forgivenSamples = 0
            return false
        }
        stillSamples += 1
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

    /// Takes a moving sample at `time` (seconds) without breaking the still streak when the
    /// moving moment it belongs to has lasted under `seconds` and forgiven samples stay fewer than
    /// still ones: a shaking camera's jumps. Returns false, changing nothing, otherwise (the
    /// caller then adds it as moving). A forgiven sample never completes the window. The caller
    /// offers only samples whose change lies all across the view (a person's does not).
    public mutating func forgive(time: Double, seconds: Double) -> Bool {
        guard mayForgive(time: time, seconds: seconds) else { return false }
        if movingSince == nil { movingSince = time }
        forgivenSamples += 1
        lastTime = time
        return true
    }

    /// Whether `forgive(time:seconds:)` would take a moving sample at `time` (changing nothing).
    public func mayForgive(time: Double, seconds: Double) -> Bool {
        streakStart != nil && time - (movingSince ?? time) < seconds && forgivenSamples < stillSamples
    }

    public mutating func reset() {
        movingSince = nil
        stillSamples = 0; forgivenSamples = 0
        streakStart = nil
        lastTime = nil
    }
}
