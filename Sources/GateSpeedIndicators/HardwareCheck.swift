import GateSpeedCore
import GateSpeedBoard

/// What `gatespeed check` found.
public struct HardwareCheckReport: Hashable, Sendable {
    public enum ButtonResult: Hashable, Sendable {
        /// A debounced press began this many seconds after the prompt was spoken.
        case pressed(afterSeconds: Double)
        /// No press within the timeout.
        case timedOut(seconds: Double)
        /// The button line failed (reason for the installer).
        case failed(String)
    }

    /// The chip and lines used, one per line (from the GPIO adapter), or the simulator's name.
    public var hardware: [String]
    /// LEDs lit in turn: posts 1...5, then the status LED.
    public var ledsWalked: Int
    /// The words spoken.
    public var spoken: String
    public var button: ButtonResult

    /// True when the button was seen.
    public var passed: Bool {
        if case .pressed = button { return true }
        return false
    }

    /// The report as printed by `gatespeed check`.
    public var lines: [String] {
        var lines = ["GPIO lines used:"] + hardware.map { "  " + $0 }
        lines.append("LEDs walked: \(ledsWalked) (posts 1-\(BoardProfile.postCount), then status)")
        lines.append("Spoken: \"\(spoken)\"")
        switch button {
        case .pressed(let seconds):
            lines.append("Button: press seen after \(Self.format(seconds)) s")
        case .timedOut(let seconds):
            lines.append("Button: no press within \(Self.format(seconds)) s; check the wiring "
                         + "(button between the button line and GND) and the profile's button line")
        case .failed(let reason):
            lines.append("Button: failed: \(reason)")
        }
        return lines
    }

    private static func format(_ seconds: Double) -> String {
        DecimalFormat.fixed(seconds, decimals: 1)
    }
}

/// The installer's self-test: walks each LED, speaks the prompt, waits for a press.
/// Generic over the LED and button seams, so it runs on GPIO, on the simulators and on fakes.
public enum HardwareCheck {
    public static let prompt = "GateSpeed check. Press the button."

    /// - stepSeconds: how long each LED stays lit during the walk.
    /// - timeoutSeconds: how long to wait for the press after speaking (on the button's clock).
    /// - speak: says the prompt; may block until spoken (edges queue meanwhile).
    /// - pause: sleeps between LED steps (tests pass one that only records).
    public static func run<Output: LEDOutput, Button: ButtonEdgeSource>(
        leds: inout Output, button: inout Button, hardware: [String],
        stepSeconds: Double = 0.4, timeoutSeconds: Double = 10,
        speak: (String) -> Void, pause: (Double) -> Void
    ) -> HardwareCheckReport {
        let ledCount = BoardProfile.postCount + 1
        for index in 1...ledCount {
            leds.show(.only(index))
            pause(stepSeconds)
        }
        leds.show(.allOff)
        speak(prompt)
        let result = waitForPress(on: &button, timeoutSeconds: timeoutSeconds)
        if case .pressed = result {
            // Feedback: everything lights up briefly when the press is seen.
            leds.show(.allOn)
            pause(stepSeconds)
        }
        leds.show(.allOff)
        return HardwareCheckReport(hardware: hardware, ledsWalked: ledCount, spoken: prompt, button: result)
    }

    /// Waits for the start of a debounced press.
    static func waitForPress<Button: ButtonEdgeSource>(
        on button: inout Button, timeoutSeconds: Double
    ) -> HardwareCheckReport.ButtonResult {
        var interpreter = ButtonInterpreter()
        let start = button.clockSeconds
        let deadline = start + timeoutSeconds
        while true {
            let edge: ButtonEdge?
            do {
                edge = try button.nextEdge(timeoutSeconds: min(0.02, max(0, deadline - button.clockSeconds)))
            } catch {
                return .failed("\(error)")
            }
            let now = button.clockSeconds
            if let edge {
                // Queued edges are judged on their own timestamps (no tick to "now" between
                // them); a short press that began and ended among them counts too.
                if interpreter.handle(edge) != nil { return .pressed(afterSeconds: now - start) }
            } else if interpreter.tick(now: now) != nil || interpreter.isPressed {
                return .pressed(afterSeconds: now - start)
            }
            guard now < deadline else { return .timedOut(seconds: timeoutSeconds) }
        }
    }
}
