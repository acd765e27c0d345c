import GateSpeedBoard
import Testing

private func levels(_ state: IndicatorState, _ time: Double) -> LEDLevels {
    LEDPatterns.levels(for: state, at: time)
}

@Suite struct LEDPatternsTests {
    @Test func calibratingBlinksStatusAtOneHertzPostsOff() {
        #expect(levels(.calibrating, 10.0) == LEDLevels(posts: .none, status: true))
        #expect(levels(.calibrating, 10.49) == LEDLevels(posts: .none, status: true))
        #expect(levels(.calibrating, 10.5) == LEDLevels(posts: .none, status: false))
        #expect(levels(.calibrating, 10.99) == LEDLevels(posts: .none, status: false))
        #expect(levels(.calibrating, 11.0).status)
    }

    @Test func readyIsSteadyStatusOnlyAllPostsOff() {
        for time in stride(from: 0.0, to: 3.0, by: 0.07) {
            #expect(levels(.ready, time) == LEDLevels(posts: .none, status: true))
        }
    }

    @Test func runningLightsExactlyTheCrossedPostsSteadily() {
        let state = IndicatorState.running(litPosts: PostSet([1, 2, 3]), direction: .leftToRight)
        for time in stride(from: 0.0, to: 2.0, by: 0.05) {
            #expect(levels(state, time) == LEDLevels(posts: PostSet([1, 2, 3]), status: true))
        }
        let fromRight = IndicatorState.running(litPosts: PostSet([5, 4]), direction: .rightToLeft)
        #expect(levels(fromRight, 7).posts == PostSet([4, 5]))
        #expect(!levels(fromRight, 7).post(1))
    }

    @Test func passBlinksAllFiveAtFourHertzForThreeSecondsThenSteady() {
        let state = IndicatorState.result(pass: true, since: 100)
        #expect(levels(state, 100.0).posts == .all)
        #expect(levels(state, 100.1).posts == .all)
        #expect(levels(state, 100.13).posts == .none)
        #expect(levels(state, 100.25).posts == .all)
        #expect(levels(state, 102.88).posts == .none)
        #expect(levels(state, 103.0).posts == .all)
        for time in stride(from: 103.0, to: 110.0, by: 0.03) { #expect(levels(state, time).posts == .all) }
        #expect(levels(state, 101).status)
    }

    @Test func failChasesOneLedBackAndForth() {
        let state = IndicatorState.result(pass: false, since: 50)
        let sequence = (0..<10).map { step in levels(state, 50.0 + Double(step) * 0.1 + 0.05).posts }
        let expected = [1, 2, 3, 4, 5, 4, 3, 2, 1, 2].map { PostSet([$0]) }
        #expect(sequence == expected)
        #expect(levels(state, 58).posts.count == 1, "still one LED after the blink window of PASS")
    }

    @Test func invalidAlternatesOddAndEvenPosts() {
        let state = IndicatorState.invalid(since: 20)
        #expect(levels(state, 20.1) == LEDLevels(posts: PostSet([1, 3, 5]), status: true))
        #expect(levels(state, 20.6) == LEDLevels(posts: PostSet([2, 4]), status: true))
        #expect(levels(state, 21.1).posts == PostSet([1, 3, 5]))
        #expect(levels(state, 31.6).posts == PostSet([2, 4]))
    }

    @Test func failAndInvalidAndPassAreDistinctAtEveryMoment() {
        for time in stride(from: 0.0, to: 3.0, by: 0.05) {
            let pass = levels(.result(pass: true, since: 0), time)
            let fail = levels(.result(pass: false, since: 0), time)
            let invalid = levels(.invalid(since: 0), time)
            #expect(fail != invalid)
            #expect(fail != pass)
            #expect(invalid != pass)
        }
    }

    @Test func faultBlinksStatusAtFiveHertzPostsOff() {
        #expect(levels(.fault, 3.0) == LEDLevels(posts: .none, status: true))
        #expect(levels(.fault, 3.09) == LEDLevels(posts: .none, status: true))
        #expect(levels(.fault, 3.11) == LEDLevels(posts: .none, status: false))
        #expect(levels(.fault, 3.2).status)
        var toggles = 0
        var last = levels(.fault, 0).status
        for step in 1...100 {   // one second at 100 Hz
            let now = levels(.fault, Double(step) * 0.01 + 0.001).status
            if now != last { toggles += 1 }
            last = now
        }
        #expect(toggles == 10, "5 Hz = 10 transitions per second")
    }

    @Test func reArmingTurnsEveryPostOff() {
        #expect(levels(.result(pass: true, since: 0), 5).posts == .all)
        #expect(levels(.ready, 5).posts == .none)
    }

    @Test func stripRendersOneLineAndOnlyOnChange() {
        var lines: [String] = []
        var strip = TerminalLEDStrip { lines.append($0) }
        strip.show(LEDLevels(posts: PostSet([1, 2]), status: true))
        strip.show(LEDLevels(posts: PostSet([1, 2]), status: true))
        strip.show(.allOff)
        #expect(lines == ["posts ● ● ○ ○ ○  status ●", "posts ○ ○ ○ ○ ○  status ○"])
        #expect(strip.changes == 2)
    }

    @Test func scriptedButtonAdvancesItsClockWithoutSleeping() {
        var button = ScriptedButton(edges: ScriptedButton.press(at: 1, heldSeconds: 0.5))
        #expect(button.nextEdge(timeoutSeconds: 0.5) == nil)
        #expect(button.clockSeconds == 0.5)
        #expect(button.nextEdge(timeoutSeconds: 1) == ButtonEdge(pressed: true, time: 1))
        #expect(button.clockSeconds == 1)
        #expect(button.nextEdge(timeoutSeconds: 1) == ButtonEdge(pressed: false, time: 1.5))
        #expect(button.isExhausted)
    }
}
