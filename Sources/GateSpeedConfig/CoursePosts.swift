import GateSpeedCore

/// Validation of post positions, shared by `course.posts` in the config file and the
/// `--posts 0.1,0.3,0.5,0.7,0.9` command-line option, so both give the same messages.
public enum CoursePosts {
    /// The least distance between neighbouring posts, a fraction of the view's width: closer
    /// posts cannot be told apart (a crossing needs 0.004 of the width beyond a post's line).
    public static let minimumSpacing = 0.01

    /// Parses the `--posts` option: comma-separated view fractions, strictly increasing in (0, 1).
    /// Errors read like `--posts[2]: 0.28 must be greater than posts[1] (0.30)`.
    public static func parseOption(_ text: String, option: String = "--posts") throws(ConfigError) -> [Double] {
        let items = text.split(separator: ",", omittingEmptySubsequences: false)
        var posts: [Double] = []
        for (index, item) in items.enumerated() {
            let trimmed = item.trimmingSpaces()
            guard !trimmed.isEmpty else {
                throw ConfigError(source: nil, location: "\(option)[\(index)]",
                                  problem: "is empty (write positions like 0.1,0.3,0.5,0.7,0.9)")
            }
            guard let value = Double(trimmed), value.isFinite else {
                throw ConfigError(source: nil, location: "\(option)[\(index)]",
                                  problem: "\"\(MessageText.clipped(String(trimmed)))\" is not a number")
            }
            posts.append(value)
        }
        try validate(posts, source: nil, path: option)
        return posts
    }

    /// Checks there are at least two posts, each inside (0, 1), strictly increasing (the timing
    /// core's own check of a course, `Course.validationProblems`, with its words), and at least
    /// `minimumSpacing` apart. The first problem, in post order, is thrown.
    /// `path` is the key path of the array (`course.posts`) or the option name (`--posts`).
    static func validate(_ posts: [Double], source: String?, path: String) throws(ConfigError) {
        let problems = Course(posts: posts).validationProblems().filter { $0.key.hasPrefix("posts") }
        func fail(_ key: String) throws(ConfigError) {
            guard let problem = problems.first(where: { $0.key == key }) else { return }
            throw ConfigError(source: source, location: path + key.dropFirst("posts".count), problem: problem.message)
        }
        try fail("posts")
        for (index, position) in posts.enumerated() {
            let location = "\(path)[\(index)]"
            try fail("posts[\(index)]")
            if index > 0, position - posts[index - 1] < minimumSpacing - 1e-9 {
                throw ConfigError(source: source, location: location,
                                  problem: "\(ConfigNumberFormat.position(position)) is too close to "
                                      + "posts[\(index - 1)] (\(ConfigNumberFormat.position(posts[index - 1]))): posts must be "
                                      + "at least \(ConfigNumberFormat.plain(minimumSpacing)) of the view's width apart")
            }
        }
    }
}

extension Substring {
    func trimmingSpaces() -> Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}
