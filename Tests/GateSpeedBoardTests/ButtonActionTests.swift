import GateSpeedBoard
import Testing

@Suite struct ButtonActionTests {
    @Test(arguments: [
        (ButtonPress.short, MachineSituation.ready, ButtonAction?.some(.highlight)),
        (.short, .waitingAfterResult, .highlight),
        (.short, .waitingAfterInvalid, .rearm),
        (.short, .running, nil),
        (.short, .calibrating, nil),
        (.long, .ready, .recalibrate),
        (.long, .running, .recalibrate),
        (.long, .waitingAfterInvalid, .recalibrate),
        (.long, .waitingAfterResult, .recalibrate),
        (.long, .calibrating, .recalibrate),
    ])
    func decisionTable(press: ButtonPress, situation: MachineSituation, expected: ButtonAction?) {
        #expect(ButtonAction.decide(press, in: situation) == expected)
    }

    @Test func confirmationWords() {
        #expect(ButtonAction.highlight.confirmation == "Highlight saved.")
        #expect(ButtonAction.rearm.confirmation == "Re-armed.")
        #expect(ButtonAction.recalibrate.confirmation == "Recalibrating. Keep the course clear.")
    }
}
