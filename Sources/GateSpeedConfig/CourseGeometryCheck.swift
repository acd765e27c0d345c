import GateSpeedCore
import GateSpeedEngine
import GateSpeedGeometry

extension GateSpeedConfig {
    /// The marked posts and camera facts of `course`, for gate-plane timing; nil with plain
    /// fraction posts (the image rule).
    public var gateSurvey: GateSurvey? {
        guard let marks = course.marks else { return nil }
        // camera.width x height is the sensor's size, before rotation, as the camera delivers it.
        return GateSurvey(
            marks: marks.map { GateSurvey.Mark(baseX: $0.base.x, baseY: $0.base.y, topX: $0.top?.x, topY: $0.top?.y) },
            poleHeightMetres: course.postHeightMetres,
            camera: CameraHints(heightMetres: course.camera.heightMetres, distanceMetres: course.camera.distanceMetres,
                                horizontalFieldOfViewDegrees: course.camera.horizontalFieldOfViewDegrees),
            sensorWidth: camera.width, sensorHeight: camera.height)
    }

    /// Solves the course geometry when posts are marked; nil for fraction posts. A geometry the
    /// marks cannot pin down, or that contradicts itself, is a config error naming the key
    /// (`course.posts[2].top`, `course.camera.distance_m`, …).
    public func solveGateCourse(source: String? = nil) throws(ConfigError) -> GateCourse? {
        guard let survey = gateSurvey else { return nil }
        switch GateCourse.solve(survey, lengthMetres: course.rules.lengthMetres, frameGeometry: camera.geometry) {
        case .success(let course):
            return course
        case .failure(let failure):
            let problem = failure.problems.first ?? GeometryProblem(key: "posts", message: "the geometry cannot be solved")
            var message = problem.message
            if failure.problems.count > 1 {
                message += " (and \(failure.problems.count - 1) more: "
                    + failure.problems.dropFirst().map { "course.\($0.key): \($0.message)" }.joined(separator: "; ") + ")"
            }
            throw ConfigError(source: source, location: "course.\(problem.key)", problem: message)
        }
    }
}

extension ConfigError {
    /// The timing core's refusal of a course, in the config's words: its keys (`length_m`,
    /// `posts[2]`) under `course.`, and its internal settings (the crossing hysteresis) as the
    /// config key they follow from: the posts are too close together.
    public init(timing error: ConfigurationError, source: String?) {
        let first = error.problems.first ?? ValidationProblem(key: "posts", message: "the course cannot be timed")
        if first.key == "hysteresis" {
            self.init(source: source, location: "course.posts",
                      problem: "two neighbouring posts are too close together to tell their crossings apart; "
                          + "move them further apart in the view")
        } else {
            self.init(source: source, location: "course.\(first.key)", problem: first.message)
        }
    }
}
