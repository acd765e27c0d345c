import Testing
@testable import GateSpeedCore

/// Course validation messages (keys as in the config file) and the speed rule.
@Suite struct CourseTests {
    typealias Problem = ValidationProblem

    @Test func theStandardCourseIsValidAndMatchesTheDefaults() {
        #expect(Course.standard.validationProblems().isEmpty)
        #expect(Course.standard.posts == [0.1, 0.3, 0.5, 0.7, 0.9])
        #expect(Course.standard.lengthMetres == 28)
        #expect(Course.standard.passKmh == 30)
        #expect(Course.standard.timeoutSeconds == 10)
        #expect(TimingSettings().validationProblems(for: .standard).isEmpty)
    }

    @Test(arguments: [
        ([0.1, 0.3, 0.28, 0.7, 0.9], [Problem(key: "posts[2]", message: "0.28 must be greater than posts[1] (0.30)")]),
        ([0.5], [Problem(key: "posts", message: "needs at least 2 posts, found 1")]),
        ([], [Problem(key: "posts", message: "needs at least 2 posts, found 0")]),
        ([0, 0.5, 1], [Problem(key: "posts[0]", message: "0.00 must be greater than 0 and less than 1 (a fraction of the view width)"),
                       Problem(key: "posts[2]", message: "1.00 must be greater than 0 and less than 1 (a fraction of the view width)")]),
        ([0.1, .nan, 0.9], [Problem(key: "posts[1]", message: "must be a finite number (got nan)")]),
        ([0.1, 0.5, 0.5], [Problem(key: "posts[2]", message: "0.50 must be greater than posts[1] (0.50)")]),
        ([0.2, -0.125], [Problem(key: "posts[1]", message: "-0.125 must be greater than 0 and less than 1 (a fraction of the view width)"),
                         Problem(key: "posts[1]", message: "-0.125 must be greater than posts[0] (0.20)")]),
    ] as [([Double], [Problem])])
    func postProblems(posts: [Double], problems: [Problem]) {
        #expect(Course(posts: posts).validationProblems() == problems)
    }

    @Test func numberProblemsNameTheirKeys() {
        let course = Course(lengthMetres: 0, passKmh: .infinity, timeoutSeconds: -5)
        #expect(course.validationProblems() == [
            Problem(key: "length_m", message: "must be greater than 0 (got 0)"),
            Problem(key: "pass_kmh", message: "must be a finite number (got inf)"),
            Problem(key: "timeout_s", message: "must be greater than 0 (got -5)"),
        ])
        #expect(Course(timeoutSeconds: .nan).validationProblems() ==
                [Problem(key: "timeout_s", message: "must be a finite number (got nan)")])
        #expect(Course(lengthMetres: 12.5).validationProblems().isEmpty)
    }

    @Test func settingsProblems() {
        let settings = TimingSettings(clearSeconds: -1, hysteresis: 0.15, bridgeSeconds: .nan, minimumConfidence: 2)
        #expect(settings.validationProblems(for: .standard) == [
            Problem(key: "clear_s", message: "-1 must be a finite number of at least 0"),
            Problem(key: "bridge_s", message: "nan must be a finite number of at least 0"),
            Problem(key: "min_confidence", message: "2 must be inside [0, 1]"),
            Problem(key: "hysteresis", message: "0.15 must be less than half the closest post spacing (0.2)"),
        ])
    }

    @Test func aMachineRefusesABadCourseWithEveryProblem() {
        #expect(throws: ConfigurationError(problems: [
            Problem(key: "posts[1]", message: "0.05 must be greater than posts[0] (0.10)"),
            Problem(key: "length_m", message: "must be greater than 0 (got -28)"),
        ])) {
            _ = try TimingMachine(course: Course(posts: [0.1, 0.05], lengthMetres: -28))
        }
        let error = ConfigurationError(problems: [Problem(key: "length_m", message: "must be greater than 0 (got 0)"),
                                                  Problem(key: "timeout_s", message: "must be greater than 0 (got 0)")])
        #expect(error.description == "length_m: must be greater than 0 (got 0); timeout_s: must be greater than 0 (got 0)")
    }

    @Test(arguments: [(3.36, 30.0), (2.8, 36.0), (5.6, 18.0), (3.3601, 28 / 3.3601 * 3.6)])
    func speedIsLengthOverElapsedInKilometresPerHour(elapsed: Double, kmh: Double) {
        #expect(abs(Course.standard.speedKmh(elapsedSeconds: elapsed) - kmh) < 1e-9)
    }

    @Test func passIsDecidedOnTheUnroundedSpeed() {
        #expect(Course.standard.passes(speedKmh: 30))
        #expect(!Course.standard.passes(speedKmh: 29.999_999))
        #expect(Course.standard.passes(speedKmh: 30.000_001))
    }

    @Test func aRunJustUnderTheThresholdFailsAndSaysSo() throws {
        // 0.8 of the width in 3.3601 s: 29.999 km/h, which rounds to 30.0 but must fail.
        let elapsed = 3.3601
        let speed = 0.8 / elapsed
        var machine = try TimingMachine.armed()
        let events = machine.feed(Tracks.steady([(0, 0.1 - speed * 0.5), (5, 0.1 + speed * 4.5)]))
        let result = try #require(events.compactMap(\.result).first)
        #expect(abs(result.elapsedSeconds - elapsed) < 1e-9)
        #expect(!result.pass)
        #expect(result.announcement == "29.9 kilometres per hour. Fail.")
    }
}
