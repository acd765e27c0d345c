import Testing
@testable import GateSpeedGeometry

/// Nothing assumes post 1 is on the left: cameras on the far side of the posts and upside-down
/// sensors solve from the same starting guesses.
@Suite struct OrientationTests {
    func check(_ course: SyntheticCourse, hints: CameraHints, tops: Bool = true, seed: UInt64 = 1) -> CourseGeometry? {
        guard case let .success(g) = CourseSolver.solve(course.survey(tops: tops, hints: hints, noise: 0.0015, seed: seed)) else {
            Issue.record("should solve")
            return nil
        }
        #expect((g.camera.position.y < 0) == (course.camera.position.y < 0), "side of the line")
        #expect((g.camera.distanceMetres - course.camera.distanceMetres).magnitude < 3.5 * g.distanceSigmaMetres)
        #expect((g.camera.heightMetres - course.camera.heightMetres).magnitude < 3.5 * g.heightSigmaMetres)
        var roll = g.camera.rollDegrees - course.camera.rollDegrees
        if roll > 180 { roll -= 360 } else if roll < -180 { roll += 360 }
        #expect(roll.magnitude < 1, "roll \(g.camera.rollDegrees), truly \(course.camera.rollDegrees)")
        for i in 1..<4 { #expect((g.postAlong[i] - course.postAlong[i]).magnitude < 3.5 * g.postAlongSigmaMetres[i]) }
        return g
    }

    @Test func aCameraOnTheFarSideSeesPostOneOnTheRight() {
        let course = SyntheticCourse.placed(distance: 25, height: 2.5, fov: 80, pan: 10, farSide: true)
        #expect(course.camera.project(CoursePoint(x: 0, y: 0, z: 0))!.x > 0.5)
        guard let g = check(course, hints: course.exactHints) else { return }
        #expect(g.camera.position.y > 0)
        #expect((g.camera.panDegrees - course.camera.panDegrees).magnitude < 10)
    }

    @Test func anUpsideDownSensorSolves() {
        let course = SyntheticCourse.placed(distance: 22, height: 2, fov: 85, roll: 3, upsideDown: true)
        guard let g = check(course, hints: course.exactHints) else { return }
        #expect(g.camera.rollDegrees.magnitude > 170)
    }

    @Test func anUpsideDownSensorOnTheFarSideSolves() {
        let course = SyntheticCourse.placed(distance: 18, height: 3, fov: 95, pan: -12, roll: -4, farSide: true, upsideDown: true)
        #expect(course.camera.project(CoursePoint(x: 0, y: 0, z: 0))!.x < 0.5, "post 1 back on the left")
        _ = check(course, hints: CameraHints(heightMetres: 3, horizontalFieldOfViewDegrees: 95))
    }

    @Test func withoutTopsTheSideCannotBeToldAndTheSurveyIsRefused() {
        // Rotated about the line of posts, a camera on the other side (nearly upside down) sees the
        // same bases; so does one the same distance to the other side of the course's centre.
        let course = SyntheticCourse.placed(distance: 25, height: 2.5, fov: 75, pan: 15, farSide: true)
        guard case let .failure(f) = CourseSolver.solve(course.survey(tops: false, hints: course.exactHints, noise: 0.0015)) else {
            Issue.record("bases alone cannot tell the placements apart")
            return
        }
        #expect(f.problems.map(\.key) == ["posts"])
        #expect(f.problems.first?.message.hasPrefix("the marks fit ") == true, "\(f)")
        #expect(f.problems.first?.message.hasSuffix("give each post's top and post_height_m to tell them apart") == true)
        #expect(f.problems.first?.message.contains("% apart") == true)
    }
}
