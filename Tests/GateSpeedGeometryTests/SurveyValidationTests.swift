import Testing
@testable import GateSpeedGeometry

/// Every refused survey names the config key at fault, in words a coach understands.
@Suite struct SurveyValidationTests {
    typealias Problem = GeometryProblem
    static let course = SyntheticCourse.placed(distance: 29, height: 2.5, fov: 65)
    static let good = course.survey(hints: CameraHints(heightMetres: 2.5, horizontalFieldOfViewDegrees: 65))

    func problems(_ change: (inout CourseSurvey) -> Void) -> [Problem] {
        var survey = Self.good
        change(&survey)
        guard case let .failure(failure) = CourseSolver.solve(survey) else { return [] }
        return failure.problems
    }

    @Test func theUntouchedSurveySolves() {
        guard case .success = CourseSolver.solve(Self.good) else {
            Issue.record("the fixture itself must solve")
            return
        }
    }

    @Test func aTopBelowItsBaseIsNamed() {
        let found = problems {
            $0.posts[1].base.y = 0.57
            $0.posts[1].top?.y = 0.61
        }
        #expect(found == [Problem(key: "posts[1].top", message: "must be above its base (top y 0.61 is below base y 0.57)")])
        let level = problems { let y = $0.posts[3].base.y; $0.posts[3].top?.y = y }
        #expect(level.map(\.key) == ["posts[3].top"])
        #expect(level.first?.message.contains("is level with base y") == true)
    }

    @Test func marksOutsideTheViewAndNonFiniteNumbersAreNamed() {
        #expect(problems { $0.posts[4].base.x = 1.07 } == [Problem(key: "posts[4].base", message: "1.07 is outside the view (0…1)")])
        #expect(problems { $0.posts[0].top?.y = -0.2 } == [Problem(key: "posts[0].top", message: "-0.2 is outside the view (0…1)")])
        #expect(problems { $0.posts[2].base.y = .nan } == [Problem(key: "posts[2].base", message: "y must be a finite number (got nan)")])
        #expect(problems { $0.posts[2].top?.x = .infinity } == [Problem(key: "posts[2].top", message: "x must be a finite number (got inf)")])
    }

