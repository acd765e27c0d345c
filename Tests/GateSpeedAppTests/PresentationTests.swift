import GateSpeedCore
import GateSpeedRecording
import Testing
@testable import GateSpeedApp

/// Issue 13, defect 8: the clip owns its overlay timeline. A run clip shows the result from the
/// finish to its last frame, although the course re-arms (and says "Ready") 0.9 s after the finish.
struct PresentationTests {
    static let postRoll = 3.0

    static func result(at t: Double, speedKmh: Double) -> TimingEvent {
        .result(RunResult(t: t, direction: .leftToRight, elapsedSeconds: 3, speedKmh: speedKmh, pass: speedKmh >= 30,
                          announcement: "", crossingTimes: [t - 3, t - 2, t - 1.5, t - 0.5, t]))
    }

    /// Frame times at 30 fps with 2 ms of jitter and every 17th frame dropped, from `from` to `to`.
    static func frameTimes(from: Double, to: Double) -> [Double] {
        var times: [Double] = [], index = 0
        var t = from
        while t <= to {
            if index % 17 != 16 { times.append(t + (index % 3 == 0 ? 0.002 : -0.001)) }
            index += 1
            t = from + Double(index) / 30
        }
        return times
    }

    @Test func aRunClipShowsTheResultFromTheFinishToItsLastFrame() {
        var presentation = Presentation(course: Course(), postViewX: [0.1, 0.3, 0.5, 0.7, 0.9],
                                        resultHoldSeconds: Self.postRoll + 0.1)
        let finish = 100.0
        presentation.apply(.start(t: finish - 3, post: 1, direction: .leftToRight), now: 0)
        presentation.apply(Self.result(at: finish, speedKmh: 29.96), now: 0)
        var rearmed = false
        for t in Self.frameTimes(from: finish, to: finish + Self.postRoll) {
            if !rearmed && t >= finish + 0.9 {
                presentation.apply(.ready(t: t), now: 0)
                rearmed = true
            }
            presentation.tick(t: t)
            #expect(presentation.overlay.result?.pass == false, "no result on the clip's frame at \(t)")
            #expect(presentation.overlay.result?.shown.text == "29.9")
        }
        #expect(rearmed)
        #expect(presentation.overlay.status == .ready)
        // After the clip's last frame the overlay follows the live state again.
        presentation.tick(t: finish + Self.postRoll + 0.2)
        #expect(presentation.overlay.result == nil)
    }

    @Test func aRelearnClearsTheResultAtOnce() {
        var presentation = Presentation(course: Course(), postViewX: [0.1, 0.3, 0.5, 0.7, 0.9], resultHoldSeconds: 3.1)
        presentation.apply(Self.result(at: 10, speedKmh: 33), now: 0)
        _ = presentation.calibrating()
        presentation.tick(t: 10.5)
        #expect(presentation.overlay.result == nil)
    }
}
