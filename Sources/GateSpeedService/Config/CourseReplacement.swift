/// A new `course` for a config file (`PUT /api/course`): spliced into the file's document in
/// place of the old one and checked as the whole file would be at start-up, so a refusal has
/// the config's own message and key (`config.json: course.posts[2]: …`).
public struct CourseReplacement: Sendable {
    /// The whole config with the new course.
    public let config: GateSpeedConfig
    /// The file's new text (the other sections as they were).
    public let text: String

    /// `configText`: the file as it is now (nil: there is none, the defaults apply);
    /// `courseJSON`: the new course object; `source`: how messages name the file.
    public init(configText: String?, courseJSON: String, source: String) throws(ConfigError) {
        let document: JSONValue
        do { document = try JSONParser.parse(configText ?? "{}") } catch {
            throw ConfigError(source: source, location: "line \(error.line)", problem: "invalid JSON (\(error.detail))")
        }
        guard case .object(var members) = document else {
            throw ConfigError(source: source, location: "", problem: "must be a JSON object")
        }
        let course: JSONValue
        do { course = try JSONParser.parse(courseJSON) } catch {
            throw ConfigError(source: source, location: "course",
                              problem: "invalid JSON on line \(error.line) of the new course (\(error.detail))")
        }
        guard case .object = course else {
            throw ConfigError(source: source, location: "course", problem: "must be an object, not \(course.shortDescription)")
        }
        if let index = members.firstIndex(where: { $0.key == "course" }) {
            members[index].value = course
        } else {
            members.insert((key: "course", value: course), at: 0)
        }
        let replaced = JSONValue.object(members)
        config = try GateSpeedConfig(document: replaced, source: source)
        text = JSONWriter.text(replaced)
    }
}