    @Test func atLeastTwoPostsInOrderAlongTheCourse() {
        #expect(problems { $0.posts = [$0.posts[0]] } == [Problem(key: "posts", message: "needs at least 2 posts (has 1)")])
        #expect(problems { $0.posts = [] } == [Problem(key: "posts", message: "needs at least 2 posts (has 0)")])
        let swapped = problems { $0.posts.swapAt(1, 2) }
        #expect(swapped == [Problem(key: "posts[2].base",
                                    message: "is not beyond posts[1] along the line of posts (mark the posts in order, post 1 first)")])
        let reversedInner = problems { $0.posts[3] = $0.posts[0] }
        #expect(reversedInner.map(\.key) == ["posts[3].base"])
        let collapsed = problems { $0.posts[4].base = $0.posts[0].base }
        #expect(collapsed.first?.key == "posts[4].base")
        #expect(collapsed.first?.message.contains("same place as posts[0].base") == true)
    }

    @Test func lengthsMustBeSane() {
        #expect(problems { $0.courseLengthMetres = 0 } == [Problem(key: "length_m", message: "0 is outside the sane range 1–500 m")])
        #expect(problems { $0.courseLengthMetres = .infinity } == [Problem(key: "length_m", message: "must be a finite number (got inf)")])
        #expect(problems { $0.poleHeightMetres = 7 } == [Problem(key: "post_height_m", message: "7 is outside the sane range 0.2–5 m")])
        #expect(problems { $0.camera.heightMetres = 45 } == [Problem(key: "camera.height_m", message: "45 is outside the sane range 0.2–30 m")])
        #expect(problems { $0.camera.heightMetres = -1 }.map(\.key) == ["camera.height_m"])
        #expect(problems { $0.camera.distanceMetres = 0.5 } == [Problem(key: "camera.distance_m", message: "0.5 is outside the sane range 1–200 m")])
        #expect(problems { $0.camera.horizontalFieldOfViewDegrees = 10 } == [Problem(key: "camera.hfov_deg", message: "10 is outside the sane range 20–170°")])
        #expect(problems { $0.camera.horizontalFieldOfViewDegrees = .nan } == [Problem(key: "camera.hfov_deg", message: "must be a finite number (got nan)")])
    }

    @Test func markedTopsNeedThePoleHeight() {
        #expect(problems { $0.poleHeightMetres = nil } == [Problem(
            key: "post_height_m",
            message: "is needed because post tops are marked (posts[0].top); give the height of the poles above the ground")])
    }

    @Test func theSensorValuesAreChecked() {
        #expect(problems { $0.sensorAspect = .nan }.map(\.key) == ["sensor.aspect"])
        #expect(problems { $0.sensorWidthPixels = 0 }.map(\.key) == ["sensor.width_px"])
        #expect(problems { $0.markPrecision = -0.001 }.map(\.key) == ["mark_precision"])
    }

    @Test func everyProblemIsReportedAtOnce() {
        let found = problems {
            $0.posts[1].top?.y = 0.99
            $0.posts[4].base.x = 1.07
            $0.courseLengthMetres = -28
            $0.camera.distanceMetres = 1000
        }
        #expect(Set(found.map(\.key)) == ["length_m", "camera.distance_m", "posts[4].base", "posts[1].top"])
    }

    @Test func anUpsideDownSensorsTopsMayAllBeBelowTheirBasesButNotJustSomeOfThem() {
        let flipped = SyntheticCourse.placed(distance: 29, height: 2.5, fov: 65, upsideDown: true)
        let survey = flipped.survey(hints: CameraHints(heightMetres: 2.5, horizontalFieldOfViewDegrees: 65))
        #expect(SurveyValidation.problems(in: survey).isEmpty)
        var odd = survey
        let baseY = odd.posts[2].base.y
        odd.posts[2].top?.y = baseY - 0.05
        #expect(SurveyValidation.problems(in: odd).map(\.key) == ["posts[2].top"])
    }

    /// No input, however absurd, may trap: every garbage survey is refused with problems, or solved.
    @Test func absurdNumbersNeverCrash() {
        var random = TestRandom(seed: 41)
        let wild: [Double] = [.nan, .infinity, -.infinity, 1e308, -1e308, 0, -0.0, Double.leastNonzeroMagnitude, 0.5, 2, -3]
        for _ in 0..<300 {
            func pick() -> Double { random.unit() < 0.5 ? wild[Int(random.next() % UInt64(wild.count))] : random.uniform(-0.2...1.2) }
            let count = Int(random.next() % 7)
            let posts = (0..<count).map { _ in
                PostMark(base: ImagePoint(x: pick(), y: pick()), top: random.unit() < 0.5 ? ImagePoint(x: pick(), y: pick()) : nil)
            }
            let survey = CourseSurvey(posts: posts, poleHeightMetres: random.unit() < 0.7 ? pick() * 3 : nil,
                                      courseLengthMetres: pick() * 50,
                                      camera: CameraHints(heightMetres: random.unit() < 0.5 ? pick() * 5 : nil,
                                                          distanceMetres: random.unit() < 0.5 ? pick() * 50 : nil,
                                                          horizontalFieldOfViewDegrees: random.unit() < 0.5 ? pick() * 100 : nil),
                                      sensorAspect: random.unit() < 0.8 ? 4.0 / 3.0 : pick(),
                                      sensorWidthPixels: random.unit() < 0.8 ? 640 : pick() * 1000,
                                      markPrecision: random.unit() < 0.8 ? 0.0015 : pick() / 100)
            switch CourseSolver.solve(survey) {
            case .success(let g): #expect(g.camera.position.isFinite)
            case .failure(let f): #expect(!f.problems.isEmpty)
            }
        }
    }

    /// Marks that pass every check but fit no real camera are refused or solved, never a trap.
    @Test func randomButValidMarksNeverCrash() {
        var random = TestRandom(seed: 43)
        var reachedTheSolver = 0
        for _ in 0..<60 {
            let xs = (0..<5).map { _ in random.uniform(0.02...0.98) }.sorted()
            let posts = xs.map { x in
                let y = random.uniform(0.2...0.95)
                return PostMark(base: ImagePoint(x: x, y: y), top: ImagePoint(x: x + random.uniform(-0.01...0.01), y: y - random.uniform(0.001...0.2)))
            }
            let survey = CourseSurvey(posts: posts, poleHeightMetres: 1.5, courseLengthMetres: 28,
                                      camera: CameraHints(heightMetres: random.unit() < 0.5 ? random.uniform(0.2...30) : nil,
                                                          horizontalFieldOfViewDegrees: random.uniform(20...170)),
                                      sensorAspect: 4.0 / 3.0, sensorWidthPixels: 640)
            guard SurveyValidation.problems(in: survey).isEmpty else { continue }
            reachedTheSolver += 1
            switch CourseSolver.solve(survey) {
            case .success(let g): #expect(g.camera.position.isFinite && g.rmsResidualPixels.isFinite)
            case .failure(let f): #expect(!f.problems.isEmpty)
            }
        }
        #expect(reachedTheSolver > 30)
    }
}
