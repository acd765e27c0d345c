import Foundation
import GateSpeedConfig
import GateSpeedWeb
import LoopbackHTTPClient
import Testing

/// `PUT /api/course` with the view the marks were made in (`camera.rotation`, `mirror`, `crop`):
/// checked under the config's own keys, saved with the course in one write, applied at once.
@Suite struct CourseViewEditingTests {
    static let original = CourseEditingTests.original
    static let course = #"{"posts": [0.12, 0.3, 0.5, 0.7, 0.88], "length_m": 30}"#

    @Test func aGoodViewIsSavedWithTheCourseAndTakesEffect() throws {
        let web = try PagesUnderTest("view-good")
        try writeFile(web.configPath, Array(Self.original.utf8))
        let body = #"{"course": \#(Self.course), "view": {"rotation": 90, "mirror": true, "crop": {"x": 0, "y": 0.2, "width": 1, "height": 0.6}}}"#
        let response = try web.send("PUT", "/api/course", body: body)
        #expect(response.status == 200, "\(response.text)")
        #expect(try PagesUnderTest.object(response)["saved"] as? Bool == true)
        #expect(web.recorded.applied.load(ordering: .relaxed) == 1)
        func isTheNewView(_ camera: GateSpeedConfig.Camera?) -> Bool {
            guard let camera else { return false }
            return camera.rotation.rawValue == 90 && camera.mirror && camera.crop.x == 0 && camera.crop.y == 0.2
                && camera.crop.width == 1 && camera.crop.height == 0.6
        }
        // The pipeline is prepared from the config with the new view, and the file holds both.
        #expect(isTheNewView(web.recorded.prepared.withLock { $0.last?.camera }))
        let saved = try GateSpeedConfig.load(path: web.configPath)
        #expect(isTheNewView(saved.camera))
        #expect(saved.course.rules.posts == [0.12, 0.3, 0.5, 0.7, 0.88])
        #expect(saved.camera.device == "/dev/video4")
        // GET /api/course now answers the new view.
        let current = try PagesUnderTest.object(try web.get("/api/course"))
        let camera = try #require(current["camera"] as? [String: Any])
        #expect(camera["rotation"] as? Int == 90)
        #expect(camera["mirror"] as? Bool == true)
    }

    @Test func thePlainCourseBodyLeavesTheViewAsItWas() throws {
        let web = try PagesUnderTest("view-plain")
        try writeFile(web.configPath, Array(#"{"camera": {"rotation": 180}, "course": {"length_m": 28}}"#.utf8))
        let response = try web.send("PUT", "/api/course", body: #"{"course": {"length_m": 29}}"#)
        #expect(response.status == 200, "\(response.text)")
        let saved = try GateSpeedConfig.load(path: web.configPath)
        #expect(saved.camera.rotation.rawValue == 180)
        #expect(saved.course.rules.lengthMetres == 29)
    }

    @Test(arguments: [
        (#"{"rotation": 45}"#, "camera.rotation"),
        (#"{"mirror": "yes"}"#, "camera.mirror"),
        (#"{"crop": {"x": 0, "y": 0, "width": 0, "height": 1}}"#, "camera.crop.width"),
        (#"{"crop": {"x": 1.5}}"#, "camera.crop.x"),
        (#"{"crop": {"x": 0.5, "y": 0, "width": 0.8, "height": 1}}"#, "camera.crop"),
        (#"{"device": "/dev/video9"}"#, "camera.device"),
        (#""sideways""#, "view"),
    ])
    func aBadViewGetsTheConfigsMessageAndChangesNothing(view: String, key: String) throws {
        let web = try PagesUnderTest("view-bad")
        try writeFile(web.configPath, Array(Self.original.utf8))
        let body = #"{"course": \#(Self.course), "view": \#(view)}"#
        for path in ["/api/course", "/api/course?check=1"] {
            let response = try web.send("PUT", path, body: body)
            #expect(response.status == 422, "\(path): \(response.text)")
            let object = try PagesUnderTest.object(response)
            let message = try #require(object["error"] as? String)
            #expect(message.hasPrefix("config.json: \(key)"), "\(message)")
            #expect((object["key"] as? String)?.hasPrefix(key) == true, "\(object)")
        }
        let checked = try web.send("POST", "/api/course/check", body: body, token: nil)
        #expect(checked.status == 422, "\(checked.text)")
        let messages = try #require(try PagesUnderTest.object(checked)["messages"] as? [String])
        #expect(messages.first?.hasPrefix("config.json: \(key)") == true, "\(messages)")
        #expect(try String(contentsOfFile: web.configPath, encoding: .utf8) == Self.original)
        #expect(web.recorded.applied.load(ordering: .relaxed) == 0)
    }

    @Test func aStrayKeyBesideCourseAndViewIsRefused() throws {
        let web = try PagesUnderTest("view-stray")
        try writeFile(web.configPath, Array(Self.original.utf8))
        let response = try web.send("PUT", "/api/course", body: #"{"course": {"length_m": 29}, "veiw": {"rotation": 90}}"#)
        #expect(response.status == 422, "\(response.text)")
        #expect(try PagesUnderTest.object(response)["key"] as? String == "veiw")
        #expect(try String(contentsOfFile: web.configPath, encoding: .utf8) == Self.original)
    }

    @Test func checkWithAViewSolvesInThatView() throws {
        let web = try PagesUnderTest("view-check")
        try writeFile(web.configPath, Array(Self.original.utf8))
        let body = #"{"course": \#(Self.course), "view": {"rotation": 180}}"#
        let response = try web.send("POST", "/api/course/check", body: body, token: nil)
        #expect(response.status == 200, "\(response.text)")
        #expect(try String(contentsOfFile: web.configPath, encoding: .utf8) == Self.original)
    }
}
