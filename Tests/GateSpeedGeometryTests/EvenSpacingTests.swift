import Testing
@testable import GateSpeedGeometry

/// The inner posts are held near their evenly taped places, which pins where along the course a
/// far, square-on camera stands; a course laid out unevenly shows up as warnings naming the posts.
@Suite struct EvenSpacingTests {
    /// The measured problem: 28 m, 5 posts, camera 29 m away, 2.5 m up, 65°, square-on, 0.7 px
    /// marks and all three camera facts. Without the prior the camera slid to x = 17.4 m.
    @Test func aSquareOnCameraNoLongerSlidesAlongTheCourse() {
        let course = SyntheticCourse.placed(distance: 29, height: 2.5, fov: 65)
        var worstCamera = 0.0, postSquares = 0.0, posts = 0
        for seed in UInt64(1)...20 {
            guard case let .success(g) = CourseSolver.solve(course.survey(hints: course.exactHints, noise: 0.7 / 640, seed: seed)) else {
                Issue.record("seed \(seed) must solve")
                continue
            }
            worstCamera = max(worstCamera, (g.camera.position.x - 14).magnitude)
            for i in 1..<4 {
                postSquares += (g.postAlong[i] - 7 * Double(i)) * (g.postAlong[i] - 7 * Double(i))
                posts += 1
            }
            #expect(!g.warnings.contains { $0.contains("even spacing") }, "seed \(seed): \(g.warnings)")
        }
        #expect(worstCamera < 2, "camera up to \(worstCamera) m along the course from the truth")
        let rms = (postSquares / Double(max(1, posts))).squareRoot()
        #expect(rms < 0.12, "inner posts rms \(rms) m from 7, 14, 21 m")
    }

    @Test func anUnevenCourseIsNamedPostByPost() {
        let course = SyntheticCourse.placed(distance: 20, height: 2.5, fov: 85, pan: 5, postAlong: [0, 5.5, 14.8, 20, 28])
        guard case let .success(g) = CourseSolver.solve(course.survey(hints: course.exactHints, noise: 0.0015, seed: 11)) else {
            Issue.record("an uneven course is still timed")
            return
        }
        let named = g.warnings.filter { $0.contains("from where even spacing puts it") }
        #expect(named.contains { $0.hasPrefix("posts[1]: the marks put it at 5.") }, "\(g.warnings)")
        #expect(named.contains { $0.hasPrefix("posts[2]: the marks put it at 15.") }, "\(g.warnings)")
        #expect(named.allSatisfy { $0.hasSuffix("check that mark, or the spacing of the posts") })
        // The prior pulls the posts toward even spacing, but the marks still move them most of the way.
        for i in 1..<4 { #expect((g.postAlong[i] - course.postAlong[i]).magnitude < 0.6, "post \(i): \(g.postAlong[i])") }
    }

    @Test func theResidualIsInSigmasOfTheTapedPlace() {
        #expect(EvenSpacingPrior.expectedAlong(index: 3, count: 5, length: 28) == 21)
        #expect(EvenSpacingPrior.residual(along: 21.5, index: 3, count: 5, length: 28) == 2)
        #expect(EvenSpacingPrior.warnings(postAlong: [0, 7.7, 14, 21.8, 28], length: 28).map { $0.prefix(9) } == ["posts[3]:"])
        #expect(EvenSpacingPrior.warnings(postAlong: [0, 28], length: 28).isEmpty)
    }
}
