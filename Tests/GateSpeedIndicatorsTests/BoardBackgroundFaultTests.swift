import GateSpeedBoard
import GateSpeedPlatform
import GateSpeedIndicators
import Testing

/// Disk full stops clips, never timing: the status LED blinks fast while the posts keep
/// showing the run, and goes steady again once space is back.
@Suite struct BoardBackgroundFaultTests {
    @Test func theStatusLEDBlinksFastWhileThePostsGoOn() {
        let driver = LEDDriver(output: RecordingLEDs(), initialState: .running(litPosts: PostSet([1, 2]), direction: .leftToRight),
                               clock: { 0 })
        driver.setBackgroundFault(true)
        for tick in 0..<50 { driver.step(now: Double(tick) * 0.02) }
        let shown = driver.withOutput { $0.shown }
        #expect(shown.allSatisfy { $0.posts == PostSet([1, 2]) })
        let toggles = zip(shown, shown.dropFirst()).filter { $0.status != $1.status }.count
        #expect(toggles >= 8, "5 Hz for a second: about 10 changes, saw \(toggles)")
        driver.setBackgroundFault(false)
        driver.step(now: 1.0)
        driver.step(now: 1.1)
        #expect(driver.withOutput { $0.shown.last?.status } == true)
    }
}
