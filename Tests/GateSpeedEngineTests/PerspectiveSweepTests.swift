import Testing
import GateSpeedCore
import GateSpeedEngine
import GateSpeedFrames
import GateSpeedGeometry
import GateSpeedSimulation

/// The true-perspective sweep (`PerspectiveSweep`, `gatespeed bench --sweep N --perspective`):
/// its scenes are replayable, set up as a user would set them up (every post in view, the camera
/// solvable from the marks), its riders take turns on a course the detector could learn first,
/// and a fixed set of quick scenes is timed at least as well as when the sweep was written.
@Suite struct PerspectiveSweepTests {
    // MARK: The generator

    @Test(arguments: [UInt64(0), 1, 7, 499, .max])
    func aSeedGivesTheSameSceneEveryTime(seed: UInt64) {
        let first = PerspectiveSweep.scene(seed: seed), second = PerspectiveSweep.scene(seed: seed)
        #expect(first.description == second.description)
        #expect(first.runs == second.runs)
        #expect(first.scene.bystanders == second.scene.bystanders)
        #expect(first.geometry == second.geometry)
        #expect(first.description.hasPrefix("seed \(seed) (perspective): "))
    }

    @Test func differentSeedsGiveDifferentScenes() {
        #expect(Set((UInt64(1)...200).map { PerspectiveSweep.scene(seed: $0).parameters }).count == 200)
    }

    /// Over 400 seeds: every post and the margin beyond the end posts are in view (the crop keeps
    /// the whole width), the marks solve into a camera, the riders come one after another once
    /// the course could be learnt, and each stays above 11 km/h until they have left the view.
    @Test func everySceneIsOneAUserCouldSetUpAndRide() throws {
        var cropped = 0, weaving = 0, offLine = 0, riders = 0
        var fractions: [Double] = []
        for seed in UInt64(1)...400 {
            let sweep = PerspectiveSweep.scene(seed: seed)
            let scene = sweep.scene
            #expect(sweep.geometry.crop.isValid, "seed \(seed)")
            if sweep.geometry != .identity { cropped += 1 }
            let rows = Double(scene.camera.height) * sweep.geometry.crop.height
            #expect(rows >= 96 - 1e-6, "seed \(seed): a view of \(rows) rows")
            for x in [-3.0] + scene.postPositions + [scene.courseLength + 3] {
                let v = try #require(scene.camera.project(x: x, y: 0, z: 0), "seed \(seed)")
                #expect(v.x > 0.05 && v.x < 0.95, "seed \(seed): x \(x) m at view x \(v.x)")
                let view = sweep.geometry.viewPoint(sensorX: v.x, sensorY: v.y)
                #expect(view.y > 0 && view.y < 1, "seed \(seed): post foot at view y \(view.y)")
            }
            if case .failure(let failure) = GateCourse.solve(Self.survey(sweep), lengthMetres: scene.courseLength,
                                                              frameGeometry: sweep.geometry) {
                Issue.record("seed \(seed): \(failure)")
            }
            #expect(!sweep.runs.isEmpty && sweep.runs.count <= 3)
            var previousLeaves = -Double.infinity
            for run in sweep.runs {
                riders += 1
                #expect(run.entersView >= 1.3, "seed \(seed): a rider in view before the course could be learnt")
                #expect(run.entersView >= previousLeaves + 0.5 - 1e-9, "seed \(seed): riders overlap")
                #expect(run.leavesView <= scene.duration - 0.9, "seed \(seed): the scene ends with a rider in view")
                #expect(run.truth.crossingTimes.count == 5)
                let leaving = run.leavesView - run.rider.startTime
                let speed = (run.rider.motion.distance(at: leaving + 0.01) - run.rider.motion.distance(at: leaving - 0.01)) / 0.02
                #expect(speed * 3.6 >= 10.9, "seed \(seed): \(speed * 3.6) km/h leaving the view")
                previousLeaves = run.leavesView
                if run.traits.contains(.weaving) { weaving += 1 }
                if run.traits.contains(.offLine) { offLine += 1 }
                let middle = scene.courseLength / 2
                if let feet = scene.camera.project(x: middle, y: run.rider.acrossMetres, z: 0),
                   let head = scene.camera.project(x: middle, y: run.rider.acrossMetres, z: run.rider.heightMetres) {
                    fractions.append((feet.y - head.y) / sweep.geometry.crop.height)
                }
            }
        }
        #expect((60...140).contains(cropped), "about a quarter cropped: \(cropped)")
        #expect(Double(weaving) >= 0.1 * Double(riders), "weaving \(weaving) of \(riders)")
        #expect(Double(offLine) >= 0.06 * Double(riders), "off the line \(offLine) of \(riders)")
        #expect((fractions.min() ?? 1) < 0.04 && (fractions.max() ?? 0) > 0.3, "rider sizes \(fractions.min() ?? 0)-\(fractions.max() ?? 0)")
    }

