import Testing
import GateSpeedSimulation

/// Sweep scene of seed 902 (320x240 120 fps colour, a small rider passing someone standing on the
/// course by post 4), through the whole pipeline at its own cadence: the rider's velocity,
/// drifted to a third of their pace inside the region they shared, put their track nearer the
/// person standing when the two came apart; it took them, the rider went on as someone new and
/// the run ended `out_of_order`. Looked for on their own ride (`RiderTracker+RideExpected`), the
/// rider keeps their identity and the run is timed.
@Suite struct RideExpectedSweepSeedTests {
    @Test func aRiderPassingSomeoneStandingIsTimed() throws {
        let outcome = try SceneSweepTests.judge(SceneSweep.scene(seed: 902))
        let verdict = outcome.runs[0].verdict
        let timed = if case .timed = verdict { true } else { false }
        #expect(timed, "seed 902 run 1: \(verdict)")
        #expect(outcome.falseStarts.isEmpty, "seed 902: false starts \(outcome.falseStarts)")
    }
}
