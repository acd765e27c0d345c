import Testing
import GateSpeedSimulation

/// Sweep scenes where main 7b28aab refused a run whose speed it had right, through the whole
/// pipeline at their own cadence with jitter and drops (`gatespeed bench --sweep 1 --seed S`):
/// - seed 269 (640x480 60 fps, drops, a walker on the course): the first run's rider was lost
///   for 1.5 s across post 3 behind a stale region; post 3, credited across the gap 0.19 s late,
///   was fitted with the timed crossings and refused the run as unsteady
///   (`TimingMachine+Steadiness`: a credited post is no measurement of the ride).
@Suite struct PassedUnseenSweepSeedTests {
    @Test(arguments: [UInt64(269)])
    func theFirstRunIsTimed(seed: UInt64) throws {
        let outcome = try SceneSweepTests.judge(SceneSweep.scene(seed: seed))
        let first = try #require(outcome.runs.first?.verdict)
        let timed = if case .timed = first { true } else { false }
        #expect(timed, "seed \(seed) run 1: \(first)")
        #expect(outcome.falseStarts.isEmpty, "seed \(seed): false starts \(outcome.falseStarts)")
    }
}
