/// One key of the config file: where it is, what it takes, its range, its default and what it
/// does. `ConfigKeys.all` is the decoder's table: the decoder takes known keys, ranges and range
/// messages from it, and `Deploy/CONFIG.md` is generated from it (a test keeps the two equal).
public struct ConfigKey: Sendable {
    /// What a key takes.
    public enum Kind: Sendable {
        /// A JSON number inside the range.
        case number(ConfigRange)
        /// A whole number inside the range.
        case wholeNumber(ConfigRange)
        /// A non-empty string.
        case text
        /// true or false.
        case flag
        /// One of these values (strings quoted, numbers bare, as in the file).
        case choice([String])
        /// Anything else, described in words (`array`, `[x, y]`, `line`).
        case described(String)
    }

    /// Dotted key path as messages print it; `[]` stands for any index (`course.posts[].base`).
    public let path: String
    public let kind: Kind
    /// Whether `null` is allowed (and means "not set").
    public let nullable: Bool
    /// The default as JSON (`28`, `"en-gb"`, `null`), or nil when it is not one value.
    public let defaultJSON: String?
    /// The default in words when `defaultJSON` is nil (`the profile's line`).
    public let defaultWords: String?
    /// What the key does, one or two sentences (units included).
    public let summary: String

    public init(_ path: String, _ kind: Kind, nullable: Bool = false, default defaultJSON: String?,
                defaultWords: String? = nil, _ summary: String) {
        self.path = path
        self.kind = kind
        self.nullable = nullable
        self.defaultJSON = defaultJSON
        self.defaultWords = defaultWords
        self.summary = summary
    }

    /// The last component: `length_m` of `course.length_m`.
    public var name: String { ConfigKeys.lastComponent(of: path) }

    /// Everything before the last component: `course` of `course.length_m`, "" at the top.
    public var section: String { ConfigKeys.parent(of: path) }

    /// The numeric range, if the key is a number.
    public var range: ConfigRange? {
        switch kind {
        case .number(let range), .wholeNumber(let range): return range
        default: return nil
        }
    }
}

/// The interval a numeric key must be inside. Ends are inclusive unless marked open.
public struct ConfigRange: Sendable, Equatable {
    public var low: Double
    public var high: Double
    /// True when `low` itself is not allowed ("greater than 0").
    public var lowOpen: Bool

    public init(_ low: Double, _ high: Double, lowOpen: Bool = false) {
        self.low = low
        self.high = high
        self.lowOpen = lowOpen
    }

    /// Values greater than `low` (not equal) up to `high`.
    public static func above(_ low: Double, upTo high: Double) -> ConfigRange {
        ConfigRange(low, high, lowOpen: true)
    }

    public func contains(_ value: Double) -> Bool {
        value.isFinite && (lowOpen ? value > low : value >= low) && value <= high
    }

    /// The phrase after the value in a message: `must be between 1 and 1000`,
    /// `must be greater than 0 and at most 60`.
    public var requirement: String {
        let low = ConfigNumberFormat.plain(self.low), high = ConfigNumberFormat.plain(self.high)
        return lowOpen ? "must be greater than \(low) and at most \(high)" : "must be between \(low) and \(high)"
    }

    /// How the reference writes it: `1 … 1000`, `> 0 … 60`.
    public var text: String {
        (lowOpen ? "> " : "") + ConfigNumberFormat.plain(low) + " … " + ConfigNumberFormat.plain(high)
    }
}
