/// A config file or command-line option that cannot be used, with a message that names
/// where (file, line or key path) and what is wrong, for example
/// `config.json: course.posts[2]: 0.28 must be greater than posts[1] (0.30)`.
/// The composition root prints `message` and exits with status 2.
public struct ConfigError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file name as shown (`config.json`), or nil for command-line options.
    public var source: String?
    /// Where in the source: a key path (`camera.crop.x`, `course.posts[2]`), an option
    /// (`--posts[1]`) or a line (`line 3`). Empty when the whole source is meant.
    public var location: String
    /// What is wrong, in a phrase that reads after the location.
    public var problem: String

    public init(source: String?, location: String, problem: String) {
        self.source = source
        self.location = location
        self.problem = problem
    }

    /// The one-line message for stderr.
    public var message: String {
        [source, location.isEmpty ? nil : location, problem].compactMap { $0 }.joined(separator: ": ")
    }

    public var description: String { message }
}

/// Formats numbers for messages the way a person wrote them, without `Foundation` noise
/// such as `0.30000000000000004` or `28.0`.
enum ConfigNumberFormat {
    /// Whole numbers without a fraction (`45`), others in the shortest exact form (`0.28`).
    static func plain(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(describing: value)
    }

    /// At least two decimals (`0.30`, `0.28`, `0.305`): how post positions are written.
    static func position(_ value: Double) -> String {
        var text = String(describing: value)
        if text.contains("e") { return text }
        if !text.contains(".") { text += ".0" }
        let decimals = text.count - 1 - (text.firstIndex(of: ".").map { text.distance(from: text.startIndex, to: $0) } ?? 0)
        if decimals < 2 { text += String(repeating: "0", count: 2 - decimals) }
        return text
    }
}

/// Text from the input echoed in a message, kept short: a 100,000-digit number or a pasted
/// paragraph is cut to its first 40 characters and says how long it was.
public enum MessageText {
    public static let limit = 40

    public static func clipped(_ text: String) -> String {
        guard text.count > limit else { return text }
        return String(text.prefix(limit)) + "… (\(text.count) characters)"
    }
}
