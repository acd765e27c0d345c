import Testing
import GateSpeedSimulation

/// The config fragment a user would write for the course parses as JSON with the expected keys.
@Suite struct PerspectiveCourseJSONTests {
    @Test func theDocumentHasTheCourseWithMarksHeightLengthAndCamera() throws {
        var scene = PerspectiveScene(duration: 1)
        scene.poleHeightMetres = 1.2
        scene.camera.heightMetres = 3.25
        scene.camera.distanceMetres = 31.5
        scene.camera.horizontalFieldOfViewDegrees = 70
        let text = scene.courseJSON(markNoisePixels: 1.5, seed: 3, includeHeight: true, includeDistance: true,
                                    includeFieldOfView: true)
        let root = try TinyJSON.parse(text)
        #expect(root.keys == ["course"])
        let course = try #require(root["course"])
        #expect(Set(course.keys) == ["posts", "post_height_m", "length_m", "camera"])
        #expect(course["post_height_m"]?.number == 1.2)
        #expect(course["length_m"]?.number == 28)
        let camera = try #require(course["camera"])
        #expect(camera.keys == ["height_m", "distance_m", "hfov_deg"])
        #expect(camera["height_m"]?.number == 3.25 && camera["distance_m"]?.number == 31.5 && camera["hfov_deg"]?.number == 70)
        let posts = try #require(course["posts"])
        #expect(posts.count == 5)
        let marks = scene.postMarks(markNoisePixels: 1.5, seed: 3)
        for k in 0..<5 {
            let post = try #require(posts[k])
            #expect(Set(post.keys) == ["base", "top"])
            let base = try #require(post["base"]), top = try #require(post["top"])
            #expect(base.count == 2 && top.count == 2)
            // Six decimals: within a millionth of the marks.
            #expect(abs(base[0]!.number! - marks[k].base.x) <= 5e-7 && abs(base[1]!.number! - marks[k].base.y) <= 5e-7)
            #expect(abs(top[0]!.number! - marks[k].top.x) <= 5e-7 && abs(top[1]!.number! - marks[k].top.y) <= 5e-7)
        }
    }

    @Test func onlyTheCameraKeysAskedForAreWritten() throws {
        let scene = PerspectiveScene(duration: 1)
        let some = try TinyJSON.parse(scene.courseJSON(markNoisePixels: 0, seed: 1, includeHeight: false,
                                                       includeDistance: true, includeFieldOfView: false))
        #expect(some["course"]?["camera"]?.keys == ["distance_m"])
        let none = try TinyJSON.parse(scene.courseJSON(markNoisePixels: 0, seed: 1, includeHeight: false,
                                                       includeDistance: false, includeFieldOfView: false))
        #expect(none["course"]?["camera"] == nil)
        #expect(Set(none["course"]!.keys) == ["posts", "post_height_m", "length_m"])
    }

    @Test func theTinyReaderRejectsWhatIsNotJSON() {
        for bad in ["{\"a\": 1,}", "{\"a\": .5}", "[1 2]", "{\"a\": nan}", "{\"a\": 01}", "{} x"] {
            #expect(throws: TinyJSON.Failure.self) { try TinyJSON.parse(bad) }
        }
        #expect((try? TinyJSON.parse("{\"a\": [1e-06, -0.5, 2E+3]}")) != nil)
    }
}
