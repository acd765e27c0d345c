import Testing
import GateSpeedSimulation

/// Sweep scenes with a cloud's shadow sweeping over the course, each lost on main 807413d
/// (`gatespeed bench --sweep 1 --seed S`) and timed since the vision takes the shadow's front for
/// light (`LightFronts`, `LocalLight`, `LearningDrift`), through the whole pipeline at their own
/// cadence with jitter and drops:
/// - seed 201 (640x480 60 fps, jitter 2.2 ms): the front comes in ahead of the rider mid-run and
///   was taken for the rider (invalid out_of_order);
/// - seed 28 (640x360 25 fps, drops 3.7 %, jitter 2.4 ms, dusk contrast, a person on the course
///   at calibration): the front sweeps over the course while it is learnt (invalid inner_start);
/// - seed 363 (320x240 30 fps, drops 2 %, jitter 4.8 ms): the front arrives mid-run (missed, and
///   a false start).
@Suite struct CloudSweepSeedTests {
    @Test(arguments: [UInt64(201), 28, 363])
    func aCloudsShadowOverTheCourseIsNotARider(seed: UInt64) throws {
        let outcome = try SceneSweepTests.judge(SceneSweep.scene(seed: seed))
        let verdicts = outcome.runs.map(\.verdict)
        let timed = verdicts.allSatisfy { if case .timed = $0 { true } else { false } }
        #expect(timed, "seed \(seed): \(verdicts)")
        // Seed 28 with the session's other work merged (the tracker's rules, the view track): both
        // runs timed, but at 1.45 s, just after the course is first learnt with the coach still on
        // it, a fragment a third of a person's height moving with the front is taken for a rider
        // and gives an invalid inner_start. Issue 11, still open.
        withKnownIssue("seed 28: a front's fragment taken for a rider just after the first calibration") {
            #expect(outcome.falseStarts.isEmpty, "seed \(seed): false starts \(outcome.falseStarts)")
        } when: { seed == 28 }
    }
}
