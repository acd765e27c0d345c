import Testing
import GateSpeedSimulation

/// Sweep scene of seed 505 (640x360 30 fps, drops, a small faint rider 3.2 % of the view's height
/// under a cloud, noise 7.4), through the whole pipeline at its own cadence: just before the
/// finish, with the rider unseen for a quarter of a second, a speck a tenth of the view's height
/// above their feet was taken as them and the finish read from it (−1.17 %). The rider keeps to
/// the band their sightings stood on (`RiderTracker+VerticalBand`): the speck is not them, and
/// the run is timed within 0.5 %.
@Suite struct VerticalBandSweepSeedTests {
    @Test func aSpeckAboveAFaintRiderIsNotTimed() throws {
        let outcome = try SceneSweepTests.judge(SceneSweep.scene(seed: 505))
        let run = outcome.runs[0]
        let timed = if case .timed = run.verdict { true } else { false }
        #expect(timed, "seed 505 run 1: \(run.verdict)")
        #expect(abs(run.errorPercent ?? .infinity) < 0.5, "seed 505 run 1: \(run.verdict)")
        #expect(outcome.falseStarts.isEmpty, "seed 505: false starts \(outcome.falseStarts)")
    }
}
