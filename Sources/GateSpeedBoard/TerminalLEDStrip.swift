/// Simulated LEDs: renders the levels as one line, e.g. `posts ● ● ○ ○ ○  status ●`,
/// and hands it to `sink` only when it changes (the demo writes it to stderr).
public struct TerminalLEDStrip: LEDOutput {
    public private(set) var lastLine: String?
    /// How many different pictures were shown.
    public private(set) var changes = 0
    private let sink: (String) -> Void

    public init(sink: @escaping (String) -> Void) {
        self.sink = sink
    }

    public mutating func show(_ levels: LEDLevels) {
        let line = levels.description
        guard line != lastLine else { return }
        lastLine = line
        changes += 1
        sink(line)
    }
}
