import Foundation
import GateSpeedPlatform
import GateSpeedConfig
import GateSpeedWeb
import LoopbackHTTPClient
import Testing

/// `PUT /api/course`: checked with the config's messages, saved atomically, applied at once.
@Suite struct CourseEditingTests {
    static let original = """
    {
      "camera": {"device": "/dev/video4"},
      "course": {"posts": [0.1, 0.3, 0.5, 0.7, 0.9], "length_m": 28}
    }
    """

    @Test func aGoodCourseIsSavedAtomicallyAndTakesEffect() throws {
        let web = try PagesUnderTest("course-good")
        try writeFile(web.configPath, Array(Self.original.utf8))
        let before = try FileManager.default.attributesOfItem(atPath: web.configPath)[.systemFileNumber] as? Int
        let response = try web.send("PUT", "/api/course", body: #"{"posts": [0.12, 0.3, 0.5, 0.7, 0.88], "length_m": 30}"#)
        #expect(response.status == 200, "\(response.text)")
        let object = try PagesUnderTest.object(response)
        #expect(object["saved"] as? Bool == true)
        #expect(object["applied"] as? Bool == true)
        #expect(object["advice"] as? [String] == ["posts look fine"])
        #expect(web.recorded.applied.load(ordering: .relaxed) == 1)
        #expect(web.recorded.prepared.withLock { $0.last?.course.rules.posts } == [0.12, 0.3, 0.5, 0.7, 0.88])
        // The file now holds the new course and the rest as it was, replaced by rename (a new inode).
        let saved = try GateSpeedConfig.load(path: web.configPath)
        #expect(saved.course.rules.posts == [0.12, 0.3, 0.5, 0.7, 0.88])
        #expect(saved.course.rules.lengthMetres == 30)
        #expect(saved.camera.device == "/dev/video4")
        let after = try FileManager.default.attributesOfItem(atPath: web.configPath)[.systemFileNumber] as? Int
        #expect(before != after)
        #expect(!FileManager.default.fileExists(atPath: web.configPath + ".tmp"))
    }

    @Test func checkOnlyNeitherSavesNorApplies() throws {
        let web = try PagesUnderTest("course-check")
        try writeFile(web.configPath, Array(Self.original.utf8))
        let response = try web.send("PUT", "/api/course?check=1", body: #"{"length_m": 40}"#)
        #expect(response.status == 200)
        #expect(try PagesUnderTest.object(response)["saved"] as? Bool == false)
        #expect(web.recorded.applied.load(ordering: .relaxed) == 0)
        #expect(try String(contentsOfFile: web.configPath, encoding: .utf8) == Self.original)
    }

    @Test(arguments: [
        (#"{"posts": [0.1, 0.3, 0.28, 0.7, 0.9]}"#, "course.posts[2]"),
        (#"{"length_m": 1e18}"#, "course.length_m"),
        (#"{"pass_kmh": "fast"}"#, "course.pass_kmh"),
        (#"{"lenght_m": 28}"#, "course"),
        (#"{"posts": ["#, "course"),
        (#""a string""#, "course"),
    ])
    func aBadCourseGetsTheConfigsMessageAndChangesNothing(body: String, key: String) throws {
        let web = try PagesUnderTest("course-bad")
        try writeFile(web.configPath, Array(Self.original.utf8))
        let response = try web.send("PUT", "/api/course", body: body)
        #expect(response.status == 422, "\(response.text)")
        let object = try PagesUnderTest.object(response)
        let message = try #require(object["error"] as? String)
        #expect(message.hasPrefix("config.json: \(key)"), "\(message)")
        #expect((object["key"] as? String)?.hasPrefix(key) == true, "\(object)")
        #expect(try String(contentsOfFile: web.configPath, encoding: .utf8) == Self.original)
        #expect(web.recorded.applied.load(ordering: .relaxed) == 0)
    }

    @Test func aRefusalOfThePreparationIsPassedOn() throws {
        let web = try PagesUnderTest("course-refused") { setup in
            setup.course = CourseEditing(configPath: nil, source: "config.json") { _ in
                .failure(CourseRefusal(message: "config.json: course.posts: the geometry cannot be solved", key: "course.posts"))
            }
        }
        let response = try web.send("PUT", "/api/course", body: #"{"length_m": 30}"#)
        #expect(response.status == 422)
        #expect(try PagesUnderTest.object(response)["key"] as? String == "course.posts")
    }
}