    // MARK: The fixed set through the whole per-frame path

    /// Most work a scene of the fixed set may take, megapixel-frames.
    static let quickBudget = 40.0
    /// The fixed set: the first 12 seeds whose scenes fit `quickBudget`.
    static let quickSeeds: [UInt64] = Array((UInt64(1)...2000).lazy
        .filter { PerspectiveSweep.scene(seed: $0).megapixelFrames <= quickBudget }.prefix(12))

    /// What the user types in for `sweep`: the posts as marked on the view and the camera facts.
    static func survey(_ sweep: PerspectiveSweepScene) -> GateSurvey {
        let camera = sweep.scene.camera
        return GateSurvey(marks: sweep.viewMarks.map { GateSurvey.Mark(baseX: $0.base.x, baseY: $0.base.y, topX: $0.top.x, topY: $0.top.y) },
                          poleHeightMetres: sweep.scene.poleHeightMetres,
                          camera: CameraHints(heightMetres: camera.heightMetres, distanceMetres: camera.distanceMetres,
                                              horizontalFieldOfViewDegrees: camera.horizontalFieldOfViewDegrees),
                          sensorWidth: camera.width, sensorHeight: camera.height)
    }

    /// A perspective scene as the bench judges it: marked posts, the camera facts typed in, the
    /// camera solved, gate-plane timing through the whole per-frame path.
    static func judge(_ sweep: PerspectiveSweepScene) throws -> SweepSceneOutcome {
        let scene = sweep.scene
        var pipeline = try MarkedCourse.solve(survey(sweep), lengthMetres: scene.courseLength, frameGeometry: sweep.geometry)
            .get().pipeline()
        var source = PerspectiveCourseSource(scene: scene)
        let events = SceneRun.drive(&source, pipeline: &pipeline).events
        return SweepSceneOutcome(judging: SceneSweepTests.sweepEvents(events), seed: sweep.seed, runs: sweep.runs,
                                 sceneTraits: sweep.sceneTraits, description: sweep.parameters)
    }

    /// The regression guard, and a record of how far the gate-plane path is from the issue's
    /// targets on scenes it was not tuned on. When the sweep was written (session 21) the vision
    /// timed 13 of the fixed set's 18 runs within 2 %, announced 3 more than 2 % off (65/1 +6.3 %,
    /// 1/2 +2.3 %, 27/2 -2.3 %), threw one out (`inner_start`) and missed one; with lost feet
    /// left out of the depth (`GatePlaneTrack+LostFoot`) and weaves held to what a rider can
    /// turn, 15 of 18 (p99 1.82 %), one announced off (65/1 +6.3 %: a rider 12 px tall at
    /// 320x240, where a pixel of foot height is more than a metre of depth), one `skipped_post`,
    /// one missed. (Session 22 held a cropped view to at least 96 rows: the set and its figures
    /// are unchanged.) The bounds are those with a run of slack; vision work may only raise the floor
    /// and lower the ceilings. (A change to `PerspectiveSweep` changes the set: measure again.)
    @Test func theFixedSetIsTimedAtLeastAsWellAsWhenTheSweepWasWritten() async throws {
        try #require(Self.quickSeeds.count == 12)
        let tally = try await SweepTally.judging(seeds: Self.quickSeeds) { try Self.judge(PerspectiveSweep.scene(seed: $0)) }
        let report = Comment(rawValue: SweepReport.lines(tally, worst: 20).joined(separator: "\n"))
        print("perspective fixed set (seeds \(Self.quickSeeds)):\n\(report.rawValue)")
        #expect(tally.runCount == 18, report)
        #expect(tally.detectedCount >= 14, report)
        #expect(tally.wrongSpeedCount <= 2, report)
        #expect(tally.falseStartCount == 0, report)
    }
}
