/// One option of a subcommand: `--name VALUE` when `valueName` is set, a flag otherwise.
public struct OptionSpec: Sendable {
    public let name: String
    public let valueName: String?
    public let help: String
    /// For a numeric option, the values it takes; the parser refuses others (exit 2) and the
    /// help shows the range.
    public let range: OptionRange?

    public init(name: String, valueName: String?, help: String, range: OptionRange? = nil) {
        self.name = name
        self.valueName = valueName
        self.help = help
        self.range = range
    }

    /// The help text with the range, if any: `… (default 60; 1 … 86400)`.
    var helpWithRange: String {
        guard let range else { return help }
        if help.hasSuffix(")") { return String(help.dropLast()) + "; \(range.text))" }
        return help + " (\(range.text))"
    }
}

/// The numbers a numeric option takes: finite, inside `low ... high`, whole when `whole`.
public struct OptionRange: Sendable, Equatable {
    public let low: Double
    public let high: Double
    public let whole: Bool

    public init(_ low: Double, _ high: Double, whole: Bool) {
        self.low = low
        self.high = high
        self.whole = whole
    }

    /// The value of `text`, or nil when it is not a number of this range.
    public func value(_ text: String) -> Double? {
        guard let number = Double(text), number.isFinite, number >= low, number <= high else { return nil }
        if whole && number != number.rounded() { return nil }
        return number
    }

    var text: String { "\(Self.plain(low)) … \(Self.plain(high))" }
    var requirement: String { "\(whole ? "a whole number" : "a number") from \(Self.plain(low)) to \(Self.plain(high))" }

    static func plain(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(describing: value)
    }
}

/// What a subcommand takes after its options.
public enum PositionalSpec: Sendable {
    case none
    case optional(String)
    case required(String)
    case oneOrMore(String)
}

/// A subcommand of `gatespeed`, described once: parsing, `--help` and errors all come from here.
public struct CommandSpec: Sendable {
    public let name: String
    public let summary: String
    public let positional: PositionalSpec
    public let options: [OptionSpec]

    public var usage: String {
        var parts = ["gatespeed", name]
        for o in options { parts.append("[\(o.name)\(o.valueName.map { " " + $0 } ?? "")]") }
        switch positional {
        case .none: break
        case .optional(let n): parts.append("[\(n)]")
        case .required(let n): parts.append(n)
        case .oneOrMore(let n): parts.append("\(n)...")
        }
        return parts.joined(separator: " ")
    }

    public var help: String {
        var lines = ["usage: \(usage)", "", summary]
        if !options.isEmpty {
            lines.append("")
            lines.append("options:")
            let width = options.map { $0.name.count + ($0.valueName?.count ?? -1) + 1 }.max() ?? 0
            for o in options {
                let left = o.name + (o.valueName.map { " " + $0 } ?? "")
                lines.append("  " + left + String(repeating: " ", count: max(1, width - left.count + 2)) + o.helpWithRange)
            }
            lines.append("  --help" + String(repeating: " ", count: max(1, width - 4)) + "show this help")
        }
        return lines.joined(separator: "\n")
    }
}

/// The subcommands of shared/interfaces.md.
public enum CommandTable {
    static let config = OptionSpec(name: "--config", valueName: "FILE",
                                   help: "configuration file (default: /etc/gatespeed/config.json, or $GATESPEED_CONFIG, "
                                       + "when it exists; else the built-in defaults)")

    /// `demo --seconds`: up to a day of simulated time.
    public static let demoSeconds = OptionRange(1, 86_400, whole: false)
    /// `bench --frames` and `bench --sweep`.
    public static let benchFrames = OptionRange(1, 100_000, whole: true)
    public static let benchScenes = OptionRange(1, 100_000, whole: true)

