import Testing
import GateSpeedCore
import GateSpeedEngine
import GateSpeedFrames
import GateSpeedSimulation

/// The randomised scene sweep of the "vision in the wild" issue: the generator is replayable and
/// spans its ranges, its judging gives each event to the right rider, its figures are computed
/// right, and a fixed set of quick scenes is timed at least as well as the vision does today.
@Suite struct SceneSweepTests {
    // MARK: The fixed set through the whole per-frame path

    /// Most work a scene of the fixed set may take, megapixel-frames (640x480 at 30 fps for 6.5 s,
    /// 320x240 at 30 fps for 26 s).
    static let quickBudget = 60.0
    /// The fixed set: the first 40 seeds whose scenes fit `quickBudget` (small sizes, short scenes).
    static let quickSeeds: [UInt64] = Array((UInt64(1)...2000).lazy
        .filter { SceneSweep.scene(seed: $0).megapixelFrames <= quickBudget }.prefix(40))

    /// One scene through the whole per-frame path (the Engine harness `SceneRun`: image-rule posts,
    /// announcements spoken at once), its events judged by the sweep.
    static func judge(_ sweep: SweepScene) throws -> SweepSceneOutcome {
        SweepSceneOutcome(judging: sweepEvents(try SceneRun(sweep.scene).events), of: sweep)
    }

    /// The events a sweep judges, from the pipeline's (posts left out).
    static func sweepEvents(_ timingEvents: [TimingEvent]) -> [SweepEvent] {
        var events: [SweepEvent] = []
        for event in timingEvents {
            if case .start(let t, _, let direction) = event {
                events.append(.start(t: t, direction: direction == .leftToRight ? .leftToRight : .rightToLeft))
            } else if case .result(let result) = event {
                events.append(.result(speedKmh: result.speedKmh, crossingTimes: result.crossingTimes,
                                      direction: result.direction == .leftToRight ? .leftToRight : .rightToLeft,
                                      uncertaintyKmh: result.uncertaintyKmh))
            } else if case .invalid(let invalid) = event {
                events.append(.invalid(t: invalid.t, reason: invalid.reason.rawValue))
            }
        }
        return events
    }

    /// Scene `seed` judged (`judge`), tallied, and the tally's report for expectations' comments.
    static func judged(seed: UInt64) throws -> (outcome: SweepSceneOutcome, tally: SweepTally, report: Comment) {
        let outcome = try judge(SceneSweep.scene(seed: seed))
        var tally = SweepTally()
        tally.add(outcome)
        return (outcome, tally, Comment(rawValue: SweepReport.lines(tally, worst: 10).joined(separator: "\n")))
    }

