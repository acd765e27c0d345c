/// Reads one JSON object of the config, tracking the key path for messages. Creating it
/// rejects unknown keys (suggesting the nearest known one); the typed accessors take the key's
/// entry in `ConfigKeys`, return the default for an absent key and throw a `ConfigError` naming
/// the key for a bad value or one outside the key's range.
struct ConfigObjectReader {
    let source: String?
    /// Key path of this object, "" for the top level.
    let path: String
    private let members: [(key: String, value: JSONValue)]

    /// `section`: the object's path in `ConfigKeys` (`course.posts[]` for `course.posts[2]`), whose
    /// keys are the known ones; defaults to `path`.
    init(source: String?, path: String, value: JSONValue, section: String? = nil) throws(ConfigError) {
        self.source = source
        self.path = path
        guard case .object(let members) = value else {
            throw ConfigError(source: source, location: path,
                              problem: "must be an object, not \(value.shortDescription)")
        }
        self.members = members
        let knownKeys = ConfigKeys.names(in: section ?? path)
        for member in members where !knownKeys.contains(member.key) {
            var problem = "unknown key"
            if let suggestion = KeySuggestion.nearest(to: member.key, among: knownKeys) {
                problem += " (did you mean \(suggestion)?)"
            } else {
                problem += " (known keys: \(knownKeys.joined(separator: ", ")))"
            }
            throw ConfigError(source: source, location: keyPath(MessageText.clipped(member.key)), problem: problem)
        }
    }

    func keyPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    func error(_ key: String, _ problem: String) -> ConfigError {
        ConfigError(source: source, location: keyPath(key), problem: problem)
    }

    func value(_ key: String) -> JSONValue? { members.first { $0.key == key }?.value }

    /// A nested object; an absent key reads as an empty object (all defaults).
    func object(_ key: String, section: String? = nil) throws(ConfigError) -> ConfigObjectReader {
        try ConfigObjectReader(source: source, path: keyPath(key), value: value(key) ?? .object([]), section: section)
    }

    func number(_ key: ConfigKey, default fallback: Double) throws(ConfigError) -> Double {
        guard let value = value(key.name) else { return fallback }
        guard case .number(let number, _) = value else {
            throw error(key.name, "must be a number, not \(value.shortDescription)")
        }
        try requireInRange(key, number)
        return number
    }

    /// A number that may be null; absent gives the default.
    func optionalNumber(_ key: ConfigKey, default fallback: Double?) throws(ConfigError) -> Double? {
        guard let value = value(key.name) else { return fallback }
        if case .null = value { return nil }
        guard case .number(let number, _) = value else {
            throw error(key.name, "must be a number or null, not \(value.shortDescription)")
        }
        try requireInRange(key, number)
        return number
    }

    /// A whole number inside the key's range (checked before it becomes an `Int`, so no value traps).
    func integer(_ key: ConfigKey, default fallback: Int) throws(ConfigError) -> Int {
        guard let value = value(key.name) else { return fallback }
        guard case .number(let number, _) = value, number == number.rounded() else {
            throw error(key.name, "must be a whole number, not \(value.shortDescription)")
        }
        try requireInRange(key, number)
        guard abs(number) < 1e15 else { throw error(key.name, "\(ConfigNumberFormat.plain(number)) is too large") }
        return Int(number)
    }

    func bool(_ key: ConfigKey, default fallback: Bool) throws(ConfigError) -> Bool {
        guard let value = value(key.name) else { return fallback }
        guard case .bool(let flag) = value else {
            throw error(key.name, "must be true or false, not \(value.shortDescription)")
        }
        return flag
    }

    func optionalBool(_ key: ConfigKey, default fallback: Bool?) throws(ConfigError) -> Bool? {
        guard let value = value(key.name) else { return fallback }
        if case .null = value { return nil }
        guard case .bool(let flag) = value else {
            throw error(key.name, "must be true, false or null, not \(value.shortDescription)")
        }
        return flag
    }

    /// A non-empty string.
    func string(_ key: ConfigKey, default fallback: String) throws(ConfigError) -> String {
        guard let value = value(key.name) else { return fallback }
        guard case .string(let text) = value else {
            throw error(key.name, "must be a string, not \(value.shortDescription)")
        }
        guard !text.isEmpty else { throw error(key.name, "must not be empty") }
        return text
    }

    /// A non-empty string or null.
    func optionalString(_ key: ConfigKey, default fallback: String?) throws(ConfigError) -> String? {
        guard let value = value(key.name) else { return fallback }
        if case .null = value { return nil }
        guard case .string(let text) = value else {
            throw error(key.name, "must be a string or null, not \(value.shortDescription)")
        }
        guard !text.isEmpty else { throw error(key.name, "must not be empty (use null for none)") }
        return text
    }

    /// One of the raw values of `Choice`, quoted in the message when wrong.
    func choice<Choice: RawRepresentable & CaseIterable>(_ key: ConfigKey, default fallback: Choice) throws(ConfigError)
        -> Choice where Choice.RawValue == String {
        guard let value = value(key.name) else { return fallback }
        let allowed = Choice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        guard case .string(let text) = value, let choice = Choice(rawValue: text) else {
            throw error(key.name, "\(value.shortDescription) is not one of \(allowed)")
        }
        return choice
    }

    /// The key's range from `ConfigKeys`: `course.length_m: 1e+18 must be between 1 and 1000`.
    func requireInRange(_ key: ConfigKey, _ value: Double) throws(ConfigError) {
        guard let range = key.range, !range.contains(value) else { return }
        throw error(key.name, "\(ConfigNumberFormat.plain(value)) \(range.requirement)")
    }
}

/// "Did you mean …?" for misspelt keys: the known key with the smallest edit distance,
/// if it is close, or one that the unknown key is a prefix of (`pre_roll` → `pre_roll_s`).
public enum KeySuggestion {
    public static func nearest(to key: String, among known: [String]) -> String? {
        let lowered = key.lowercased()
        guard !lowered.isEmpty else { return nil }
        // A key cut short or with a suffix added: `pre_roll` for `pre_roll_s`, `w` for `width`.
        if let extended = known.first(where: { $0.hasPrefix(lowered) || lowered.hasPrefix($0) }) {
            return extended
        }
        let scored = known.map { (key: $0, distance: editDistance(Array(lowered.utf8), Array($0.utf8))) }
        guard let best = scored.min(by: { $0.distance < $1.distance }) else { return nil }
        return best.distance <= max(2, key.count / 3) ? best.key : nil
    }

    /// Up to `limit` close candidates, nearest first (for "did you mean …, … or …?").
    public static func nearest(to word: String, among known: [String], limit: Int) -> [String] {
        let lowered = word.lowercased()
        guard !lowered.isEmpty, limit > 0 else { return [] }
        let threshold = max(2, word.count / 3)
        let wanted = Array(lowered.utf8)
        var scored: [(key: String, distance: Int)] = []
        for candidate in known {
            let distance = editDistance(wanted, Array(candidate.lowercased().utf8))
            if distance <= threshold { scored.append((candidate, distance)) }
        }
        scored.sort { first, second in
            first.distance != second.distance ? first.distance < second.distance : first.key < second.key
        }
        var picked: [String] = []
        for candidate in scored where !picked.contains(candidate.key) && picked.count < limit { picked.append(candidate.key) }
        return picked
    }

    /// Levenshtein distance between two byte strings.
    public static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
