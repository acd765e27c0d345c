import Testing
@testable import GateSpeedGeometry

/// Which surveys can be timed, and what a refusal says would help.
///
/// Every survey is solved, the camera values it lacks held by weak regularising priors; it is
/// refused only when the variants say a rider 1 m off the post line could not be timed to within
/// 3 % of the course (1 sigma; also with the regularising priors twice as wide), or when bases alone
/// give no heights at all. For a square-on camera
/// the distance and the lens trade against each other without changing the timing, so tops and the
/// camera height are enough; without the height, the tilt the poles' convergence gives is rarely
/// precise enough, and the refusal asks for the height. Bases without tops are refused: two
/// placements fit them (see `Ambiguity`).
@Suite struct DeterminabilityTests {
    static let course = SyntheticCourse.placed(distance: 29, height: 2.5, fov: 65)

    func refusal(_ survey: CourseSurvey) -> GeometryProblem? {
        guard case let .failure(f) = CourseSolver.solve(survey) else { return nil }
        return f.problems.first
    }

    @Test func basesOnlyWithNoHeightsIsRefusedAndSaysWhatWouldHelp() {
        let problem = refusal(Self.course.survey(tops: false, noise: 0.0015))
        #expect(problem?.key == "posts")
        #expect(problem?.message.hasPrefix("the marks cannot pin the geometry down (bases alone give no heights") == true,
                "\(String(describing: problem))")
        #expect(problem?.message.contains("give each post's top and post_height_m") == true)
        #expect(problem?.message.contains("camera.height_m") == true, "tops alone would leave the height to the regulariser")
    }

    @Test func basesAndTheCameraHeightAloneAreNotEnough() {
        // A height, but still no tops: a camera on the other side of the line fits the bases too.
        let problem = refusal(Self.course.survey(tops: false, hints: CameraHints(heightMetres: 2.5), noise: 0.0015))
        #expect(problem?.key == "posts")
        #expect(problem?.message.hasPrefix("the marks fit ") == true, "\(String(describing: problem))")
        #expect(problem?.message.hasSuffix("give each post's top and post_height_m to tell them apart") == true)
    }

    @Test func topsWithoutAnyCameraValueAreRefusedForASquareOnCameraOnlyForTiming() {
        let problem = refusal(Self.course.survey(noise: 0.0015))
        #expect(problem?.key == "posts")
        #expect(problem?.message.hasPrefix("the marks cannot pin the geometry down well enough to time (a rider 1 m off the post line could be timed ") == true,
                "\(String(describing: problem))")
        // The height first: it tightens the timing most (the distance and the lens trade against each other).
        #expect(problem?.message.contains("): give camera.height_m") == true, "\(String(describing: problem))")
        #expect(problem?.message.contains("height (") == true)
    }

    @Test func topsAndTheLensWithoutTheHeightLeaveTheHeightOpen() {
        // A low camera sees the ground at a grazing angle: its height decides the depth of a rider.
        let low = SyntheticCourse.placed(distance: 29, height: 1.5, fov: 65)
        let problem = refusal(low.survey(hints: CameraHints(horizontalFieldOfViewDegrees: 65), noise: 0.0015))
        #expect(problem?.key == "posts")
        #expect(problem?.message.contains("height") == true)
        #expect(problem?.message.hasSuffix("give camera.height_m") == true, "\(String(describing: problem))")
    }

    @Test func preciseTopsAndTheLensAreEnoughWithoutTheHeight() {
        // Marks to a third of a pixel show the poles' convergence well enough to tell the tilt.
        let steep = SyntheticCourse.placed(distance: 18, height: 3, fov: 90)
        guard case let .success(g) = CourseSolver.solve(steep.survey(hints: CameraHints(horizontalFieldOfViewDegrees: 90), noise: 0.3 / 640, seed: 4)) else {
            Issue.record("0.3 px tops and the lens should time a camera 18 m away and 3 m up")
            return
        }
        #expect(g.gateDistanceSigmaMetres < Determinability.timeableFraction * 28)
        #expect((g.camera.heightMetres - 3).magnitude < 3.5 * g.heightSigmaMetres && g.heightSigmaMetres > CameraHints.heightSigmaMetres,
                "height \(g.camera.heightMetres) ± \(g.heightSigmaMetres) from the marks alone")
    }

    @Test func topsAndTheHeightAloneAreEnoughForASquareOnCamera() {
        // Refused before: the distance and the lens stay loose, but together, without changing the timing.
        guard case let .success(g) = CourseSolver.solve(Self.course.survey(hints: CameraHints(heightMetres: 2.5), noise: 0.0015)) else {
            Issue.record("tops and the height must solve")
            return
        }
        #expect(g.distanceSigmaMetres > 3 && g.fieldOfViewSigmaDegrees > 5, "distance ± \(g.distanceSigmaMetres), lens ± \(g.fieldOfViewSigmaDegrees)")
        #expect(g.gateDistanceSigmaMetres < 0.01 * 28, "gate sigma \(g.gateDistanceSigmaMetres) m")
        #expect(g.warnings.contains { $0.hasPrefix("the camera's distance is only loosely pinned") && $0.hasSuffix("though it barely changes the timing") },
                "\(g.warnings)")
        // The variants carry the loose distance, but time alike.
        let distances = g.variants.map(\.camera.distanceMetres)
        #expect((distances.max() ?? 0) - (distances.min() ?? 0) > 5)
    }

    @Test func topsTheHeightAndTheLensOrTheDistanceAreEnough() {
        for hints in [CameraHints(heightMetres: 2.5, horizontalFieldOfViewDegrees: 65), CameraHints(heightMetres: 2.5, distanceMetres: 29)] {
            guard case let .success(g) = CourseSolver.solve(Self.course.survey(hints: hints, noise: 0.0015)) else {
                Issue.record("\(hints) should solve")
                continue
            }
            #expect(g.distanceSigmaMetres < 1.5 && g.heightSigmaMetres < 0.15 && g.fieldOfViewSigmaDegrees < 3)
        }
    }

    @Test func aSteeperCloserCameraNeedsOnlyTopsAndTheHeight() {
        let close = SyntheticCourse.placed(distance: 12, height: 3, fov: 100)
        guard case let .success(g) = CourseSolver.solve(close.survey(hints: CameraHints(heightMetres: 3), noise: 0.0015)) else {
            Issue.record("tops and the height should pin a camera 12 m away and 3 m up")
            return
        }
        #expect((g.camera.distanceMetres - 12).magnitude < 3.5 * g.distanceSigmaMetres, "distance \(g.camera.distanceMetres) ± \(g.distanceSigmaMetres)")
        // Loosely pinned values are warned about, naming what would firm them up.
        if g.distanceSigmaMetres > 0.05 * g.camera.distanceMetres {
            #expect(g.warnings.contains { $0.hasPrefix("the camera's distance is only loosely pinned") && $0.contains("camera.hfov_deg") },
                    "\(g.warnings)")
        }
        #expect(g.gateDistanceSigmaMetres < 0.01 * 28)
    }

    @Test func marksTooCoarseForTheCourseAskForFinerMarks() {
        // Every camera value given, but 4 px marks from a low camera: only finer marks would help.
        let low = SyntheticCourse.placed(distance: 29, height: 1.5, fov: 65)
        let problem = refusal(low.survey(hints: low.exactHints, noise: 4 / 640, seed: 3))
        #expect(problem?.key == "posts")
        #expect(problem?.message.hasPrefix("the marks cannot pin the geometry down well enough to time") == true, "\(String(describing: problem))")
        #expect(problem?.message.contains(": mark the posts more precisely (the marks are good to about ") == true, "\(String(describing: problem))")
    }

    @Test func basesWithEveryCameraValueFitTwoPlacementsAndAreRefused() {
        // With distance, height and lens known, the end posts subtend the same angle from a camera
        // standing as far to the left of the course's centre as to the right: two placements fit the
        // bases exactly, with different inner posts.
        let panned = SyntheticCourse.placed(distance: 29, height: 2.5, fov: 65, pan: 15)
        var random = TestRandom(seed: 8)
        let survey = panned.survey(tops: false, hints: panned.hints(height: true, distance: true, fov: true, random: &random), noise: 0.0015)
        let problem = refusal(survey)
        #expect(problem?.key == "posts")
        #expect(problem?.message.hasPrefix("the marks fit ") == true, "\(String(describing: problem))")
        #expect(problem?.message.contains("each post's top and post_height_m") == true)
        // With the tops marked the same camera solves.
        #expect(refusal(panned.survey(tops: true, hints: survey.camera, noise: 0.0015)) == nil)
    }

    @Test func basesWithEveryCameraValueAreRefusedForACentredSquareOnCamera() {
        // Centred and square-on, the end posts' angle barely changes as the camera slides along the
        // course, and a camera on the other side of the line sees the same bases.
        let problem = refusal(Self.course.survey(tops: false, hints: Self.course.exactHints, noise: 0.0015))
        #expect(problem?.key == "posts")
        #expect(problem?.message.contains("each post's top and post_height_m") == true, "\(String(describing: problem))")
    }
}
