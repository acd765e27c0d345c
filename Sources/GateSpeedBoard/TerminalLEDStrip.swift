/// Simulated LEDs as lines of text, e.g. `posts ● ● ○ ○ ○  status ●  running, left to right`.
///
/// Driven by the LED driver, it writes one line per change of meaning (a new state, the
/// background fault on or off), never per blink: a PASS that blinks for 3 s or a fault that
/// blinks at 5 Hz is one line, not ten a second. Used on its own (`show` only, as a test or the
/// hardware check would), it writes each changed picture.
public struct TerminalLEDStrip: LEDOutput {
    public private(set) var lastLine: String?
    /// How many lines were written.
    public private(set) var changes = 0
    /// True once the driver has told a state: from then on only changes of meaning are written.
    private var followsStates = false
    private let sink: (String) -> Void

    public init(sink: @escaping (String) -> Void) {
        self.sink = sink
    }

    public mutating func show(_ levels: LEDLevels) {
        guard !followsStates else { return }
        emit(levels.description)
    }

    public mutating func meaningChanged(to state: IndicatorState, backgroundFault: Bool, levels: LEDLevels) {
        followsStates = true
        var meaning = Self.meaning(of: state)
        if backgroundFault { meaning += "; clips suspended (status blinks fast)" }
        emit(levels.description + "  " + meaning)
    }

    private mutating func emit(_ line: String) {
        guard line != lastLine || followsStates else { return }
        lastLine = line
        changes += 1
        sink(line)
    }

    /// What a state shows, in words (the blinking patterns of `LEDPatterns`).
    public static func meaning(of state: IndicatorState) -> String {
        switch state {
        case .calibrating: return "calibrating (status blinks slowly)"
        case .ready: return "ready"
        case .running(_, let direction): return direction == .leftToRight ? "running, left to right" : "running, right to left"
        case .result(let pass, _): return pass ? "PASS (all posts blink, then stay lit)" : "FAIL (one post runs back and forth)"
        case .invalid: return "invalid run (odd and even posts alternate)"
        case .fault: return "fault (status blinks fast)"
        }
    }
}