    /// The regression guard. The issue's targets are at least 99 % of runs detected and a p99
    /// speed error of at most 0.5 % over at least 500 scenes (`gatespeed bench --sweep 500`); the
    /// vision does not meet them yet. The bounds here are what it achieved on this fixed set when
    /// the sweep was written (30 of 59 runs detected, p99 0.50 %, median 0.09 %, 3 false starts),
    /// with two runs of slack: vision work is expected to raise the floor and lower the ceilings
    /// as it closes on the targets, never the reverse. (A change to `SceneSweep` changes the set:
    /// measure again.) Measured again when the sweep learnt fixed shadows, clouds, bags, coloured
    /// bystanders, swaying shake and settling bumps, with the vision unchanged: 29 of 59 runs,
    /// p99 1.00 % (seed 97: a slow rider at 320x240 through two tree shadows, the camera swaying),
    /// median 0.09 %, 3 false starts; the p99 ceiling moved from 0.75 to 1.25 % for it.
    @Test func theFixedSetIsTimedAtLeastAsWellAsWhenTheSweepWasWritten() async throws {
        try #require(Self.quickSeeds.count == 40)
        let tally = try await SweepTally.judging(seeds: Self.quickSeeds) { try Self.judge(SceneSweep.scene(seed: $0)) }
        let report = Comment(rawValue: SweepReport.lines(tally, worst: 10).joined(separator: "\n"))
        #expect(tally.runCount >= 50, report)
        // Raised with issue 11's rider rules (riders of any size, walkers never the rider):
        // 46 of 59 runs detected; with session 7's work (a camera bumped while it sways or shakes
        // relearnt, `CameraMotionWatch`; the rider's identity kept across short losses, fragments
        // kept off posts' marks, the contrast floor following the light; cloud fronts taken for
        // light; the view track) 53 of 59 and no false start, with two runs of slack; with
        // session 8's acquisition rules (flickers at the posts, restarts on a change of motion)
        // and evidence pooled over blocks of cells (riders below one cell's test), 54 of 59; with
        // inner posts passed in a tracking gap credited (`TimingMachine+Gaps`: seed 101 run 2), 55;
        // with the light field's column gains once a light front is seen (`LocalLightColumns`:
        // seed 60's rider under a cloud, -11.5 % before, now within 0.2 %), 56.
        #expect(tally.detectedCount >= 54, report)
        #expect(tally.detectionRate >= 0.86, report)
        let p99 = try #require(tally.errorPercentile(0.99), report)
        let median = try #require(tally.errorPercentile(0.5), report)
        // Over the detected runs the p99 is the largest error: 1.00 % with the generator's realism
        // draws (shadows, clouds, swaying cameras), 0.81 % before them. Issue 11's goal is 0.5 %.
        // With session 7's view track (the view position fitted robustly over ±0.45 s) 0.79 %,
        // median 0.06 %, although runs lost before are timed now (seed 55, the camera bumped
        // while it sways; seed 41 run 2 under 1.8 px of shake). With the view's shift after a bump
        // measured (`ViewShift`: seed 55's -0.79 % now -0.52 %) 0.71 %, seed 97 (a slow rider at
        // low contrast under a swaying camera) the largest. With session 8's acquisition rules and
        // pooled evidence as well, 0.65 % (median 0.06 %, no false start).
        #expect(p99 <= 0.70, report)
        #expect(median <= 0.10, report)
        // No false start since session 7 (session 10: 54 of 59 runs, p99 0.65 %, median 0.06 %).
        #expect(tally.falseStartCount == 0, report)
        // Every speed carries an honest ±: its 95 % interval holds the truth in about 95 % of the
        // detected runs, since each crossing's sigma
        // comes from the scatter, drops and correlation of the positions around it (`ViewTrack`).
        let coverage = tally.uncertaintyCoverage
        print("fixed set (seeds \(Self.quickSeeds)): \(tally.detectedCount) of \(tally.runCount) runs detected, "
              + "p99 \((p99 * 100).rounded() / 100) %, median \((median * 100).rounded() / 100) %, "
              + "\(tally.falseStartCount) false starts; "
              + "± holds the truth in \(coverage.covered) of \(coverage.total) detected runs")
        // 43 of 47 (91.5 %) before the view track, 46 of 47 with it.
        #expect(Double(coverage.covered) >= 0.95 * Double(coverage.total), report)
    }

    /// Scenes of the sweep whose runs were timed 0.75-1.04 % off, one by one, before the view
    /// position was smoothed robustly (`ViewTrack`): seed 307's third run (+1.04 %: merged with a
    /// standing bystander near a post), seed 429 (+0.93 %: a large slow rider), seed 452
    /// (-0.75 %: a fast rider at 20 fps, the camera swaying). Now every run is within 0.5 %.
    @Test(arguments: [UInt64(307), 429, 452])
    func runsOnceTimedOffByOneFrameAreWithinHalfAPercent(seed: UInt64) throws {
        let (_, tally, report) = try Self.judged(seed: seed)
        #expect(tally.detectedCount == tally.runCount, report)
        #expect((tally.errorPercentile(1) ?? .infinity) <= 0.5, report)
    }

    /// Scene 238 (960x540 at 50 fps with drops, 22 % light drift, a tree's shadow, low-sun shadows,
    /// a 51 km/h rider and a bystander of their size standing by): the evidence pooled over blocks
    /// of cells once fed the tests that say the camera moved, and its first run was lost as
    /// `camera_lost` when the course was relearnt mid-run. Pooled evidence is added only for
    /// finding people, after those tests: both runs are timed within 0.5 %.
    @Test func faintEvidenceNeverSaysTheCameraMoved() throws {
        let (_, tally, report) = try Self.judged(seed: 238)
        #expect(tally.runCount == 2, report)
        #expect(tally.detectedCount == tally.runCount, report)
        #expect((tally.errorPercentile(1) ?? .infinity) <= 0.5, report)
    }

    // MARK: The generator

    /// Everything a scene is made of, for comparing two draws.
    static func fingerprint(_ sweep: SweepScene) -> String {
        let s = sweep.scene
        return "\(sweep.description) \(sweep.runs) \(s.bystanders) \(s.duration) \(s.width) \(s.height) \(s.framesPerSecond) "
            + "\(s.noise) \(s.lightDrift) \(s.lightStep) \(s.lightStepTime) \(s.cameraShake) \(s.bumpPixels) \(s.bumpTime) "
            + "\(s.dropFraction) \(s.timestampJitter) \(s.shadows) \(s.colour) \(s.seed)"
    }

