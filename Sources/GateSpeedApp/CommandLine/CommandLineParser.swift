import GateSpeedConfig

/// A parsed command line.
public struct ParsedCommand: Sendable, Equatable {
    public var name: String
    /// Options that take a value, by name (`--config` -> "FILE").
    public var values: [String: String] = [:]
    /// Flags that were given.
    public var flags: Set<String> = []
    public var positionals: [String] = []
    /// Values of numeric options (`OptionSpec.range`), checked against their range.
    public var numbers: [String: Double] = [:]

    public func value(_ option: String) -> String? { values[option] }
    /// A numeric option's value, inside its range; nil when not given.
    public func number(_ option: String) -> Double? { numbers[option] }
    public func has(_ flag: String) -> Bool { flags.contains(flag) }
}

/// What the command line asked for.
public enum CommandLineRequest: Sendable, Equatable {
    case run(ParsedCommand)
    /// Print this help text and exit 0.
    case help(String)
    /// No command given: print this usage on stderr and exit 2.
    case usage(String)
}

/// A usage mistake; the message says what and how to fix it. Exit status 2.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}

/// Parses `gatespeed` arguments against `CommandTable`.
public enum CommandLineParser {
    public static func parse(_ arguments: [String], table: [CommandSpec] = CommandTable.commands) throws(UsageError) -> CommandLineRequest {
        guard let first = arguments.first else { return .usage(CommandTable.overview) }
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
                    if let range = option.range {
                        guard let number = range.value(value) else {
                            throw UsageError(message: "\(spec.name): \(name): '\(clipped(value))' must be \(range.requirement)")
                        }
                        parsed.numbers[name] = number
                    }
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
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = KeySuggestion.editDistance(Array(word.utf8), Array(candidate.utf8))
            if distance <= 2, distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        return best?.name
    }

    /// An argument echoed in a message, cut short.
    static func clipped(_ text: String) -> String { MessageText.clipped(text) }
}
