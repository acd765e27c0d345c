import Testing
@testable import GateSpeedGeometry

/// Which measurements pin the geometry down, and what the refusal says would help.
///
/// Bases alone fix only the end posts' image positions (inner bases just place their own posts), so
/// they need every camera value; tops of known height pin a plane-to-image mapping, but a camera
/// nearly square-on to the posts leaves its height and its focal length against distance loose, so
/// a typical setup needs tops, the camera height and one of the lens or the distance. Bases without
/// tops are always refused: two placements fit them (see `Ambiguity`).
@Suite struct DeterminabilityTests {
    static let course = SyntheticCourse.placed(distance: 29, height: 2.5, fov: 65)

    func refusal(_ survey: CourseSurvey) -> GeometryProblem? {
        guard case let .failure(f) = CourseSolver.solve(survey) else { return nil }
        return f.problems.first
    }

    @Test func basesOnlyWithNoHeightsIsRefusedAndSaysWhatWouldHelp() {
        let problem = refusal(Self.course.survey(tops: false, noise: 0.0015))
        #expect(problem?.key == "posts")
        #expect(problem?.message.hasPrefix("the marks cannot pin the geometry down") == true, "\(String(describing: problem))")
        #expect(problem?.message.contains("each post's top and post_height_m") == true)
        #expect(problem?.message.contains("camera.height_m") == true)
    }

    @Test func basesAndTheCameraHeightAloneAreNotEnough() {
        let problem = refusal(Self.course.survey(tops: false, hints: CameraHints(heightMetres: 2.5), noise: 0.0015))
        #expect(problem?.key == "posts")
        #expect(problem?.message.contains("cannot pin the geometry down") == true)
    }

    @Test func topsWithoutAnyCameraValueAreRefusedForASquareOnCamera() {
        let problem = refusal(Self.course.survey(noise: 0.0015))
        #expect(problem?.key == "posts")
        #expect(problem?.message.contains("camera.height_m") == true, "\(String(describing: problem))")
    }

    @Test func topsAndTheLensWithoutTheHeightLeaveTheHeightOpen() {
        let problem = refusal(Self.course.survey(hints: CameraHints(horizontalFieldOfViewDegrees: 65), noise: 0.0015))
        #expect(problem?.key == "posts")
        #expect(problem?.message.contains("height") == true)
        #expect(problem?.message.hasSuffix("give camera.height_m") == true, "\(String(describing: problem))")
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
        #expect((g.camera.distanceMetres - 12).magnitude < 3.5 * g.distanceSigmaMetres)
        // Loosely pinned values are warned about, naming what would firm them up.
        #expect(g.warnings.contains { $0.hasPrefix("the camera's distance is only loosely pinned") && $0.contains("camera.hfov_deg") })
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
        // course, so bases cannot say where along it the camera stands.
        let problem = refusal(Self.course.survey(tops: false, hints: Self.course.exactHints, noise: 0.0015))
        #expect(problem?.key == "posts")
        #expect(problem?.message.contains("each post's top and post_height_m") == true, "\(String(describing: problem))")
    }
}
