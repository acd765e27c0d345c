import GateSpeedBoard
import Testing

/// Feeds edges and 10 ms ticks up to `until`, collecting every press.
private func presses(_ edges: [ButtonEdge], until end: Double,
                     interpreter: inout ButtonInterpreter) -> [ButtonPress] {
    var result: [ButtonPress] = []
    var pending = edges.sorted { $0.time < $1.time }[...]
    var now = 0.0
    while now <= end {
        while let edge = pending.first, edge.time <= now {
            pending.removeFirst()
            if let press = interpreter.handle(edge) { result.append(press) }
        }
        if let press = interpreter.tick(now: now) { result.append(press) }
        now += 0.01
    }
    return result
}

/// A deterministic pseudo-random generator (SplitMix64) so storms are reproducible.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite struct ButtonInterpreterTests {
    @Test func cleanShortPressFiresOnceOnRelease() {
        var interpreter = ButtonInterpreter()
        #expect(interpreter.handle(ButtonEdge(pressed: true, time: 1.0)) == nil)
        #expect(interpreter.tick(now: 1.02) == nil)
        #expect(!interpreter.isPressed, "not pressed before 30 ms of stability")
        #expect(interpreter.tick(now: 1.031) == nil)
        #expect(interpreter.isPressed)
        #expect(interpreter.handle(ButtonEdge(pressed: false, time: 1.3)) == nil)
        #expect(interpreter.tick(now: 1.32) == nil)
        #expect(interpreter.tick(now: 1.331) == .short)
        #expect(interpreter.tick(now: 5) == nil)
    }

    @Test func glitchShorterThanDebounceIsIgnored() {
        var interpreter = ButtonInterpreter()
        let edges = [ButtonEdge(pressed: true, time: 1.0), ButtonEdge(pressed: false, time: 1.01)]
        #expect(presses(edges, until: 3, interpreter: &interpreter).isEmpty)
    }

    @Test func releaseGlitchDuringAHoldDoesNotSplitThePress() {
        var interpreter = ButtonInterpreter()
        let edges = [ButtonEdge(pressed: true, time: 1.0), ButtonEdge(pressed: false, time: 1.5),
                     ButtonEdge(pressed: true, time: 1.505), ButtonEdge(pressed: false, time: 1.8)]
        #expect(presses(edges, until: 3, interpreter: &interpreter) == [.short])
    }

    @Test func longPressFiresWhileStillHeldAndNotAgainOnRelease() {
        var interpreter = ButtonInterpreter()
        _ = interpreter.handle(ButtonEdge(pressed: true, time: 10))
        #expect(interpreter.tick(now: 11.99) == nil)
        #expect(interpreter.tick(now: 12.0) == .long, "fires when 2 s elapse, button still down")
        #expect(interpreter.isPressed)
        #expect(interpreter.tick(now: 13) == nil)
        _ = interpreter.handle(ButtonEdge(pressed: false, time: 14))
        #expect(interpreter.tick(now: 15) == nil, "no short press after a long one")
    }

    @Test func longHoldWithoutTicksIsStillLongAtRelease() {
        var interpreter = ButtonInterpreter()
        _ = interpreter.handle(ButtonEdge(pressed: true, time: 0))
        // The release edge settles the press and sees 2 s elapsed on the way.
        #expect(interpreter.handle(ButtonEdge(pressed: false, time: 2.5)) == .long)
        #expect(interpreter.tick(now: 2.6) == nil)
        #expect(!interpreter.isPressed)
    }

    @Test func pressJustUnderTwoSecondsIsShort() {
        var interpreter = ButtonInterpreter()
        #expect(presses(ScriptedButton.press(at: 1, heldSeconds: 1.95), until: 4,
                        interpreter: &interpreter) == [.short])
    }

    @Test func consecutivePressesAreCountedSeparately() {
        var interpreter = ButtonInterpreter()
        let edges = ScriptedButton.press(at: 1, heldSeconds: 0.2) + ScriptedButton.press(at: 2, heldSeconds: 2.4)
            + ScriptedButton.press(at: 6, heldSeconds: 0.1)
        #expect(presses(edges, until: 8, interpreter: &interpreter) == [.short, .long, .short])
    }

    @Test(arguments: 0..<20)
    func bounceStormGivesAtMostOnePress(seed: Int) {
        var random = SplitMix64(state: UInt64(seed) &* 7919)
        let count = Int.random(in: 200...600, using: &random)
        var edges: [ButtonEdge] = []
        var level = false
        for _ in 0..<count {
            // Random edges, not necessarily alternating (lost edges happen), within 20 ms.
            if Bool.random(using: &random) || edges.isEmpty { level.toggle() }
            edges.append(ButtonEdge(pressed: level, time: 1.0 + Double.random(in: 0..<0.02, using: &random)))
        }
        // A storm that settles down is a press, released cleanly later; one that settles
        // up is a knock and no press at all.
        let endsPressed = edges.sorted { $0.time < $1.time }.last?.pressed ?? false
        if endsPressed { edges.append(ButtonEdge(pressed: false, time: 1.3)) }
        var interpreter = ButtonInterpreter()
        let result = presses(edges, until: 4, interpreter: &interpreter)
        #expect(result == (endsPressed ? [.short] : []))
    }

    @Test func stormOnPressAndOnReleaseIsExactlyOneShortPress() {
        var random = SplitMix64(state: 42)
        var edges: [ButtonEdge] = []
        for index in 0..<300 {   // press bounce, ends down
            edges.append(ButtonEdge(pressed: index % 2 == 1, time: 1.0 + Double(index) * 0.00006))
        }
        for index in 0..<300 {   // release bounce, ends up
            edges.append(ButtonEdge(pressed: index % 2 == 1, time: 1.5 + Double.random(in: 0..<0.018, using: &random)))
        }
        edges.append(ButtonEdge(pressed: false, time: 1.519))
        var interpreter = ButtonInterpreter()
        #expect(presses(edges, until: 3, interpreter: &interpreter) == [.short])
    }

    @Test func timestampsGoingBackwardsDoNotCrash() {
        var interpreter = ButtonInterpreter()
        _ = interpreter.handle(ButtonEdge(pressed: true, time: 5))
        _ = interpreter.handle(ButtonEdge(pressed: false, time: 4))
        #expect(interpreter.tick(now: 5.1) == nil, "the release arrived 'in the past': a 0 s glitch")
        #expect(!interpreter.isPressed)
    }
}
