import GateSpeedCore
import GateSpeedFrames
import GateSpeedGeometry

/// A course as a user sets it up for gate-plane timing by marking the posts on the view: the
/// gate planes solved from the marks and the camera facts, and the timing rules that go with
/// them (the course length; the posts at the marks' view x, normalised view width, top-left
/// origin, for the overlay and the image rule). The one way the bench's perspective sweep and
/// the tests turn marks into a timing pipeline.
public struct MarkedCourse: Sendable {
    public let rules: Course
    public let gate: GateCourse

    /// Solves `survey` for a course `lengthMetres` long seen through `frameGeometry`.
    public static func solve(_ survey: GateSurvey, lengthMetres: Double,
                             frameGeometry: FrameGeometry) -> Result<MarkedCourse, GeometryFailure> {
        GateCourse.solve(survey, lengthMetres: lengthMetres, frameGeometry: frameGeometry).map { gate in
            var rules = Course()
            rules.lengthMetres = lengthMetres
            rules.posts = survey.marks.map(\.baseX)
            return MarkedCourse(rules: rules, gate: gate)
        }
    }

    /// The gate-plane timing pipeline for this course, seen through the gate's frame geometry.
    public func pipeline() throws(ConfigurationError) -> TimingPipeline {
        try TimingPipeline(course: rules, gateCourse: gate, geometry: gate.frameGeometry)
    }
}
