import GateSpeedCore
import GateSpeedEngine
import GateSpeedGeometry
import GateSpeedEvents

/// What the setup page shows before a course is saved: whether the config's own checks and the
/// geometry solve accept it, in the config's words, and for marked posts the solve's residuals,
/// placement advice and expected accuracy. Nothing is saved or changed.
public struct CourseCheckReport: Sendable, Equatable {
    /// True when the course can be saved as it is.
    public var ok: Bool
    /// The config's messages (`config.json: course.posts[2].top: ...`) when it cannot.
    public var messages: [String] = []
    /// Per post from the left: how far the solved camera puts the marked base (and top) from
    /// where it was marked, sensor pixels. Empty for fraction posts.
    public var residuals: [PostResidual] = []
    public var rmsResidualPixels: Double?
    /// Placement advice and the solve's warnings, one line each.
    public var advice: [String] = []
    /// The expected speed error of gate-plane timing here, percent (95 %).
    public var expectedErrorPercent: Double?
    /// The camera the solve found: height above the ground and distance from the post line, metres.
    public var solvedCameraHeightMetres: Double?
    public var solvedCameraDistanceMetres: Double?

    /// A report of `ok` with `messages` and nothing else (a refusal before any solve).
    public init(ok: Bool, messages: [String] = []) {
        self.ok = ok
        self.messages = messages
    }

    /// `POST /api/course/check`'s answer:
    /// `{"ok", "messages", "residuals": [{"post", "base_px", "top_px"}], "rms_px", "advice",
    ///   "accuracy", "expected_error_percent", "camera": {"height_m", "distance_m"}}`.
    public var json: String {
        func number(_ value: Double?, _ decimals: Int) -> String {
            value.map { JSONObject.number($0, decimals: decimals) } ?? "null"
        }
        func strings(_ items: [String]) -> String { "[" + items.map(JSONObject.quoted).joined(separator: ",") + "]" }
        let residualItems = residuals.enumerated().map { index, residual in
            "{\"post\":\(index + 1),\"base_px\":\(number(residual.basePixels, 2)),\"top_px\":\(number(residual.topPixels, 2))}"
        }
        let accuracy = expectedErrorPercent.map { "±" + JSONObject.number($0, decimals: 1) + " % (95 %)" }
        var text = "{\"ok\":\(ok),\"messages\":\(strings(messages)),\"residuals\":[\(residualItems.joined(separator: ","))]"
        text += ",\"rms_px\":\(number(rmsResidualPixels, 2)),\"advice\":\(strings(advice))"
        text += ",\"accuracy\":" + (accuracy.map(JSONObject.quoted) ?? "null")
        text += ",\"expected_error_percent\":\(number(expectedErrorPercent, 2))"
        text += ",\"camera\":{\"height_m\":\(number(solvedCameraHeightMetres, 2)),\"distance_m\":\(number(solvedCameraDistanceMetres, 2))}}"
        return text
    }
}

extension GateSpeedConfig {
    /// Runs the same checks a start would (the geometry solve, then the timing core's check of
    /// the course) on this config's `course`, and reports them; `source` names the file in messages.
    public func checkCourse(source: String?) -> CourseCheckReport {
        let rules = course.rules
        let gateCourse: GateCourse?
        do { gateCourse = try solveGateCourse(source: source) } catch {
            return CourseCheckReport(ok: false, messages: [error.message])
        }
        var report = CourseCheckReport(ok: true)
        do { _ = try TimingMachine(course: gateCourse?.timingCourse(rules: rules) ?? rules) } catch {
            report.ok = false
            report.messages = [ConfigError(timing: error, source: source).message]
        }
        guard let gateCourse else { return report }
        let solution = gateCourse.solution
        report.residuals = solution.residuals
        report.rmsResidualPixels = solution.rmsResidualPixels
        report.solvedCameraHeightMetres = solution.camera.heightMetres
        report.solvedCameraDistanceMetres = solution.camera.distanceMetres
        let advice = PlacementAdvice(geometry: solution, sensorWidthPixels: Double(camera.width),
                                     sensorHeightPixels: Double(camera.height),
                                     footPrecisionPixels: GateCourse.footPrecisionPixels)
        report.advice = advice.lines() + solution.warnings
        report.expectedErrorPercent = advice.expectedErrorPercent
        return report
    }
}
