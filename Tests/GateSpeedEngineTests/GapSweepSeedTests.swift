import Testing
import GateSpeedSimulation

/// Sweep scenes whose faint rider is lost for a while mid-course, each `skipped_post` on main
/// d5d41ab (`gatespeed bench --sweep 1 --seed S`) and timed since an inner post passed in a
/// tracking gap is credited to the rider found beyond it going on at the run's pace
/// (`TimingMachine+Gaps`), through the whole pipeline at their own cadence with drops:
/// - seed 232 (640x360 12 fps, drops 2.8 %, noise 6.5, low contrast): the first run's rider is
///   unseen for 1 s across posts 3 and 2 and found again under a new identity;
/// - seed 101 (320x240 50 fps, drops 6.6 %, a small faint rider): the second run's rider is
///   unseen for 1.1 s across post 4 just after the start.
@Suite struct GapSweepSeedTests {
    @Test(arguments: [UInt64(232), 101])
    func aRiderLostAcrossAnInnerPostIsTimed(seed: UInt64) throws {
        let (outcome, tally, report) = try SceneSweepTests.judged(seed: seed)
        #expect(tally.detectedCount == tally.runCount, report)
        #expect((tally.errorPercentile(1) ?? .infinity) <= 0.5, report)
        #expect(outcome.falseStarts.isEmpty, report)
    }
}
