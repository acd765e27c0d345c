/// Where LED levels go: GPIO lines, or a strip drawn on the terminal.
public protocol LEDOutput {
    /// Shows these logical levels (true = lit). Failures are the output's to count/report;
    /// a missing LED must never stop timing.
    mutating func show(_ levels: LEDLevels)

    /// Told when what the LEDs mean changes: a new indicator state, or the background fault
    /// going on or off (not on every blink), with the levels shown at that moment. A log of
    /// the LEDs writes a line here. Default: nothing.
    mutating func meaningChanged(to state: IndicatorState, backgroundFault: Bool, levels: LEDLevels)
}

extension LEDOutput {
    public mutating func meaningChanged(to state: IndicatorState, backgroundFault: Bool, levels: LEDLevels) {}
}

/// Where raw button edges come from: a GPIO line, or a script.
public protocol ButtonEdgeSource {
    /// Seconds on the clock the edges are stamped with (monotonic).
    var clockSeconds: Double { get }
    /// Waits at most `timeoutSeconds` for the next raw edge; nil on timeout.
    mutating func nextEdge(timeoutSeconds: Double) throws -> ButtonEdge?
}
