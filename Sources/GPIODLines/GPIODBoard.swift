import GateSpeedBoard
import Synchronization

/// Opens a board profile's lines through libgpiod: the five post LEDs and the status LED
/// as outputs (all off), the button as an input with edge events and the pull-up.
public enum GPIODBoard {
    /// The consumer name shown by `gpioinfo`.
    public static let consumer = "gatespeed"

    public static func open(_ profile: BoardProfile) throws(GPIODError)
        -> (leds: GPIODLEDLines<LibgpiodV1>, button: GPIODButtonLine<LibgpiodV1>) {
        try open(profile, using: LibgpiodV1())
    }

    /// Opens the LEDs first; if the button then fails, the LEDs are released again.
    public static func open<Calls: GPIODV1Calls>(_ profile: BoardProfile, using calls: Calls) throws(GPIODError)
        -> (leds: GPIODLEDLines<Calls>, button: GPIODButtonLine<Calls>) {
        let leds = try GPIODLEDLines(profile: profile, calls: calls)
        do {
            let button = try GPIODButtonLine(profile: profile, calls: calls)
            return (leds, button)
        } catch {
            leds.close()
            throw error
        }
    }
}

/// The five post LEDs and the status LED on GPIO outputs. Logical "lit" is inverted for
/// active-low lines. Lines are released on `close()` or deinit.
public final class GPIODLEDLines<Calls: GPIODV1Calls>: LEDOutput, Sendable {
    private struct State {
        var lineSet: GPIODLineSet<Calls>
        /// Last physical value written per line, to write only changes.
        var written: [Int32?]
        var failures = 0
        var lastFailure: GPIODError?
    }

    private let state: Mutex<State>
    /// Active-low flags in line order: posts 1...5, then status.
    private let activeLow: [Bool]
    /// The lines in use, posts 1...5 then status.
    public let usedLines: [GPIODUsedLine]

    init(profile: BoardProfile, calls: Calls) throws(GPIODError) {
        var lineSet = GPIODLineSet(calls: calls)
        let specs = profile.allLines.filter { $0.role != .button }
        do {
            for (role, spec) in specs {
                // Start dark: the physical "off" level is high for an active-low LED.
                let request = GPIODLineRequest(consumer: GPIODBoard.consumer,
                                               kind: .output(initialValue: spec.activeLow ? 1 : 0))
                try lineSet.request(role, spec, chipLabel: profile.chipLabel, request: request)
            }
        } catch {
            lineSet.releaseAll()
            throw error
        }
        activeLow = specs.map(\.spec.activeLow)
        usedLines = lineSet.used
        state = Mutex(State(lineSet: lineSet, written: specs.map { $0.spec.activeLow ? 1 : 0 }))
    }

    deinit { close() }

    /// Writes the lines whose level changed. A failed write is counted, never thrown:
    /// a broken LED must not stop timing.
    public func show(_ levels: LEDLevels) {
        state.withLock { state in
            guard !state.lineSet.lines.isEmpty else { return }
            for index in state.lineSet.lines.indices {
                let lit = index < BoardProfile.postCount ? levels.post(index + 1) : levels.status
                let value: Int32 = lit != activeLow[index] ? 1 : 0
                guard state.written[index] != value else { continue }
                if case .failure(let failure) = state.lineSet.calls.setValue(value, on: state.lineSet.lines[index]) {
                    state.failures += 1
                    state.lastFailure = .from(failure, call: "gpiod_line_set_value",
                                              what: usedLines[index].description)
                    state.written[index] = nil
                } else {
                    state.written[index] = value
                }
            }
        }
    }

    /// Failed writes so far and the last one's reason.
    public var writeFailures: (count: Int, last: GPIODError?) {
        state.withLock { ($0.failures, $0.lastFailure) }
    }

    /// Turns every LED off, releases the lines and closes the chips. Idempotent.
    public func close() {
        show(.allOff)
        state.withLock { $0.lineSet.releaseAll() }
    }
}

/// The button on a GPIO input with both-edge events and (per profile) the pull-up.
/// Edges come out in logical terms: for an active-low button a falling edge is a press.
public final class GPIODButtonLine<Calls: GPIODV1Calls>: ButtonEdgeSource, Sendable {
    private let state: Mutex<GPIODLineSet<Calls>>
    private let calls: Calls
    private let activeLow: Bool
    public let usedLine: GPIODUsedLine?

    init(profile: BoardProfile, calls: Calls) throws(GPIODError) {
        var lineSet = GPIODLineSet(calls: calls)
        let request = GPIODLineRequest(consumer: GPIODBoard.consumer, kind: .bothEdgeEvents,
                                       pullUp: profile.buttonPullUp)
        do {
            try lineSet.request(.button, profile.button, chipLabel: profile.chipLabel, request: request)
        } catch {
            lineSet.releaseAll()
            throw error
        }
        self.calls = calls
        activeLow = profile.button.activeLow
        usedLine = lineSet.used.first
        state = Mutex(lineSet)
    }

    deinit { close() }

    public var clockSeconds: Double { calls.monotonicSeconds() }

    /// Waits up to `timeoutSeconds` for an edge (holding the line meanwhile, so `close()`
    /// waits for at most one timeout).
    public func nextEdge(timeoutSeconds: Double) throws -> ButtonEdge? {
        try state.withLock { lineSet throws(GPIODError) -> ButtonEdge? in
            guard let line = lineSet.lines.first else { return nil }
            let what = usedLine?.description ?? "button"
            switch calls.waitForEvent(on: line, timeoutSeconds: timeoutSeconds) {
            case .timeout: return nil
            case .failed(let failure): throw .from(failure, call: "gpiod_line_event_wait", what: what)
            case .event:
                switch calls.readEvent(on: line) {
                case .failure(let failure): throw .from(failure, call: "gpiod_line_event_read", what: what)
                case .success(let event):
                    return ButtonEdge(pressed: event.rising != activeLow, time: event.timestampSeconds)
                }
            }
        }
    }

    /// Releases the line and closes its chip. Idempotent.
    public func close() {
        state.withLock { $0.releaseAll() }
    }
}
