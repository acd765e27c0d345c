import Foundation
import GateSpeedBoard
import GateSpeedPlatform
import GateSpeedIndicators
import Testing

@Suite struct BoardLEDDriverTests {
    @Test func writesOnlyWhenTheLevelsChange() {
        let driver = LEDDriver(output: RecordingLEDs(), initialState: .ready, clock: { 0 })
        for tick in 0..<50 { driver.step(now: Double(tick) * LEDDriver<RecordingLEDs>.tickSeconds) }
        #expect(driver.writes == 1, "a steady state is written once in a second of ticks")
        #expect(driver.withOutput { $0.shown } == [LEDLevels(posts: .none, status: true)])
    }

    @Test func followsStateUpdatesThroughARun() {
        let driver = LEDDriver(output: RecordingLEDs(), initialState: .calibrating, clock: { 0 })
        driver.step(now: 0.0)
        driver.step(now: 0.6)
        driver.update(.ready)
        driver.step(now: 1.0)
        driver.update(.running(litPosts: PostSet([1]), direction: .leftToRight))
        driver.step(now: 2.0)
        driver.update(.running(litPosts: PostSet([1, 2]), direction: .leftToRight))
        driver.step(now: 2.5)
        driver.update(.result(pass: true, since: 5.0))
        driver.step(now: 5.0)
        driver.step(now: 5.13)
        driver.step(now: 5.25)
        driver.update(.ready)
        driver.step(now: 9.0)
        #expect(driver.withOutput { $0.shown } == [
            LEDLevels(posts: .none, status: true),     // calibrating, on phase
            LEDLevels(posts: .none, status: false),    // calibrating, off phase
            LEDLevels(posts: .none, status: true),     // ready
            LEDLevels(posts: PostSet([1]), status: true),
            LEDLevels(posts: PostSet([1, 2]), status: true),
            LEDLevels(posts: .all, status: true),      // PASS blink on
            LEDLevels(posts: .none, status: true),     // PASS blink off
            LEDLevels(posts: .all, status: true),      // PASS blink on
            LEDLevels(posts: .none, status: true),     // re-armed: all posts off
        ])
    }

    @Test func passBlinkWritesEachToggleAtFiftyHertz() {
        let driver = LEDDriver(output: RecordingLEDs(), initialState: .result(pass: true, since: 0), clock: { 0 })
        var now = 0.001
        while now < 4 { driver.step(now: now); now += 0.02 }
        let posts = driver.withOutput { $0.shown.map(\.posts) }
        #expect(posts.count == 24 + 1, "3 s at 4 Hz = 24 pictures, then one steady")
        #expect(posts.last == .all)
    }

    @Test func threadShowsTheStateAndStopTurnsEverythingOff() throws {
        let start = Date()
        let driver = LEDDriver(output: RecordingLEDs(), initialState: .calibrating,
                               clock: { Date().timeIntervalSince(start) })
        driver.start()
        driver.update(.running(litPosts: PostSet([1, 2, 3]), direction: .rightToLeft))
        let wanted = LEDLevels(posts: PostSet([1, 2, 3]), status: true)
        var seen = false
        for _ in 0..<400 where !seen {   // poll for up to ~4 s; no timing asserted
            seen = driver.withOutput { $0.shown.last == wanted }
            if !seen { Thread.sleep(forTimeInterval: 0.01) }
        }
        driver.stop()
        #expect(seen)
        #expect(driver.withOutput { $0.shown.last } == .allOff)
    }

    @Test func theNewestWaitingStateWinsAndAFullQueueDropsWithoutBlocking() {
        let driver = LEDDriver(output: RecordingLEDs(), initialState: .calibrating, clock: { 0 })
        let capacity = LEDDriver<RecordingLEDs>.updateCapacity
        for _ in 0..<(capacity - 1) { driver.update(.fault) }
        driver.update(.ready)
        driver.update(.fault)   // one past the capacity: refused at once, not waited for
        #expect(driver.droppedUpdates == 1)
        driver.step(now: 0)
        #expect(driver.withOutput { $0.shown } == [LEDLevels(posts: .none, status: true)], "ready, the newest kept")
    }

    @Test func stopJoinsTheThreadAndLaterUpdatesAreDropped() {
        let driver = LEDDriver(output: RecordingLEDs(), initialState: .ready, clock: { 0 })
        driver.start()
        driver.start()   // a second start does nothing
        driver.stop()
        #expect(driver.withOutput { $0.shown.last } == .allOff)
        let running = IndicatorState.running(litPosts: PostSet([1, 2, 3]), direction: .leftToRight)
        driver.update(running)
        driver.step(now: 1)
        #expect(driver.droppedUpdates == 1, "the queue is closed once the driver stopped")
        #expect(LEDPatterns.levels(for: running, at: 1) != LEDPatterns.levels(for: .ready, at: 1))
        #expect(driver.withOutput { $0.shown.last } == LEDPatterns.levels(for: .ready, at: 1))
    }

    @Test func terminalStripThroughTheDriver() {
        let lines = Collector<String>()
        let driver = LEDDriver(output: TerminalLEDStrip { lines.append($0) }, initialState: .ready, clock: { 0 })
        driver.step(now: 0)
        driver.update(.invalid(since: 1))
        driver.step(now: 1.1)
        driver.step(now: 1.6)   // the posts alternate: no line, the meaning is the same
        #expect(lines.all == ["posts ○ ○ ○ ○ ○  status ●  ready",
                              "posts ● ○ ● ○ ●  status ●  invalid run (odd and even posts alternate)"])
    }

    /// Issue 12: the simulated board wrote a line on every blink (10 lines a second during a
    /// FAIL). At the driver's 50 Hz, through a result, a fault and clips suspended: one line per
    /// change of meaning.
    @Test func terminalStripWritesChangesOfMeaningNotBlinks() {
        let lines = Collector<String>()
        let driver = LEDDriver(output: TerminalLEDStrip { lines.append($0) }, initialState: .calibrating, clock: { 0 })
        var now = 0.0
        func run(seconds: Double) {
            for _ in 0..<Int(seconds * 50) {
                now += LEDDriver<TerminalLEDStrip>.tickSeconds
                driver.step(now: now)
            }
        }
        run(seconds: 3)                                     // calibrating: the status LED blinks at 1 Hz
        driver.update(.result(pass: false, since: now))
        run(seconds: 5)                                     // FAIL: the chase, 10 steps a second
        driver.update(.fault)
        run(seconds: 3)                                     // fault: 5 Hz
        driver.update(.ready)
        driver.setBackgroundFault(true)
        run(seconds: 3)                                     // clips suspended: the status LED blinks at 5 Hz
        #expect(lines.all.count == 4, "\(lines.all)")
        #expect(lines.all[0].hasSuffix("calibrating (status blinks slowly)"))
        #expect(lines.all[1].hasSuffix("FAIL (one post runs back and forth)"))
        #expect(lines.all[2].hasSuffix("fault (status blinks fast)"))
        #expect(lines.all[3].hasSuffix("ready; clips suspended (status blinks fast)"))
        #expect(driver.writes > 50, "the LEDs themselves still blink: \(driver.writes) writes")
    }
}
