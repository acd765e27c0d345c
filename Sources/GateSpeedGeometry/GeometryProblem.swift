/// One thing wrong with a course survey, named by its key relative to the config's `course` object
/// (`posts`, `posts[2].base`, `posts[2].top`, `post_height_m`, `length_m`, `camera.height_m`,
/// `camera.distance_m`, `camera.hfov_deg`; `sensor.aspect`, `sensor.width_px` and `mark_precision`
/// for the values the caller supplies about the sensor). Array indices count from 0, as in the file.
public struct GeometryProblem: Error, Sendable, Equatable, CustomStringConvertible {
    public var key: String
    /// Plain English a coach understands, e.g. `must be above its base (top y 0.61 is below base y 0.57)`.
    public var message: String

    public init(key: String, message: String) {
        self.key = key
        self.message = message
    }

    /// `key: message`.
    public var description: String { "\(key): \(message)" }
}
