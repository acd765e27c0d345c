/// Decoding of `course.posts` written as objects, one per post from the left:
/// `{"base": [x, y], "top": [x, y]}` in normalised view coordinates (0...1, top-left origin).
/// The checks here are those that need no camera model: shape, range, order, a top above its
/// base. Whether the marks and the camera keys fit together is the geometry solve's to say.
enum CoursePostMarks {
    static func decode(_ elements: [JSONValue], reader: ConfigObjectReader) throws(ConfigError) -> [GateSpeedConfig.PostMark] {
        guard elements.count >= 2 else {
            throw reader.error("posts", "needs at least 2 posts, found \(elements.count)")
        }
        var marks: [GateSpeedConfig.PostMark] = []
        for (index, element) in elements.enumerated() {
            let key = "posts[\(index)]"
            let post = try ConfigObjectReader(source: reader.source, path: reader.keyPath(key), value: element,
                                              section: "course.posts[]")
            guard let baseValue = post.value("base") else {
                throw reader.error(key, "needs a base: [x, y], where the post meets the ground")
            }
            let base = try point(baseValue, key: "base", in: post)
            var top: (x: Double, y: Double)?
            if let topValue = post.value("top"), topValue != .null {
                let point = try point(topValue, key: "top", in: post)
                guard point.y < base.y else {
                    throw post.error("top", "must be above its base (top y \(ConfigNumberFormat.position(point.y)) "
                                     + "is not above base y \(ConfigNumberFormat.position(base.y)))")
                }
                top = point
            }
            if let previous = marks.last, base.x <= previous.base.x {
                throw post.error("base", "x \(ConfigNumberFormat.position(base.x)) must be right of posts[\(index - 1)]'s "
                                 + "base (\(ConfigNumberFormat.position(previous.base.x))): posts go from the left")
            }
            if let previous = marks.last, base.x - previous.base.x < CoursePosts.minimumSpacing - 1e-9 {
                throw post.error("base", "x \(ConfigNumberFormat.position(base.x)) is too close to posts[\(index - 1)]'s base "
                                 + "(\(ConfigNumberFormat.position(previous.base.x))): posts must be at least "
                                 + "\(ConfigNumberFormat.plain(CoursePosts.minimumSpacing)) of the view's width apart")
            }
            marks.append(GateSpeedConfig.PostMark(base: base, top: top))
        }
        let withTops = marks.filter { $0.top != nil }.count
        if withTops > 0 && withTops < marks.count {
            let missing = marks.firstIndex { $0.top == nil } ?? 0
            throw reader.error("posts[\(missing)].top", "is missing: mark every post's top, or none")
        }
        return marks
    }

    /// `[x, y]`, each a number inside 0...1 (the view).
    private static func point(_ value: JSONValue, key: String, in post: ConfigObjectReader) throws(ConfigError)
        -> (x: Double, y: Double) {
        guard case .array(let items) = value, items.count == 2,
              case .number(let x, _) = items[0], case .number(let y, _) = items[1] else {
            throw post.error(key, "must be [x, y], two numbers (fractions of the view's width and height), "
                             + "not \(value.shortDescription)")
        }
        for (axis, coordinate) in [("x", x), ("y", y)] where !(coordinate >= 0 && coordinate <= 1) {
            throw post.error(key, "\(axis) \(ConfigNumberFormat.position(coordinate)) is outside the view (0...1)")
        }
        return (x, y)
    }
}
