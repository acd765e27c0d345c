import Foundation
import GateSpeedPlatform
import GateSpeedConfig
import GateSpeedWeb
import LoopbackHTTPClient
import Testing

/// The setup page's read-only course requests: the course in effect, and a check before saving.
@Suite struct CourseInspectionTests {
    /// The marked posts of a 28 m course seen by a 65° camera 29 m away and 2.5 m up.
    static let marked = #"{"posts": [{"base": [0.12251, 0.5], "top": [0.120832, 0.446033]}, {"base": [0.311255, 0.5], "top": [0.310416, 0.446033]}, {"base": [0.5, 0.5], "top": [0.5, 0.446033]}, {"base": [0.688745, 0.5], "top": [0.689584, 0.446033]}, {"base": [0.87749, 0.5], "top": [0.879168, 0.446033]}], "post_height_m": 1.5, "camera": {"height_m": 2.5, "distance_m": 29, "hfov_deg": 65}}"#

    @Test func theCourseInEffectAndTheCamerasView() throws {
        let web = try PagesUnderTest("course-get")
        try writeFile(web.configPath, Array(#"{"camera": {"rotation": 180, "mirror": true}, "course": \#(Self.marked)}"#.utf8))
        let response = try web.get("/api/course")
        #expect(response.status == 200, "\(response.text)")
        let object = try PagesUnderTest.object(response)
        let course = try #require(object["course"] as? [String: Any])
        let posts = try #require(course["posts"] as? [[String: Any]])
        #expect(posts.count == 5)
        #expect((posts[0]["base"] as? [Double]) == [0.12251, 0.5])
        #expect(course["post_height_m"] as? Double == 1.5)
        let camera = try #require(object["camera"] as? [String: Any])
        #expect(camera["rotation"] as? Int == 180)
        #expect(camera["mirror"] as? Bool == true)
        #expect(camera["width"] as? Int == 640)
    }

    @Test func withoutAFileTheDefaultsAreInEffect() throws {
        let web = try PagesUnderTest("course-get-defaults")
        let object = try PagesUnderTest.object(try web.get("/api/course"))
        let course = try #require(object["course"] as? [String: Any])
        #expect(course["posts"] as? [Double] == [0.1, 0.3, 0.5, 0.7, 0.9])
    }

    @Test func aCheckGivesTheSolveWithoutSavingAndNeedsNoToken() throws {
        let web = try PagesUnderTest("course-check-solve")
        try writeFile(web.configPath, Array(#"{"course": {"posts": [0.1, 0.3, 0.5, 0.7, 0.9]}}"#.utf8))
        let response = try web.send("POST", "/api/course/check", body: Self.marked, token: nil)
        #expect(response.status == 200, "\(response.text)")
        let object = try PagesUnderTest.object(response)
        #expect(object["ok"] as? Bool == true)
        #expect((object["residuals"] as? [[String: Any]])?.count == 5)
        #expect((object["advice"] as? [String])?.first?.hasPrefix("placement:") == true)
        #expect((object["accuracy"] as? String)?.hasPrefix("±") == true)
        #expect(try GateSpeedConfig.load(path: web.configPath).course.marks == nil)
        #expect(web.recorded.applied.load(ordering: .relaxed) == 0)
    }

    @Test func aBadCourseGetsTheConfigsMessage() throws {
        let web = try PagesUnderTest("course-check-bad")
        let bad = Self.marked.replacingOccurrences(of: #""distance_m": 29"#, with: #""distance_m": 12"#)
        let response = try web.send("POST", "/api/course/check", body: bad, token: nil)
        #expect(response.status == 422, "\(response.text)")
        let object = try PagesUnderTest.object(response)
        #expect(object["ok"] as? Bool == false)
        let messages = try #require(object["messages"] as? [String])
        #expect(messages.first?.hasPrefix("config.json: course.camera.distance_m") == true, "\(messages)")
    }
}