    @Test(arguments: [UInt64(0), 1, 7, 499, 123_456_789, .max])
    func aSeedGivesTheSameSceneEveryTime(seed: UInt64) {
        let first = SceneSweep.scene(seed: seed), second = SceneSweep.scene(seed: seed)
        #expect(first.parameters == second.parameters)
        #expect(first.runs == second.runs)
        #expect(Self.fingerprint(first) == Self.fingerprint(second))
        #expect(first.description.hasPrefix("seed \(seed): "))
    }

    @Test func aReplayedSceneRendersTheSameFrames() {
        let seed = Self.quickSeeds.first ?? 3
        func checksums() -> [UInt64] {
            var source = SimulatedCourseSource(scene: SceneSweep.scene(seed: seed).scene)
            var sums: [UInt64] = []
            for _ in 0..<40 {
                _ = source.nextFrame { frame in
                    var sum = UInt64(frame.sequence) &* 1_000_003 &+ UInt64(frame.timestamp * 1e6)
                    for y in 0..<frame.luma.height {
                        for x in 0..<frame.luma.width { sum = sum &* 31 &+ UInt64(frame.luma.sample(x: x, y: y)) }
                    }
                    sums.append(sum)
                }
            }
            return sums
        }
        #expect(checksums() == checksums())
    }

    @Test func differentSeedsGiveDifferentScenes() {
        let descriptions = Set((UInt64(1)...300).map { SceneSweep.scene(seed: $0).parameters.description })
        #expect(descriptions.count == 300)
    }

