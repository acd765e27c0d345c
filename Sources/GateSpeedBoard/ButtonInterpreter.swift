/// A raw edge of the button line, already in logical terms (active-low resolved).
public struct ButtonEdge: Hashable, Sendable {
    /// True when the button went down, false when it came up.
    public var pressed: Bool
    /// Seconds on the edge source's clock.
    public var time: Double

    public init(pressed: Bool, time: Double) {
        self.pressed = pressed
        self.time = time
    }
}

/// A debounced press, as the user meant it.
public enum ButtonPress: Hashable, Sendable {
    /// Pressed and released before the long-press threshold.
    case short
    /// Held for the long-press threshold (fired while still held, or at release if
    /// nobody ticked in between).
    case long
}

/// Turns raw, bouncing edges into short and long presses.
///
/// Debounce by stability: a new level counts only once the raw level has stayed put for
/// `debounceSeconds` (libgpiod v1 has no debounce of its own). A bounce storm therefore
/// yields at most one level change, after it settles. Time only comes from the edges and
/// from `tick(now:)`, so tests drive it with any clock.
public struct ButtonInterpreter: Sendable {
    public let debounceSeconds: Double
    public let longPressSeconds: Double

    /// The raw level last seen and when it began, seconds.
    private var rawPressed = false
    private var rawSince = -Double.infinity
    /// The debounced level and, while pressed, when the press began.
    public private(set) var isPressed = false
    private var pressStart = 0.0
    private var longFired = false
    /// Latest time seen, so timestamps that step backwards cannot reorder anything.
    private var latest = -Double.infinity

    public init(debounceSeconds: Double = 0.03, longPressSeconds: Double = 2.0) {
        self.debounceSeconds = debounceSeconds
        self.longPressSeconds = longPressSeconds
    }

    /// Feeds one raw edge; returns a press completed by what the edge settled.
    public mutating func handle(_ edge: ButtonEdge) -> ButtonPress? {
        let time = max(edge.time, latest)
        latest = time
        let press = settle(at: time)
        if edge.pressed != rawPressed {
            rawPressed = edge.pressed
            rawSince = time
        }
        return press
    }

    /// Advances time without an edge: settles a quiet level, fires a long press once held
    /// for `longPressSeconds`. Call it every few tens of milliseconds.
    public mutating func tick(now: Double) -> ButtonPress? {
        let time = max(now, latest)
        latest = time
        return settle(at: time)
    }

    /// Commits the raw level if it has been stable, then checks the long-press threshold.
    private mutating func settle(at time: Double) -> ButtonPress? {
        if rawPressed != isPressed && time - rawSince >= debounceSeconds {
            isPressed = rawPressed
            if isPressed {
                pressStart = rawSince
                longFired = false
            } else {
                // Released: short, or long if the hold crossed the threshold unobserved.
                guard !longFired else { return nil }
                return rawSince - pressStart >= longPressSeconds ? .long : .short
            }
        }
        if isPressed && !longFired && time - pressStart >= longPressSeconds {
            longFired = true
            return .long
        }
        return nil
    }
}
