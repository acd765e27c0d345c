import Testing
@testable import GateSpeedGeometry

/// A measured camera value the marks (with the other values) contradict is refused by key.
@Suite struct ContradictionTests {
    static let course = SyntheticCourse.placed(distance: 29, height: 2.5, fov: 65)

    func problems(_ hints: CameraHints, course: SyntheticCourse = course, seed: UInt64 = 1) -> [GeometryProblem] {
        guard case let .failure(f) = CourseSolver.solve(course.survey(hints: hints, noise: 0.0015, seed: seed)) else { return [] }
        return f.problems
    }

    @Test func aDistanceOfTwelveMetresContradictsMarksThatSayTwentyNine() {
        let found = problems(CameraHints(heightMetres: 2.5, distanceMetres: 12, horizontalFieldOfViewDegrees: 65))
        let distance = found.first { $0.key == "camera.distance_m" }
        #expect(distance?.message.hasPrefix("12 contradicts the marked posts with camera.height_m 2.5 and camera.hfov_deg 65, which put the camera 29.") == true,
                "\(found)")
        #expect(distance?.message.contains("± 1.1 m from the line of posts") == true)
        // The lens is the other suspect: marks and a 12 m distance would need a far wider lens.
        #expect(found.map(\.key).contains("camera.hfov_deg"))
        #expect(distance?.message.contains("either this or camera.hfov_deg is wrong") == true)
    }

    @Test func aWrongHeightIsNamed() {
        let close = SyntheticCourse.placed(distance: 12, height: 3, fov: 100)
        let found = problems(CameraHints(heightMetres: 6, horizontalFieldOfViewDegrees: 100), course: close)
        let height = found.first { $0.key == "camera.height_m" }
        #expect(height?.message.hasPrefix("6 contradicts the marked posts with camera.hfov_deg 100, which put the camera 3.") == true, "\(found)")
        #expect(height?.message.contains("above the ground") == true)
    }

    @Test func aWrongLensIsNamed() {
        let found = problems(CameraHints(heightMetres: 2.5, distanceMetres: 29, horizontalFieldOfViewDegrees: 90))
        let lens = found.first { $0.key == "camera.hfov_deg" }
        #expect(lens?.message.hasPrefix("90 contradicts the marked posts with camera.height_m 2.5 and camera.distance_m 29, which give the lens a horizontal field of view of 6") == true,
                "\(found)")
    }

    @Test func valuesWithinTheirToleranceAreNotContradictions() {
        // Each value off by about twice its own sigma (or the 5 % tolerance): still accepted.
        for hints in [CameraHints(heightMetres: 2.7, distanceMetres: 30, horizontalFieldOfViewDegrees: 68),
                      CameraHints(heightMetres: 2.3, distanceMetres: 28, horizontalFieldOfViewDegrees: 62)] {
            #expect(problems(hints).isEmpty, "\(hints)")
        }
    }

    @Test func aValueTheMarksCannotCheckIsNotCalledAContradiction() {
        // Tops and a height leave a square-on camera's distance open (± 12 m or so), so a lens stated
        // 15° wrong shifts the solution rather than contradicting anything the marks know.
        #expect(!problems(CameraHints(heightMetres: 2.5, horizontalFieldOfViewDegrees: 80)).contains { $0.message.contains("contradicts") })
    }
}
