import Testing
import GateSpeedSimulation

/// Sweep scenes of seeds 501-1000, never tuned on, where main 3b35552 said a wrong speed or
/// started a run nobody rode (`gatespeed bench --sweep 1 --seed S`), through the whole pipeline at
/// their own cadence with jitter and drops:
/// - seed 882 (640x360 30 fps, light drift 22 %): a fragment of someone walking off the view's
///   edge jumped onto a post's mark standing in the foreground and started a run (false start);
/// - seed 565 (640x360 30 fps, a small faint rider): the second run's rider, only just found,
///   jumped onto the same kind of mark at post 5, and the start was timed 49 ms early (−2.3 %);
/// - seed 515 (640x480 12 fps, drops, a large rider among walkers the rider's size): the third
///   run was followed on other people from post 3 on, its last two posts 0.1 s late (−2.9 %):
///   refused as unsteady now, never announced.
@Suite struct UnseenSweepSeedTests {
    /// Seed 53 (320x240, slivers of a shadow's edge and a walker by post 1): a first form of the
    /// rule, which also kept newcomers off places of things standing but not seen this frame,
    /// started a run there (false start).
    @Test(arguments: [UInt64(882), 53])
    func aNewcomerOnAPostsMarkStartsNoRun(seed: UInt64) throws {
        let outcome = try SceneSweepTests.judge(SceneSweep.scene(seed: seed))
        #expect(outcome.falseStarts.isEmpty, "seed \(seed): false starts \(outcome.falseStarts)")
    }

    @Test(arguments: [UInt64(565), 515])
    func noWrongSpeedIsAnnounced(seed: UInt64) throws {
        let outcome = try SceneSweepTests.judge(SceneSweep.scene(seed: seed))
        for (index, verdict) in outcome.runs.map(\.verdict).enumerated() {
            let wrong = if case .wrongSpeed = verdict { true } else { false }
            #expect(!wrong, "seed \(seed) run \(index + 1): \(verdict)")
        }
        #expect(outcome.falseStarts.isEmpty, "seed \(seed): false starts \(outcome.falseStarts)")
    }

    @Test func theSecondRunOfSeed565IsTimed() throws {
        let outcome = try SceneSweepTests.judge(SceneSweep.scene(seed: 565))
        let verdicts = outcome.runs.map(\.verdict)
        let timed = verdicts.allSatisfy { if case .timed = $0 { true } else { false } }
        #expect(timed, "seed 565: \(verdicts)")
    }

    /// Seed 764 run 2: a walker's track slid onto the rider's part of a region they shared while
    /// the rider's own track held the walker's part; forgotten as the rider's twin, the rider was
    /// lost (`skipped_post`). Twins are forgotten only when both surely ride (`RiderTracker+Twin`):
    /// timed.
    @Test func theRiderIsNotLostToAWalkersTrack() throws {
        let outcome = try SceneSweepTests.judge(SceneSweep.scene(seed: 764))
        let verdict = outcome.runs[1].verdict
        let timed = if case .timed = verdict { true } else { false }
        #expect(timed, "seed 764 run 2: \(verdict)")
        #expect(outcome.falseStarts.isEmpty, "seed 764: false starts \(outcome.falseStarts)")
    }
}
