/// One problem with a configuration value, named by its key in the config file
/// (`posts`, `posts[2]`, `length_m`, `pass_kmh`, `timeout_s`, …).
public struct ValidationProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The config key, e.g. `posts[2]` (array indices count from 0 as in the file).
    public var key: String
    /// What is wrong, e.g. `0.28 must be greater than posts[1] (0.30)`.
    public var message: String

    public init(key: String, message: String) {
        self.key = key
        self.message = message
    }

    /// `key: message`, ready for a one-line error.
    public var description: String { "\(key): \(message)" }

    /// Problems with a number that must be finite and greater than zero, or none.
    static func positive(_ value: Double, key: String) -> [ValidationProblem] {
        if !value.isFinite {
            return [ValidationProblem(key: key, message: "must be a finite number (got \(DecimalFormat.trimmed(value)))")]
        }
        if value <= 0 {
            return [ValidationProblem(key: key, message: "must be greater than 0 (got \(DecimalFormat.trimmed(value)))")]
        }
        return []
    }
}

/// A configuration that was refused, with every problem found (not just the first).
public struct ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    public var problems: [ValidationProblem]

    public init(problems: [ValidationProblem]) {
        self.problems = problems
    }

    /// The problems joined by "; ", e.g. `length_m: must be greater than 0 (got 0)`.
    public var description: String {
        problems.map(\.description).joined(separator: "; ")
    }
}
