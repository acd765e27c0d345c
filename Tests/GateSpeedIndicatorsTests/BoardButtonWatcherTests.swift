import Foundation
import GateSpeedBoard
import GateSpeedPlatform
import GateSpeedIndicators
import Testing

@Suite struct BoardButtonWatcherTests {
    /// Polls until the script is played out and 3 s more have passed on its clock.
    private func drain(_ watcher: ButtonWatcher<ScriptedButton>, polls: Int = 2000) throws {
        for _ in 0..<polls { try watcher.poll() }
    }

    @Test func shortPressWhenReadyMarksAHighlight() throws {
        let actions = Collector<ButtonAction>()
        let watcher = ButtonWatcher(source: ScriptedButton(edges: ScriptedButton.press(at: 1, heldSeconds: 0.3)),
                                    situation: { .ready }, onAction: { actions.append($0) })
        try drain(watcher)
        #expect(actions.all == [.highlight])
    }

    @Test func situationDecidesEachPress() throws {
        let cell = MachineSituationCell(.running)
        let actions = Collector<ButtonAction>()
        let edges = ScriptedButton.press(at: 1, heldSeconds: 0.2) + ScriptedButton.press(at: 5, heldSeconds: 0.2)
            + ScriptedButton.press(at: 9, heldSeconds: 0.2)
        let watcher = ButtonWatcher(source: ScriptedButton(edges: edges), situation: { cell.value },
                                    onAction: { actions.append($0) })
        var polls = 0
        for (time, situation) in [(4.0, MachineSituation.waitingAfterInvalid), (8.0, .waitingAfterResult),
                                  (12.0, .ready)] {
            // Play the script up to `time` on its own clock, then change the situation.
            while polls < Int(time / ButtonWatcher<ScriptedButton>.pollSeconds) {
                try watcher.poll()
                polls += 1
            }
            cell.set(situation)
        }
        #expect(actions.all == [.rearm, .highlight], "the press during the run is ignored")
    }

    @Test func longPressRecalibratesWhileStillHeld() throws {
        let actions = Collector<ButtonAction>()
        let watcher = ButtonWatcher(source: ScriptedButton(edges: [ButtonEdge(pressed: true, time: 1)]),
                                    situation: { .running }, onAction: { actions.append($0) })
        var delivered: ButtonAction?
        for _ in 0..<200 where delivered == nil { delivered = try watcher.poll() }
        #expect(delivered == .recalibrate)
        #expect(actions.all == [.recalibrate])
        try drain(watcher, polls: 400)
        #expect(actions.all == [.recalibrate], "fires once per hold")
    }

    @Test func aShortPressReadLateFromTheQueueStaysShort() throws {
        // The watcher was busy for 10 s; a 0.3 s press at 5 s is read afterwards.
        let actions = Collector<ButtonAction>()
        let watcher = ButtonWatcher(source: ScriptedButton(edges: ScriptedButton.press(at: 5, heldSeconds: 0.3),
                                                           startTime: 10),
                                    situation: { .ready }, onAction: { actions.append($0) })
        try drain(watcher, polls: 200)
        #expect(actions.all == [.highlight], "judged on the edges' timestamps, not as a 5 s hold")
    }

    @Test func bounceStormOnTheLineIsOnePress() throws {
        var edges: [ButtonEdge] = []
        for index in 0..<400 { edges.append(ButtonEdge(pressed: index % 2 == 1, time: 2 + Double(index) * 0.00004)) }
        edges.append(ButtonEdge(pressed: false, time: 2.4))
        let actions = Collector<ButtonAction>()
        let watcher = ButtonWatcher(source: ScriptedButton(edges: edges), situation: { .ready },
                                    onAction: { actions.append($0) })
        try drain(watcher)
        #expect(actions.all == [.highlight])
    }

    @Test func failingSourceIsReportedOnceByTheThread() throws {
        let errors = Collector<String>()
        let watcher = ButtonWatcher(source: FailingButton(), situation: { .ready }, onAction: { _ in },
                                    log: Log(write: { errors.append($0) }))
        #expect(throws: FailingButton.Unplugged.self) { try watcher.poll() }
        watcher.start()
        for _ in 0..<300 where errors.all.isEmpty { Thread.sleep(forTimeInterval: 0.01) }
        watcher.stop()
        #expect(errors.all == ["error: button: chip gone\n"], "said once, as an error, with one \"button:\"")
    }
}