    public static let commands: [CommandSpec] = [
        CommandSpec(name: "run", summary: "The appliance: camera, board I/O, speech, clips, journal; runs until SIGTERM/SIGINT.",
                    positional: .none,
                    options: [config, OptionSpec(name: "--check-config", valueName: nil,
                                                 help: "only check the configuration and exit (0 good, 2 bad)")]),
        CommandSpec(name: "demo", summary: "The whole service on the built-in simulated course: simulated camera and LEDs, real speech (WAV files without a sound card), real clips and journal.",
                    positional: .none,
                    options: [config,
                              OptionSpec(name: "--seconds", valueName: "N", help: "stop after N seconds of simulated time (default 60)",
                                         range: demoSeconds),
                              OptionSpec(name: "--output", valueName: "DIR", help: "where clips, speech and the journal go (default ./demo-output)"),
                              OptionSpec(name: "--fast", valueName: nil, help: "do not wait for real time between frames")]),
        CommandSpec(name: "replay", summary: "Re-judges a recorded video: decodes it and runs the full pipeline on its own timestamps as fast as possible, printing events. No hardware; no speech unless asked.",
                    positional: .required("FILE"),
                    options: [config,
                              OptionSpec(name: "--posts", valueName: "LIST", help: "post positions as fractions of the width, e.g. 0.1,0.3,0.5,0.7,0.9"),
                              OptionSpec(name: "--clips", valueName: "DIR", help: "also write the clips of the replayed runs there"),
                              OptionSpec(name: "--speak", valueName: nil, help: "speak the results with the configured voice")]),
        CommandSpec(name: "say", summary: "Speaks TEXT with the configured voice, or writes it to a WAV file.",
                    positional: .oneOrMore("TEXT"),
                    options: [config, OptionSpec(name: "--wav", valueName: "FILE", help: "write a WAV file instead of playing")]),
        CommandSpec(name: "devices", summary: "Lists cameras (formats, sizes, frame rates) and GPIO chips.",
                    positional: .none, options: []),
        CommandSpec(name: "check", summary: "Hardware self-test: walks the LEDs, speaks a test phrase, waits for a button press.",
                    positional: .none, options: [config]),
        CommandSpec(name: "pair", summary: "Lists or revokes the phones paired with the button. Only hashes of their tokens are kept, in web-tokens.json beside the journal; a running service notices within a second.",
                    positional: .none,
                    options: [config,
                              OptionSpec(name: "--list", valueName: nil, help: "list the paired tokens' dates and labels (the default)"),
                              OptionSpec(name: "--revoke", valueName: nil, help: "revoke every paired token (web.token stays: it is the config's)")]),
        CommandSpec(name: "bench", summary: "Per-stage timings of the per-frame path, on FILE or on the built-in scene.",
                    positional: .optional("FILE"),
                    options: [OptionSpec(name: "--frames", valueName: "N", help: "frames per size (default 600)",
                                         range: benchFrames),
                              OptionSpec(name: "--sweep", valueName: "N",
                                         help: "instead, judge N randomised scenes and report detection, speed errors and false starts",
                                         range: benchScenes),
                              OptionSpec(name: "--seed", valueName: "S", help: "seed of the sweep's first scene (default 1)"),
                              OptionSpec(name: "--perspective", valueName: nil,
                                         help: "with --sweep: true-perspective scenes timed at the gate planes of marked posts")]),
        CommandSpec(name: "scoreboard", summary: "The club scoreboard: subscribes to every station on the MQTT broker and serves a live page, one column per course (GET /, /api/scoreboard, /events).",
                    positional: .none,
                    options: [OptionSpec(name: "--mqtt", valueName: "URL", help: "the broker: mqtt://HOST[:PORT] or mqtts://HOST[:PORT] (required)"),
                              OptionSpec(name: "--listen", valueName: "HOST:PORT", help: "where the page is served (default 0.0.0.0:8090)"),
                              OptionSpec(name: "--username", valueName: "NAME", help: "user name for the broker"),
                              OptionSpec(name: "--password-file", valueName: "FILE", help: "file whose first line is the broker password"),
                              OptionSpec(name: "--ca-file", valueName: "FILE", help: "CA certificate (PEM) of an mqtts broker")]),
    ]

    public static var overview: String {
        var lines = ["usage: gatespeed COMMAND [options]", "", "commands:"]
        let width = commands.map(\.name.count).max() ?? 0
        for c in commands {
            let first = c.summary.split(separator: ".").first.map(String.init) ?? c.summary
            lines.append("  " + c.name + String(repeating: " ", count: width - c.name.count + 2) + first + ".")
        }
        lines.append("")
        lines.append("Run 'gatespeed COMMAND --help' for a command's options.")
        return lines.joined(separator: "\n")
    }
}
