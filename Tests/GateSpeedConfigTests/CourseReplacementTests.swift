import Testing
@testable import GateSpeedConfig

/// `PUT /api/course`'s check: the new course spliced into the file and checked as the file.
@Suite struct CourseReplacementTests {
    static let file = """
    {
      "camera": {"device": "/dev/video2", "width": 800},
      "course": {"posts": [0.1, 0.3, 0.5, 0.7, 0.9], "length_m": 28},
      "log": {"level": "debug"}
    }
    """

    @Test func aGoodCourseReplacesTheOldAndKeepsTheRest() throws {
        let replaced = try CourseReplacement(configText: Self.file,
                                             courseJSON: #"{"posts": [0.15, 0.3, 0.5, 0.7, 0.85], "length_m": 30.5}"#,
                                             source: "config.json")
        #expect(replaced.config.course.rules.posts == [0.15, 0.3, 0.5, 0.7, 0.85])
        #expect(replaced.config.course.rules.lengthMetres == 30.5)
        #expect(replaced.config.camera.device == "/dev/video2")
        #expect(replaced.config.log.level == .debug)
        // The written text reads back as the same config, numbers as written.
        #expect(try GateSpeedConfig.parse(json: replaced.text) == replaced.config)
        #expect(replaced.text.contains("\"length_m\": 30.5"))
        #expect(replaced.text.contains("\"width\": 800"))
    }

    @Test func withoutAFileTheDefaultsGetTheCourse() throws {
        let replaced = try CourseReplacement(configText: nil, courseJSON: #"{"pass_kmh": 25}"#, source: "config.json")
        #expect(replaced.config.course.rules.passKmh == 25)
        #expect(replaced.config.camera == GateSpeedConfig().camera)
    }

    @Test(arguments: [
        (#"{"posts": [0.1, 0.3, 0.28, 0.7, 0.9]}"#, "course.posts[2]"),
        (#"{"length_m": 1e18}"#, "course.length_m"),
        (#"{"lenght_m": 28}"#, "course"),
        (#"[1, 2]"#, "course"),
        (#"{"posts": "#, "course"),
    ])
    func aBadCourseGetsTheConfigsMessage(body: String, location: String) {
        do {
            _ = try CourseReplacement(configText: Self.file, courseJSON: body, source: "config.json")
            Issue.record("accepted \(body)")
        } catch {
            #expect(error.source == "config.json")
            #expect(error.location.hasPrefix(location), "\(error.message)")
        }
    }
}
