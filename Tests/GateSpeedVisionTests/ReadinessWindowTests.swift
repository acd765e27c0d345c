import Testing
@testable import GateSpeedVision

/// The Pickle Sensei readiness bug, pinned: a still scene must become ready at 30 fps with
/// jitter and at 60 fps with drops, after one window and no later than one frame after it.
@Suite struct ReadinessWindowTests {
    struct Cadence: Sendable, CustomTestStringConvertible {
        let fps: Double, jitter: Double, dropEvery: Int
        var testDescription: String { "\(fps) fps, ±\(jitter * 1000) ms, drop every \(dropEvery)" }
    }

    @Test(arguments: [Cadence(fps: 30, jitter: 0.003, dropEvery: 0), Cadence(fps: 60, jitter: 0.002, dropEvery: 7),
                      Cadence(fps: 30, jitter: 0, dropEvery: 0), Cadence(fps: 25, jitter: 0.004, dropEvery: 5)])
    func aStillSceneBecomesReadyAfterOneWindow(_ cadence: Cadence) {
        var window = ReadinessWindow(windowSeconds: 1.0)
        var random: UInt64 = 12345
        var readyAt: Double?
        for frame in 0..<200 {
            if cadence.dropEvery > 0 && frame % cadence.dropEvery == 3 { continue }
            random = random &* 6364136223846793005 &+ 1442695040888963407
            let jitter = (Double(random >> 11) / Double(1 << 53) * 2 - 1) * cadence.jitter
            let t = 5 + Double(frame) / cadence.fps + jitter
            if window.add(time: t, still: true), readyAt == nil { readyAt = t }
        }
        let first = 5 - cadence.jitter
        guard let ready = readyAt else { Issue.record("never ready"); return }
        #expect(ready - first >= 1.0 - 2 * cadence.jitter)
        #expect(ready - first <= 1.0 + 2 / cadence.fps + 2 * cadence.jitter, "ready \(ready - first) s after the first still frame")
    }

    @Test func movementRestartsTheWindow() {
        var window = ReadinessWindow(windowSeconds: 1.0)
        for frame in 0..<25 { window.add(time: Double(frame) / 30, still: true) }
        window.add(time: 25.0 / 30, still: false)
        #expect(!window.isReady)
        var readyAt: Double?
        for frame in 26..<100 {
            let t = Double(frame) / 30
            if window.add(time: t, still: true), readyAt == nil { readyAt = t }
        }
        #expect(abs((readyAt ?? 0) - (26.0 / 30 + 1.0)) < 1e-9)
    }
}