    /// Over 2000 seeds every drawn parameter stays in its range and reaches both ends of it.
    @Test func theDrawsSpanTheirRanges() {
        let scenes = (UInt64(1)...2000).map { SceneSweep.scene(seed: $0) }
        let drawn = scenes.map(\.parameters)
        let riders = drawn.flatMap(\.riders)
        let people = drawn.flatMap(\.bystanders)
        func spans(_ values: [Double], _ range: ClosedRange<Double>, within slack: Double, _ what: Comment) {
            #expect(values.allSatisfy { range.contains($0) }, what)
            #expect((values.min() ?? .nan) <= range.lowerBound + slack, what)
            #expect((values.max() ?? .nan) >= range.upperBound - slack, what)
        }
        func share(_ condition: (SweepRiderDraw) -> Bool) -> Double {
            Double(riders.count(where: condition)) / Double(riders.count)
        }

        // Rider: size, speed, acceleration, direction, clothes.
        spans(riders.map(\.heightFraction), 0.03...0.6, within: 0.1, "rider height")
        #expect(riders.contains { $0.heightFraction < 0.035 } && riders.contains { $0.heightFraction > 0.45 })
        #expect(share { (0.04...0.15).contains($0.heightFraction) } >= 0.7, "mostly 4-15 % of the height")
        #expect((0.05...0.2).contains(share { $0.heightFraction > 0.15 }), "some large riders")
        spans(riders.map(\.startSpeedKmh), 12...60, within: 0.5, "speed")
        spans(riders.map(\.acceleration), -1.5...1.5, within: 0.1, "acceleration")
        #expect((0.25...0.45).contains(share { $0.acceleration == 0 }), "about a third ride steadily")
        #expect((0.4...0.6).contains(share { $0.direction == .leftToRight }))
        spans(riders.map { $0.contrast.magnitude }, 6...100, within: 1, "contrast against the ground")
        #expect((0.2...0.4).contains(share { $0.contrast > 0 }), "some riders brighter than the ground")
        #expect((0.1...0.2).contains(share { $0.contrast.magnitude < 20 }), "some low-contrast riders")
        #expect(riders.allSatisfy { $0.groundY - $0.heightFraction >= 0.019 && $0.groundY <= 0.97 }, "head and feet in view")
        // Every run finishes within the 10 s timeout, at 11 km/h or faster.
        let runs = scenes.flatMap(\.runs)
        #expect(runs.allSatisfy { $0.truth.elapsed < 10 })
        #expect(runs.allSatisfy { $0.rider.motion.time(atDistance: 28) - $0.rider.motion.time(atDistance: 27.9) < 0.1 / (11 / 3.6) + 1e-6 })

        // Camera.
        spans(drawn.map(\.framesPerSecond), 10...120, within: 0, "frame rate")
        spans(drawn.map { Double($0.width) }, 320...1280, within: 0, "width")
        #expect(Set(drawn.map { "\($0.width)x\($0.height)" }).isSuperset(of: ["320x240", "640x480", "640x360", "1280x720"]))
        spans(drawn.map(\.dropFraction), 0...0.15, within: 0.005, "drops")
        spans(drawn.map(\.timestampJitter), 0...0.005, within: 0.0002, "jitter")
        spans(drawn.map(\.cameraShake), 0...2, within: 0.05, "shake")
        #expect((0.3...0.4).contains(Double(drawn.count(where: \.colour)) / 2000), "a third in colour")
        let bumps = drawn.filter { $0.bumpTime != nil }
        #expect((0.08...0.17).contains(Double(bumps.count) / 2000), "a bump in one scene in eight")
        #expect(bumps.allSatisfy { (2...8).contains($0.bumpPixels.magnitude) })

        // Light.
        spans(drawn.map(\.contrastScale), 0.4...1.2, within: 0.02, "contrast scale")
        #expect(drawn.contains { (0.45...0.55).contains($0.contrastScale) }, "dusk at half contrast")
        spans(drawn.map(\.noise), 1...8, within: 0.05, "noise")
        spans(drawn.map(\.lightDrift), 0...0.25, within: 0.01, "light drift")
        #expect(drawn.contains(where: \.shadows) && drawn.contains { !$0.shadows })

        // People.
        #expect(Set(drawn.map(\.riders.count)) == [1, 2, 3])
        #expect(Set(drawn.map { $0.bystanders.count { $0.kind != .occupant } }) == [0, 1, 2, 3])
        #expect(Set(people.map(\.kind)) == Set(SweepBystanderDraw.Kind.allCases))
        let walkers = people.filter { $0.kind == .walkerOnCourse || $0.kind == .walkerBehind }
        spans(walkers.map(\.speedMetresPerSecond), 0.5...2, within: 0.05, "walking speed")
        #expect((0.07...0.13).contains(Double(drawn.count { $0.bystanders.contains { $0.kind == .occupant } }) / 2000),
                "a person on the course at calibration in one scene in ten")
        #expect(scenes.allSatisfy { sweep in
            sweep.parameters.bystanders.allSatisfy { $0.kind != .walkerOnCourse || abs($0.heightFraction / sweep.runs[0].rider.heightFraction - 1) <= 0.16 }
        }, "walkers on the course are the rider's size")
    }

    /// Riders enter only once the course can have been learnt, alternate directions and start
    /// 2.5-6 s after the previous finish (later only to let the course clear or be relearnt);
    /// the scene ends half a second after the last rider has left the view.
    @Test func runsAreLaidOutAsTheIssueAsks() {
        var lateStarts = 0, laterRuns = 0
        for seed in UInt64(1)...1000 {
            let sweep = SceneSweep.scene(seed: seed)
            let runs = sweep.runs
            let occupantGone = sweep.parameters.bystanders.first { $0.kind == .occupant }?.leaves ?? 0
            #expect(runs[0].entersView >= occupantGone + 1.5, "\(sweep.description)")
            for (index, run) in runs.enumerated() {
                #expect(run.truth.crossingTimes[0] > run.entersView && run.leavesView > run.truth.crossingTimes[4])
                guard index > 0 else { continue }
                let previous = runs[index - 1]
                laterRuns += 1
                #expect(run.direction != previous.direction, "\(sweep.description)")
                let gap = run.truth.crossingTimes[0] - previous.truth.crossingTimes[4]
                #expect(gap >= 2.5, "\(sweep.description)")
                #expect(run.entersView >= previous.leavesView + 0.9 - 1e-9, "\(sweep.description)")
                if gap > 6 + 1e-9 { lateStarts += 1 }
            }
            if let bump = sweep.parameters.bumpTime {
                #expect(runs.allSatisfy { bump < $0.entersView - 1.5 || bump > $0.leavesView }, "\(sweep.description)")
            }
            for person in sweep.parameters.bystanders where person.kind == .walkerOnCourse || person.kind == .walkerBehind {
                #expect(person.appears >= occupantGone + 1.3, "walkers come once the course is learnt")
            }
            #expect(abs(sweep.scene.duration - ((runs.last?.leavesView ?? 0) + 0.5)) < 1e-9)
        }
        #expect(Double(lateStarts) <= 0.2 * Double(laterRuns), "\(lateStarts) of \(laterRuns) later runs held back")
    }

    // MARK: Judging and figures

    /// A scene of two riders and nobody else, with a second and more between the first rider
    /// leaving and the second entering.
    static func twoRiders() throws -> SweepScene {
        let seed = try #require((UInt64(1)...500).first { seed in
            let s = SceneSweep.scene(seed: seed)
            return s.runs.count == 2 && s.parameters.bystanders.isEmpty
                && s.runs[1].entersView - s.runs[0].leavesView > 2.5
        })
        return SceneSweep.scene(seed: seed)
    }

    @Test func eventsAreGivenToTheRiderWhoseRunTheyAreIn() throws {
        let sweep = try Self.twoRiders()
        let first = sweep.runs[0], second = sweep.runs[1]
        let between = (first.leavesView + second.entersView) / 2
        let events: [SweepEvent] = [
            .ready(t: 1),
            .start(t: first.truth.crossingTimes[0] + 0.01, direction: first.direction),
            .result(speedKmh: first.truth.speedKmh * 1.015, crossingTimes: first.truth.crossingTimes, direction: first.direction),
            // Someone who is no rider: a start and its invalid run, then an invalid run on its own.
            .start(t: between, direction: .leftToRight),
            .invalid(t: between + 0.5, reason: "skipped_post"),
            .invalid(t: between + 0.8, reason: "inner_start"),
            // The second rider is first seen at an inner post.
            .invalid(t: second.truth.crossingTimes[1], reason: "inner_start"),
        ]
        let outcome = SweepSceneOutcome(judging: events, of: sweep)
        #expect(outcome.runs.map(\.verdict) == [.timed(measuredKmh: first.truth.speedKmh * 1.015), .invalid(reason: "inner_start")])
        #expect(outcome.falseStarts.map(\.what) == ["start L>R, then invalid skipped_post", "invalid inner_start"])
        #expect(abs((outcome.runs[0].errorPercent ?? 0) - 1.5) < 1e-9)

        let wrong = SweepSceneOutcome(judging: [
            .start(t: second.truth.crossingTimes[0], direction: second.direction),
            .result(speedKmh: second.truth.speedKmh * 0.97, crossingTimes: second.truth.crossingTimes, direction: second.direction),
        ], of: sweep)
        #expect(wrong.runs.map(\.verdict) == [.missed, .wrongSpeed(measuredKmh: second.truth.speedKmh * 0.97)])
        #expect(wrong.falseStarts.isEmpty)
    }

    /// Each result's ± is kept with its run, and the report says how often it held the truth.
    @Test func theReportSaysHowOftenTheSpeedsUncertaintyHoldsTheTruth() throws {
        let sweep = try Self.twoRiders()
        let first = sweep.runs[0], second = sweep.runs[1]
        let outcome = SweepSceneOutcome(judging: [
            .start(t: first.truth.crossingTimes[0], direction: first.direction),
            .result(speedKmh: first.truth.speedKmh + 0.2, crossingTimes: first.truth.crossingTimes, direction: first.direction,
                    uncertaintyKmh: 0.3),
            .start(t: second.truth.crossingTimes[0], direction: second.direction),
            .result(speedKmh: second.truth.speedKmh - 0.2, crossingTimes: second.truth.crossingTimes, direction: second.direction,
                    uncertaintyKmh: 0.1),
        ], of: sweep)
        #expect(outcome.runs.map(\.uncertaintyKmh) == [0.3, 0.1])
        #expect(outcome.runs.map(\.isCoveredByUncertainty) == [true, false])
        var tally = SweepTally()
        tally.add(outcome)
        #expect(tally.uncertaintyCoverage == (covered: 1, total: 2))
        let line = SweepReport.lines(tally, worst: 0).first { $0.hasPrefix("speed ± (95 %) holds the truth") }
        #expect(line?.hasPrefix("speed ± (95 %) holds the truth in 1 of 2 detected runs (50.0 %)") == true, "\(line ?? "no line")")
    }

    /// A speed announced more than 2 % off is the worst outcome; the report says how many of those
    /// at least said, by their ±, that they could be that far off.
    @Test func theReportSaysWhetherTheWrongSpeedsUncertaintyHeldTheTruth() throws {
        let sweep = try Self.twoRiders()
        let first = sweep.runs[0], second = sweep.runs[1]
        let outcome = SweepSceneOutcome(judging: [
            .start(t: first.truth.crossingTimes[0], direction: first.direction),
            .result(speedKmh: first.truth.speedKmh * 1.05, crossingTimes: first.truth.crossingTimes, direction: first.direction,
                    uncertaintyKmh: first.truth.speedKmh * 0.06),
            .start(t: second.truth.crossingTimes[0], direction: second.direction),
            .result(speedKmh: second.truth.speedKmh * 0.96, crossingTimes: second.truth.crossingTimes, direction: second.direction,
                    uncertaintyKmh: second.truth.speedKmh * 0.01),
        ], of: sweep)
        var tally = SweepTally()
        tally.add(outcome)
        #expect(tally.wrongSpeedCount == 2)
        #expect(tally.wrongSpeedCoverage == (covered: 1, total: 2))
        let line = SweepReport.lines(tally, worst: 0).first { $0.hasPrefix("speed ± (95 %) holds the truth") }
        #expect(line == "speed ± (95 %) holds the truth in 1 of 2 runs announced more than 2 % off", "\(line ?? "no line")")
    }

    @Test func theTallyCountsAndRanksAsTheReportSays() {
        func run(_ seed: UInt64, _ verdict: SweepRunOutcome.Verdict, _ traits: [SweepTrait] = []) -> SweepRunOutcome {
            SweepRunOutcome(seed: seed, index: 0, runCount: 1, truthKmh: 100, verdict: verdict, traits: traits, sceneDescription: "")
        }
        var tally = SweepTally()
        // 100 detected runs, errors 0.01 % ... 1.00 % (alternating sign).
        for i in 1...100 {
            let error = Double(i) / 100 * (i % 2 == 0 ? 1 : -1)
            tally.add(SweepSceneOutcome(seed: UInt64(i), runs: [run(UInt64(i), .timed(measuredKmh: 100 + error))],
                                        falseStarts: [], sceneTraits: []))
        }
        tally.add(SweepSceneOutcome(seed: 200, runs: [run(200, .missed, [.smallRider]), run(201, .wrongSpeed(measuredKmh: 95), [.smallRider]),
                                                      run(202, .invalid(reason: "skipped_post")), run(203, .wrongSpeed(measuredKmh: 103))],
                                    falseStarts: [SweepFalseStart(seed: 200, t: 3, what: "start L>R")], sceneTraits: [.walkerOnCourse]))
        #expect(tally.scenes == 101)
        #expect(tally.runCount == 104 && tally.detectedCount == 100)
        #expect(tally.missedCount == 1 && tally.invalidCount == 1 && tally.wrongSpeedCount == 2)
        #expect(abs(tally.detectionRate - 100 / 104.0) < 1e-12)
        #expect(abs((tally.errorPercentile(0.5) ?? 0) - 0.5) < 1e-9)
        #expect(abs((tally.errorPercentile(0.9) ?? 0) - 0.9) < 1e-9)
        #expect(abs((tally.errorPercentile(0.99) ?? 0) - 0.99) < 1e-9)
        #expect(abs((tally.errorPercentile(1) ?? 0) - 1) < 1e-9)
        #expect(tally.worst(4).map(\.seed) == [200, 202, 201, 203], "missed, invalid, then the larger error")
        #expect(tally.falseStartCount == 1 && tally.falseStartSeeds == [200])
        #expect(tally.failuresByTrait().first == SweepTraitShare(trait: .smallRider, total: 2, failed: 2))
        #expect(tally.falseStartsByTrait() == [SweepTraitShare(trait: .walkerOnCourse, total: 1, failed: 1)])
        // The clearest failures come first: fewest traits, then the worst.
        #expect(tally.clearestFailures(10).map(\.seed) == [202, 203, 200, 201])
        #expect(tally.largestErrors(2).map(\.seed) == [100, 99])
        let lines = SweepReport.lines(tally, worst: 3)
        #expect(lines[0] == "detection: 100 of 104 runs timed within 2 % (96.2 %); 2 timed further off, "
                + "1 invalid (skipped_post 1), 1 missed")
        #expect(lines[1] == "speed error of detected runs: median 0.50 %, p90 0.90 %, p99 0.99 %, max 1.00 %")
        #expect(lines[2] == "false starts: 1 in 1 of 101 scenes (start L>R 1; seeds 200)")
        #expect(lines.contains("  seed 200 run 1/1, 100.0 km/h: missed [small rider] | "))
        #expect(lines.contains("  seed 100 run 1/1, 100.0 km/h: timed +1.00 % [] | "))
        #expect(SweepTally().errorPercentile(0.5) == nil && SweepTally().detectionRate == 0)
    }
}
