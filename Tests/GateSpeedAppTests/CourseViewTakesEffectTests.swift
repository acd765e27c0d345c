import GateSpeedPlatform
import GateSpeedConfig
import Testing
@testable import GateSpeedApp

/// A view saved on the setup page (`PUT /api/course` with `view`) is in effect through the
/// pipeline the pages hand to the loop: the engine's frame geometry and the live view's posts
/// both follow it; the capture size stays, so the camera is not reopened.
struct CourseViewTakesEffectTests {
    static let file = #"{"camera": {"width": 640, "height": 480}, "course": {"posts": [0.1, 0.3, 0.5, 0.7, 0.9]}}"#
    static let log = Log(level: .error, write: { _ in })

    @Test func theEngineAndTheLiveViewFollowTheNewView() throws {
        let before = try GateSpeedConfig.parse(json: Self.file, source: "config.json")
        let body = #"{"course": {"posts": [0.1, 0.3, 0.5, 0.7, 0.9]}, "view": {"rotation": 90, "mirror": true, "crop": {"x": 0, "y": 0.25, "width": 1, "height": 0.5}}}"#
        let after = try CourseReplacement(configText: Self.file, courseJSON: body, source: "config.json").config
        #expect(after.camera.width == before.camera.width && after.camera.height == before.camera.height)

        let oldPipeline = try Assembly.pipeline(before, source: "config.json", log: Self.log)
        let newPipeline = try Assembly.pipeline(after, source: "config.json", log: Self.log)
        #expect(oldPipeline.detector.geometry == before.camera.geometry)
        #expect(newPipeline.detector.geometry == after.camera.geometry)
        #expect(newPipeline.detector.geometry != oldPipeline.detector.geometry)

        // Post 1 at view x 0.1: unrotated it is a vertical line at sensor x 0.1; turned a
        // quarter and cropped, it lies across the sensor.
        let oldPost = try #require(Assembly.livePosts(before).segments.first)
        let newPost = try #require(Assembly.livePosts(after).segments.first)
        #expect(abs(oldPost.x0 - 0.1) < 1e-9 && abs(oldPost.x1 - 0.1) < 1e-9)
        #expect(abs(newPost.y0 - newPost.y1) < 1e-9, "\(newPost)")
        #expect(abs(newPost.x0 - newPost.x1) > 0.4, "\(newPost)")
    }
}
