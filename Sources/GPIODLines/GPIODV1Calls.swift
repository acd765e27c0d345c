import GateSpeedPlatform

/// The libgpiod v1 calls GPIODLines needs, as a seam: `LibgpiodV1` makes the real calls,
/// tests use a fake (these machines have no GPIO chip). Values are physical levels
/// (0 = low, 1 = high); active-low inversion happens above this seam.
///
/// Failures carry the C `errno` as the platform's `Errno`. A libgpiod v2 adapter gets its own seam beside this one.
public protocol GPIODV1Calls: Sendable {
    associatedtype Chip
    associatedtype Line

    /// Opens the chip whose label is `label` (`gpiod_chip_open_by_label`).
    func openChip(label: String) -> Result<Chip, Errno>
    /// Finds a line by name on any chip (`gpiod_line_find`); the chip is opened for it and
    /// must be closed by the caller.
    func findLine(named name: String) -> Result<(chip: Chip, line: Line), Errno>
    /// Finds a line by name on an open chip (`gpiod_chip_find_line`).
    func findLine(named name: String, on chip: Chip) -> Result<Line, Errno>
    /// The line at `offset` on an open chip (`gpiod_chip_get_line`).
    func line(at offset: UInt32, on chip: Chip) -> Result<Line, Errno>
    /// Name, label and line count of an open chip.
    func info(of chip: Chip) -> GPIOChipInfo
    /// Offset and name (nil when unnamed) of a line.
    func info(of line: Line) -> (offset: UInt32, name: String?)
    /// Who holds the line, if anyone (`gpiod_line_consumer`).
    func consumer(of line: Line) -> String?
    /// Every chip present, in /dev order (`gpiod_chip_iter_*`); empty when there are none.
    func listChips() -> Result<[GPIOChipInfo], Errno>

    /// Requests the line (`gpiod_line_request`).
    func request(_ line: Line, _ request: GPIODLineRequest) -> Result<Void, Errno>
    /// Sets a requested output (`gpiod_line_set_value`), physical level 0 or 1.
    func setValue(_ value: Int32, on line: Line) -> Result<Void, Errno>
    /// Waits for an edge event (`gpiod_line_event_wait`).
    func waitForEvent(on line: Line, timeoutSeconds: Double) -> GPIODEventWait
    /// Reads one pending edge event (`gpiod_line_event_read`).
    func readEvent(on line: Line) -> Result<GPIODRawEvent, Errno>
    /// Releases a requested line (`gpiod_line_release`).
    func release(_ line: Line)
    /// Closes a chip (`gpiod_chip_close`); its line handles become invalid.
    func close(_ chip: Chip)
    /// Seconds on CLOCK_MONOTONIC, the clock of event timestamps (Linux >= 5.7).
    func monotonicSeconds() -> Double
}

/// Name ("gpiochip0"), label ("pinctrl-bcm2711") and number of lines of a chip.
public struct GPIOChipInfo: Hashable, Sendable, CustomStringConvertible {
    public var name: String
    public var label: String
    public var lineCount: Int

    public init(name: String, label: String, lineCount: Int) {
        self.name = name
        self.label = label
        self.lineCount = lineCount
    }

    public var description: String { "\(name) [\(label)] (\(lineCount) lines)" }
}

/// How a line is requested (maps to `struct gpiod_line_request_config`).
public struct GPIODLineRequest: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// `GPIOD_LINE_REQUEST_DIRECTION_OUTPUT` with this physical starting level.
        case output(initialValue: Int32)
        /// `GPIOD_LINE_REQUEST_EVENT_BOTH_EDGES` (an input that reports edges).
        case bothEdgeEvents
    }

    public var consumer: String
    public var kind: Kind
    /// `GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_UP`.
    public var pullUp: Bool

    public init(consumer: String, kind: Kind, pullUp: Bool = false) {
        self.consumer = consumer
        self.kind = kind
        self.pullUp = pullUp
    }
}

/// What waiting for an edge gave.
public enum GPIODEventWait: Hashable, Sendable {
    case event
    case timeout
    case failed(Errno)
}

/// One edge as the kernel reported it, physical terms.
public struct GPIODRawEvent: Hashable, Sendable {
    /// True for a rising edge (low to high), false for falling.
    public var rising: Bool
    /// Seconds on the event clock (CLOCK_MONOTONIC on Linux >= 5.7).
    public var timestampSeconds: Double

    public init(rising: Bool, timestampSeconds: Double) {
        self.rising = rising
        self.timestampSeconds = timestampSeconds
    }
}
