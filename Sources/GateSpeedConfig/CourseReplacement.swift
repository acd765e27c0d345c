/// A new `course` for a config file (`PUT /api/course`), and optionally the camera's view
/// (`rotation`, `mirror`, `crop`) the course's marks were made in: spliced into the file's
/// document in place of the old ones and checked as the whole file would be at start-up, so a
/// refusal has the config's own message and key (`config.json: course.posts[2]: …`,
/// `config.json: camera.crop.width: …`).
public struct CourseReplacement: Sendable {
    /// The whole config with the new course (and view).
    public let config: GateSpeedConfig
    /// The file's new text (the other sections, and the camera's other keys, as they were).
    public let text: String

    /// The `camera` keys a request's `view` may set.
    public static let viewKeys = ["rotation", "mirror", "crop"]

    /// `configText`: the file as it is now (nil: there is none, the defaults apply);
    /// `courseJSON`: the request body, either the new course object or
    /// `{"course": {…}, "view": {"rotation": …, "mirror": …, "crop": {…}}}` (`view` optional, and
    /// each of its keys); `source`: how messages name the file.
    public init(configText: String?, courseJSON: String, source: String) throws(ConfigError) {
        let document: JSONValue
        do { document = try JSONParser.parse(configText ?? "{}") } catch {
            throw ConfigError(source: source, location: "line \(error.line)", problem: "invalid JSON (\(error.detail))")
        }
        guard case .object(var members) = document else {
            throw ConfigError(source: source, location: "", problem: "must be a JSON object")
        }
        let body: JSONValue
        do { body = try JSONParser.parse(courseJSON) } catch {
            throw ConfigError(source: source, location: "course",
                              problem: "invalid JSON on line \(error.line) of the new course (\(error.detail))")
        }
        let (course, view) = try Self.split(body, source: source)
        Self.set("course", to: course, in: &members)
        if let view {
            try Self.splice(view: view, into: &members, source: source)
        }
        let replaced = JSONValue.object(members)
        config = try GateSpeedConfig(document: replaced, source: source)
        text = JSONWriter.text(replaced)
    }

    /// The course object and the view object (nil: none) of a request body.
    private static func split(_ body: JSONValue, source: String) throws(ConfigError) -> (JSONValue, [(key: String, value: JSONValue)]?) {
        guard case .object(let members) = body else {
            throw ConfigError(source: source, location: "course", problem: "must be an object, not \(body.shortDescription)")
        }
        // A course object has no `course` key: a body with one is the wrapped form.
        guard let course = members.first(where: { $0.key == "course" })?.value else { return (body, nil) }
        if let stray = members.first(where: { $0.key != "course" && $0.key != "view" }) {
            throw ConfigError(source: source, location: stray.key, problem: "unknown key beside course and view")
        }
        guard case .object = course else {
            throw ConfigError(source: source, location: "course", problem: "must be an object, not \(course.shortDescription)")
        }
        guard let view = members.first(where: { $0.key == "view" })?.value, view != .null else { return (course, nil) }
        guard case .object(let viewMembers) = view else {
            throw ConfigError(source: source, location: "view", problem: "must be an object, not \(view.shortDescription)")
        }
        return (course, viewMembers)
    }

    /// Sets the view's keys in the document's `camera` object (made when there is none); the
    /// config decoder then checks them under their own keys (`camera.rotation`, `camera.crop.x`).
    private static func splice(view: [(key: String, value: JSONValue)], into members: inout [(key: String, value: JSONValue)],
                               source: String) throws(ConfigError) {
        var camera: [(key: String, value: JSONValue)] = []
        if let existing = members.first(where: { $0.key == "camera" })?.value {
            guard case .object(let cameraMembers) = existing else {
                throw ConfigError(source: source, location: "camera", problem: "must be an object, not \(existing.shortDescription)")
            }
            camera = cameraMembers
        }
        for (key, value) in view {
            guard viewKeys.contains(key) else {
                throw ConfigError(source: source, location: "camera.\(key)",
                                  problem: "cannot be set from the pages (the view has only camera.rotation, camera.mirror and camera.crop)")
            }
            set(key, to: value, in: &camera)
        }
        set("camera", to: .object(camera), in: &members)
    }

    private static func set(_ key: String, to value: JSONValue, in members: inout [(key: String, value: JSONValue)]) {
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = value
        } else {
            members.insert((key: key, value: value), at: 0)
        }
    }
}
