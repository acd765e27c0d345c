/// A parsed command line.
public struct ParsedCommand: Sendable, Equatable {
    public var name: String
    /// Options that take a value, by name (`--config` -> "FILE").
    public var values: [String: String] = [:]
    /// Flags that were given.
    public var flags: Set<String> = []
    public var positionals: [String] = []

    public func value(_ option: String) -> String? { values[option] }
    public func has(_ flag: String) -> Bool { flags.contains(flag) }
}

/// What the command line asked for.
public enum CommandLineRequest: Sendable, Equatable {
    case run(ParsedCommand)
    /// Print this help text and exit 0.
    case help(String)
}

/// A usage mistake; the message says what and how to fix it. Exit status 2.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}

/// Parses `gatespeed` arguments against `CommandTable`.
public enum CommandLineParser {
    public static func parse(_ arguments: [String], table: [CommandSpec] = CommandTable.commands) throws(UsageError) -> CommandLineRequest {
        guard let first = arguments.first else { return .help(CommandTable.overview) }
        if first == "--help" || first == "-h" || first == "help" {
            if arguments.count > 1, let spec = table.first(where: { $0.name == arguments[1] }) { return .help(spec.help) }
            return .help(CommandTable.overview)
        }
        guard let spec = table.first(where: { $0.name == first }) else {
            let suggestion = closest(to: first, among: table.map(\.name)).map { " (did you mean '\($0)'?)" } ?? ""
            throw UsageError(message: "unknown command '\(first)'\(suggestion); run 'gatespeed --help'")
        }
        var parsed = ParsedCommand(name: spec.name)
        var index = 1
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if !optionsEnded && argument == "--" { optionsEnded = true; continue }
            if !optionsEnded && (argument == "--help" || argument == "-h") { return .help(spec.help) }
            if !optionsEnded && argument.hasPrefix("--") {
                var name = argument, inlineValue: String?
                if let equals = argument.firstIndex(of: "=") {
                    name = String(argument[..<equals])
                    inlineValue = String(argument[argument.index(after: equals)...])
                }
                guard let option = spec.options.first(where: { $0.name == name }) else {
                    let suggestion = closest(to: name, among: spec.options.map(\.name)).map { " (did you mean \($0)?)" } ?? ""
                    throw UsageError(message: "\(spec.name): unknown option \(name)\(suggestion)\nusage: \(spec.usage)")
                }
                if let valueName = option.valueName {
                    let value: String
                    if let inlineValue {
                        value = inlineValue
                    } else {
                        guard index < arguments.count else {
                            throw UsageError(message: "\(spec.name): \(name) needs a value (\(valueName))\nusage: \(spec.usage)")
                        }
                        value = arguments[index]
                        index += 1
                    }
                    parsed.values[name] = value
                } else {
                    guard inlineValue == nil else { throw UsageError(message: "\(spec.name): \(name) takes no value") }
                    parsed.flags.insert(name)
                }
                continue
            }
            parsed.positionals.append(argument)
        }
        switch spec.positional {
        case .none where !parsed.positionals.isEmpty:
            throw UsageError(message: "\(spec.name): unexpected argument '\(parsed.positionals[0])'\nusage: \(spec.usage)")
        case .optional(let n) where parsed.positionals.count > 1:
            throw UsageError(message: "\(spec.name): only one \(n) is allowed\nusage: \(spec.usage)")
        case .required(let n) where parsed.positionals.count != 1:
            throw UsageError(message: "\(spec.name): needs exactly one \(n)\nusage: \(spec.usage)")
        case .oneOrMore(let n) where parsed.positionals.isEmpty:
            throw UsageError(message: "\(spec.name): needs \(n)\nusage: \(spec.usage)")
        default:
            break
        }
        return .run(parsed)
    }

    /// The candidate within two edits of `word`, if any (for "did you mean").
    static func closest(to word: String, among candidates: [String]) -> String? {
        var best: (String, Int)?
        for c in candidates {
            let d = editDistance(word, c)
            if d <= 2, best == nil || d < best!.1 { best = (c, d) }
        }
        return best?.0
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...max(1, b.count) where !b.isEmpty {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
