import Foundation
import GateSpeedPlatform
import GateSpeedConfig
import MicroHTTPServer

/// The setup page's two read-only course requests, beside `PUT /api/course`:
/// - `GET /api/course`: the course in effect (as the config writes it) and the camera's size,
///   rotation, mirror and crop, so the page can draw the posts and map taps to the view;
/// - `POST /api/course/check`: a new course object checked exactly as `PUT` would (spliced into
///   the config file, the config's messages), then the geometry solve's residuals, placement
///   advice and expected accuracy (`CourseCheckReport`). Nothing is saved; no token needed.
struct CourseInspection: Sendable {
    let editing: CourseEditing

    func current() -> HTTPResponse {
        switch config() {
        case .success(let config): return WebRoutes.json(Self.courseJSON(config))
        case .failure(let error): return WebRoutes.json(Self.refusal(error.message), status: 500)
        }
    }

    func check(_ body: [UInt8]) -> HTTPResponse {
        guard let text = String(validating: body, as: UTF8.self) else {
            return WebRoutes.json(Self.refusal("\(editing.source): course: the body is not UTF-8 text"), status: 422)
        }
        let replacement: CourseReplacement
        do throws(ConfigError) {
            replacement = try CourseReplacement(configText: try currentText(), courseJSON: text, source: editing.source)
        } catch {
            return WebRoutes.json(CourseCheckReport(ok: false, messages: [error.message]).json, status: 422)
        }
        let report = replacement.config.checkCourse(source: editing.source)
        return WebRoutes.json(report.json, status: report.ok ? 200 : 422)
    }

    /// The config file's text, nil when there is none (the defaults apply).
    private func currentText() throws(ConfigError) -> String? {
        guard let path = editing.configPath, FileManager.default.fileExists(atPath: path) else { return nil }
        guard let data = FileManager.default.contents(atPath: path), data.count <= GateSpeedConfig.maximumFileBytes,
              let text = String(data: data, encoding: .utf8) else {
            throw ConfigError(source: editing.source, location: "", problem: "cannot be read")
        }
        return text
    }

    private func config() -> Result<GateSpeedConfig, ConfigError> {
        do throws(ConfigError) {
            guard let text = try currentText() else { return .success(GateSpeedConfig()) }
            return .success(try GateSpeedConfig.parse(json: text, source: editing.source))
        } catch {
            return .failure(error)
        }
    }

    private static func refusal(_ message: String) -> String {
        WebJSON.object([("ok", "false"), ("error", WebJSON.quoted(message))])
    }

    /// `{"course": {...as in the config...}, "camera": {"width", "height", "rotation", "mirror", "crop"}}`.
    static func courseJSON(_ config: GateSpeedConfig) -> String {
        func number(_ value: Double?) -> String { value.map { WebJSON.number($0, decimals: 6) } ?? "null" }
        func point(_ p: (x: Double, y: Double)) -> String { "[\(number(p.x)),\(number(p.y))]" }
        let course = config.course
        let posts: [String] = course.marks.map { marks in
            marks.map { mark in WebJSON.object([("base", point(mark.base)), ("top", mark.top.map(point) ?? "null")]) }
        } ?? course.rules.posts.map { number($0) }
        let camera = WebJSON.object([("height_m", number(course.camera.heightMetres)),
                                     ("distance_m", number(course.camera.distanceMetres)),
                                     ("hfov_deg", number(course.camera.horizontalFieldOfViewDegrees))])
        let courseObject = WebJSON.object([("posts", "[" + posts.joined(separator: ",") + "]"),
                                           ("post_height_m", number(course.postHeightMetres)), ("camera", camera),
                                           ("length_m", number(course.rules.lengthMetres)), ("pass_kmh", number(course.rules.passKmh)),
                                           ("timeout_s", number(course.rules.timeoutSeconds))])
        let view = config.camera
        let crop = WebJSON.object([("x", number(view.crop.x)), ("y", number(view.crop.y)),
                                   ("width", number(view.crop.width)), ("height", number(view.crop.height))])
        let cameraObject = WebJSON.object([("width", "\(view.width)"), ("height", "\(view.height)"),
                                           ("rotation", "\(view.rotation.rawValue)"), ("mirror", view.mirror ? "true" : "false"),
                                           ("crop", crop)])
        return WebJSON.object([("course", courseObject), ("camera", cameraObject)])
    }
}
