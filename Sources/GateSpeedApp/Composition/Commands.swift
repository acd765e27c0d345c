import GateSpeedService
import Synchronization
import GateSpeedPlatform

/// Requests from other threads (the button, the demo's script) to the frame loop: a few
/// atomic counters the loop reads once per frame, so no lock is ever taken on the loop.
final class LoopCommands: Sendable {
    private let rearms = Atomic<Int>(0)
    private let recalibrations = Atomic<Int>(0)
    private let highlights = Atomic<Int>(0)
    private let newSessions = Atomic<Int>(0)

    func requestRearm() { rearms.add(1, ordering: .releasing) }
    func requestRecalibration() { recalibrations.add(1, ordering: .releasing) }
    func requestHighlight() { highlights.add(1, ordering: .releasing) }
    func requestNewSession() { newSessions.add(1, ordering: .releasing) }

    /// Counts so far; the loop compares them with what it has already handled.
    var counts: (rearm: Int, recalibrate: Int, highlight: Int, newSession: Int) {
        (rearms.load(ordering: .acquiring), recalibrations.load(ordering: .acquiring), highlights.load(ordering: .acquiring),
         newSessions.load(ordering: .acquiring) + NewSessionSignal.shared.count)
    }
}
