import Foundation
import Testing
@testable import GateSpeedConfig
import GateSpeedTestSupport

/// `course.posts` as marked objects with the camera's placement: decoded, solved at load time,
/// and refused with the key and the problem when the geometry is wrong.
struct ConfigGeometryTests {
    /// The posts of a 28 m course seen by a 65° camera 29 m away and 2.5 m up, aimed at its
    /// middle (exact projections, as the perspective simulator gives them).
    static let posts = #"[{"base": [0.12251, 0.5], "top": [0.120832, 0.446033]}, {"base": [0.311255, 0.5], "top": [0.310416, 0.446033]}, {"base": [0.5, 0.5], "top": [0.5, 0.446033]}, {"base": [0.688745, 0.5], "top": [0.689584, 0.446033]}, {"base": [0.87749, 0.5], "top": [0.879168, 0.446033]}]"#

    static func config(posts: String = posts, extra: String = #""post_height_m": 1.5, "camera": {"height_m": 2.5, "distance_m": 29, "hfov_deg": 65}"#) -> String {
        #"{"course": {"posts": \#(posts), \#(extra)}}"#
    }

    @Test func markedPostsDecodeAndSolve() throws {
        let config = try GateSpeedConfig.parse(json: Self.config())
        let marks = try #require(config.course.marks)
        #expect(marks.count == 5)
        #expect(config.course.rules.posts == marks.map(\.base.x))
        #expect(config.course.postHeightMetres == 1.5)
        #expect(config.course.camera.distanceMetres == 29)
        let course = try #require(try config.solveGateCourse())
        #expect(abs(course.camera.distanceMetres - 29) < 0.5)
        #expect(abs(course.camera.heightMetres - 2.5) < 0.1)
        #expect(abs(course.postAlong[2] - 14) < 0.2)
    }

    @Test func fractionPostsKeepTheImageRule() throws {
        let config = try GateSpeedConfig.parse(json: #"{"course": {"posts": [0.1, 0.3, 0.5, 0.7, 0.9]}}"#)
        #expect(config.course.marks == nil)
        #expect(try config.solveGateCourse() == nil)
    }

    struct Bad: CustomStringConvertible, Sendable {
        var json: String
        var location: String
        var contains: String
        var description: String { "\(location): \(contains)" }
    }

    static let bad: [Bad] = [
        Bad(json: config(posts: posts.replacingFirst("\"top\": [0.120832, 0.446033]", with: "\"top\": [0.120832, 0.56]")),
            location: "course.posts[0].top", contains: "must be above its base"),
        Bad(json: config(posts: posts.replacingFirst("\"base\": [0.87749, 0.5]", with: "\"base\": [1.07, 0.5]")),
            location: "course.posts[4].base", contains: "outside the view"),
        Bad(json: config(posts: posts.replacingFirst("\"base\": [0.311255, 0.5]", with: "\"base\": [0.1, 0.5]")),
            location: "course.posts[1].base", contains: "must be right of posts[0]"),
        Bad(json: config(posts: posts.replacingFirst("\"base\": [0.5, 0.5]", with: "\"base\": \"middle\"")),
            location: "course.posts[2].base", contains: "must be [x, y]"),
        Bad(json: config(posts: posts.replacingFirst(", \"top\": [0.5, 0.446033]", with: "")),
            location: "course.posts[2].top", contains: "mark every post's top, or none"),
        Bad(json: config(posts: posts.replacingFirst("\"top\": [0.5, 0.446033]", with: "\"tip\": [0.5, 0.446033]")),
            location: "course.posts[2].tip", contains: "unknown key"),
        Bad(json: config(extra: #""post_height_m": 1.5, "camera": {"height_m": 2.5, "distance_m": 12, "hfov_deg": 65}"#),
            location: "course.camera.distance_m", contains: "contradicts"),
        Bad(json: config(extra: #""post_height_m": 1.5, "camera": {"distance_m": -3}"#),
            location: "course.camera.distance_m", contains: "must be between 1 and 200"),
        Bad(json: config(extra: #""post_height_m": 1.5, "camera": {"hfov": 65}"#),
            location: "course.camera.hfov", contains: "did you mean hfov_deg?"),
        Bad(json: config(extra: #""post_height_m": 9"#), location: "course.post_height_m", contains: "must be between 0.2 and 5"),
    ]

    @Test(arguments: bad)
    func badGeometryNamesTheKeyAndTheProblem(_ bad: Bad) {
        do {
            _ = try GateSpeedConfig.parse(json: bad.json)
            Issue.record("accepted: \(bad.json)")
        } catch {
            #expect(error.location == bad.location, "\(error.message)")
            #expect(error.problem.contains(bad.contains), "\(error.message)")
            #expect(error.message.hasPrefix("config.json: "), "\(error.message)")
        }
    }
}

extension String {
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}

extension ConfigGeometryTests {
    /// The example of the README's section 6 loads, solves and names a camera where it stands.
    @Test func theGatesExampleConfigLoadsAndSolves() throws {
        let config = try GateSpeedConfig.load(path: repositoryRoot() + "/Deploy/config.gates.example.json")
        let course = try #require(try config.solveGateCourse())
        #expect(abs(course.camera.distanceMetres - 29) < 1)
        #expect(abs(course.camera.heightMetres - 2.5) < 0.2)
    }
}
