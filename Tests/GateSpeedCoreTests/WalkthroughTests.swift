import Testing
@testable import GateSpeedCore

/// The walk-through check: while its window is open every post crossing is collected, whatever
/// the run rules make of it (here a slow walk that could never be a run), and none after.
@Suite struct WalkthroughTests {
    /// Someone walking the line left to right at 1 view width in 20 s, 30 fps with jitter and drops.
    static func walk(from start: Double) -> [RiderSample] {
        var rng = SplitMix64(seed: 14)
        let times = Tracks.frameTimes(from: start, to: start + 21, fps: 30, jitter: 0.003, dropRate: 0.05, rng: &rng)
        return Tracks.samples(at: times, position: Tracks.path([(start, 0.0), (start + 20, 1.0)]))
    }

    @Test func everyPostIsReportedOnceWhileTheWindowIsOpen() throws {
        var machine = try TimingMachine(course: Course())
        machine.arm(t: 0, emit: { _ in })
        machine.startWalkthrough(until: 30)
        var seen: [Crossing] = []
        var events: [TimingEvent] = []
        for sample in Self.walk(from: 1) {
            machine.observe(sample) { events.append($0) }
            machine.takeWalkthroughCrossings { seen.append($0) }
        }
        #expect(seen.map(\.post) == [1, 2, 3, 4, 5])
        #expect(seen.allSatisfy { $0.direction == .leftToRight })
        // Post 3 (x = 0.5) is passed at about 11 s.
        #expect(abs(seen[2].t - 11) < 0.1)
        // The run rules went their own way: a walk this slow is no valid run.
        #expect(!events.contains { if case .result = $0 { true } else { false } })
    }

    @Test func nothingIsReportedOutsideTheWindow() throws {
        var machine = try TimingMachine(course: Course())
        var seen: [Crossing] = []
        for sample in Self.walk(from: 1) {
            machine.observe(sample) { _ in }
            machine.takeWalkthroughCrossings { seen.append($0) }
        }
        #expect(seen.isEmpty, "never opened")

        machine = try TimingMachine(course: Course())
        machine.startWalkthrough(until: 8)   // closes between post 2 (5 s) and post 3 (11 s)
        for sample in Self.walk(from: 1) {
            machine.observe(sample) { _ in }
            machine.takeWalkthroughCrossings { seen.append($0) }
        }
        #expect(seen.map(\.post) == [1, 2])
        #expect(!machine.walkthroughIsOpen(at: 9))
    }
}
