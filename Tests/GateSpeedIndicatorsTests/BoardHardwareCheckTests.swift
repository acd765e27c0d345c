import GateSpeedBoard
import GateSpeedPlatform
import GateSpeedIndicators
import Testing

@Suite struct BoardHardwareCheckTests {
    let hardware = ["post1: gpiochip0 [pinctrl-rp1] line 17 (GPIO17)"]

    @Test func walksEveryLedSpeaksAndSeesThePress() {
        var leds = RecordingLEDs()
        var button = ScriptedButton(edges: ScriptedButton.press(at: 3, heldSeconds: 0.2))
        var spoken: [String] = []
        var pauses: [Double] = []
        let report = HardwareCheck.run(leds: &leds, button: &button, hardware: hardware,
                                       speak: { spoken.append($0) }, pause: { pauses.append($0) })
        #expect(leds.shown == (1...6).map { LEDLevels.only($0) } + [.allOff, .allOn, .allOff])
        #expect(leds.shown[5] == LEDLevels(posts: .none, status: true), "the status LED is walked last")
        #expect(spoken == ["GateSpeed check. Press the button."])
        #expect(pauses.count == 7)
        guard case .pressed(let after) = report.button else {
            Issue.record("expected a press, got \(report.button)")
            return
        }
        #expect(after >= 3.0 && after < 3.1, "seen once debounced, 3 s after the prompt")
        #expect(report.passed)
        #expect(report.ledsWalked == 6)
        #expect(report.lines.first == "GPIO lines used:")
        #expect(report.lines.contains("  post1: gpiochip0 [pinctrl-rp1] line 17 (GPIO17)"))
        #expect(report.lines.last == "Button: press seen after 3.0 s")
    }

    @Test func reportsATimeoutWhenNobodyPresses() {
        var leds = RecordingLEDs()
        var button = ScriptedButton(edges: ScriptedButton.press(at: 12, heldSeconds: 0.2))
        let report = HardwareCheck.run(leds: &leds, button: &button, hardware: hardware,
                                       speak: { _ in }, pause: { _ in })
        #expect(report.button == .timedOut(seconds: 10))
        #expect(!report.passed)
        #expect(button.clockSeconds >= 10 && button.clockSeconds < 10.1, "gave up at the timeout")
        #expect(leds.shown.last == .allOff)
        #expect(!leds.shown.contains(.allOn))
        #expect(report.lines.last?.hasPrefix("Button: no press within 10.0 s") == true)
    }

    @Test func aBounceGlitchIsNotAPress() {
        var leds = RecordingLEDs()
        var button = ScriptedButton(edges: ScriptedButton.press(at: 2, heldSeconds: 0.005))
        let report = HardwareCheck.run(leds: &leds, button: &button, hardware: hardware, timeoutSeconds: 5,
                                       speak: { _ in }, pause: { _ in })
        #expect(report.button == .timedOut(seconds: 5))
    }

    @Test func aPressQueuedWhileThePromptWasSpokenCountsButAQueuedGlitchDoesNot() {
        var leds = RecordingLEDs()
        // The clock is already at 5 s: the edges waited in the queue during the speech.
        var button = ScriptedButton(edges: ScriptedButton.press(at: 4, heldSeconds: 0.2), startTime: 5)
        let report = HardwareCheck.run(leds: &leds, button: &button, hardware: [], speak: { _ in }, pause: { _ in })
        #expect(report.passed)
        var glitch = ScriptedButton(edges: ScriptedButton.press(at: 4, heldSeconds: 0.005), startTime: 5)
        let glitchReport = HardwareCheck.run(leds: &leds, button: &glitch, hardware: [], timeoutSeconds: 2,
                                             speak: { _ in }, pause: { _ in })
        #expect(glitchReport.button == .timedOut(seconds: 2))
    }

    @Test func aFailingButtonIsReported() {
        var leds = RecordingLEDs()
        var button = FailingButton()
        let report = HardwareCheck.run(leds: &leds, button: &button, hardware: [], speak: { _ in }, pause: { _ in })
        #expect(report.button == .failed("chip gone"))
        #expect(report.lines.last == "Button: failed: chip gone")
    }
}
