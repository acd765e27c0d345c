import Synchronization
import GateSpeedPlatform

/// Requests from other threads (the button, the demo's script) to the frame loop: a few
/// atomic counters the loop reads once per frame, so no lock is ever taken on the loop.
final class LoopCommands: Sendable {
    private let rearms = Atomic<Int>(0)
    private let recalibrations = Atomic<Int>(0)
    private let highlights = Atomic<Int>(0)
    private let newSessions = Atomic<Int>(0)
    private let walkthroughs = Atomic<Int>(0)
    private let walkthroughSeconds = Atomic<UInt64>(0)

    func requestRearm() { rearms.add(1, ordering: .releasing) }
    func requestRecalibration() { recalibrations.add(1, ordering: .releasing) }
    func requestHighlight() { highlights.add(1, ordering: .releasing) }
    func requestNewSession() { newSessions.add(1, ordering: .releasing) }
    /// The walk-through check for `seconds` (the latest request wins).
    func requestWalkthrough(seconds: Double) {
        walkthroughSeconds.store(seconds.bitPattern, ordering: .relaxed)
        walkthroughs.add(1, ordering: .releasing)
    }

    /// How many walk-through checks were asked for, and the seconds of the latest.
    var walkthrough: (count: Int, seconds: Double) {
        let count = walkthroughs.load(ordering: .acquiring)
        return (count, Double(bitPattern: walkthroughSeconds.load(ordering: .relaxed)))
    }

    /// Counts so far; the loop compares them with what it has already handled.
    var counts: (rearm: Int, recalibrate: Int, highlight: Int, newSession: Int) {
        (rearms.load(ordering: .acquiring), recalibrations.load(ordering: .acquiring), highlights.load(ordering: .acquiring),
         newSessions.load(ordering: .acquiring) + NewSessionSignal.shared.count)
    }
}
