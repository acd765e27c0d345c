import Foundation
import GateSpeedBoard
import GateSpeedCore
import Testing
@testable import GateSpeedConfig
import GateSpeedTestSupport

/// The decoder's table of keys (`ConfigKeys`) holds for the decoder: its defaults are the
/// decoder's, its ranges are enforced with messages naming the key, a number of any size is
/// refused rather than trapping, and `Deploy/CONFIG.md` is the table written out.
@Suite struct ConfigKeyTableTests {
    /// `{"course": {"length_m": 28}}` for `course.length_m` and `28`.
    static func json(setting path: String, to value: String) -> String {
        var text = value
        for part in path.split(separator: ".").reversed() { text = "{\"\(part)\": \(text)}" }
        return text
    }

    /// Keys with a path of their own (not the element keys `posts[].base`, `lines.*.offset`).
    static let plainKeys = ConfigKeys.all.filter { !$0.path.contains("[]") && !$0.path.contains("*") }
    static let numericKeys = plainKeys.filter { $0.range != nil }

    static func key(_ path: String) throws -> ConfigKey {
        try #require(ConfigKeys.all.first { $0.path == path })
    }

    @Test(arguments: plainKeys.filter { $0.defaultJSON != nil }.map(\.path))
    func theTablesDefaultIsTheDecodersDefault(path: String) throws {
        let key = try Self.key(path)
        let value = try #require(key.defaultJSON)
        #expect(try GateSpeedConfig.parse(json: Self.json(setting: path, to: value)) == GateSpeedConfig(),
                "\(path) = \(value)")
    }

    /// Issue 12: `course.length_m: 1e18` passed `--check-config` and trapped later; every number
    /// of every numeric key outside its range (huge, negative, just past an end) is refused with
    /// the key and the range.
    @Test(arguments: numericKeys.map(\.path))
    func valuesOutsideTheRangeAreRefusedNamingTheKey(path: String) throws {
        let key = try Self.key(path)
        let range = try #require(key.range)
        var outside = [1e18, -1e18, 1e300, range.high + 1, range.low - 1, range.high * 2 + 1]
        if range.lowOpen { outside.append(range.low) }
        for value in outside {
            let literal = ConfigNumberFormat.plain(value)
            do {
                let config = try GateSpeedConfig.parse(json: Self.json(setting: path, to: literal))
                Issue.record("\(path) = \(literal) accepted: \(config)")
            } catch {
                #expect(error.location == path, "\(path) = \(literal): \(error.message)")
                #expect(error.problem == "\(literal) \(range.requirement)", "\(error.message)")
            }
        }
    }

    /// Both ends of each range are usable (the crop's ends are checked with its sums below).
    @Test(arguments: numericKeys.filter { !$0.path.hasPrefix("camera.crop.") }.map(\.path))
    func theEndsOfTheRangeAreAccepted(path: String) throws {
        let key = try Self.key(path)
        let range = try #require(key.range)
        for value in range.lowOpen ? [range.high] : [range.low, range.high] {
            let literal = ConfigNumberFormat.plain(value)
            #expect(throws: Never.self, "\(path) = \(literal)") {
                try GateSpeedConfig.parse(json: Self.json(setting: path, to: literal))
            }
        }
    }

    @Test func everySectionsKnownKeysAreTheTables() {
        #expect(ConfigKeys.names(in: "") == ["course", "camera", "vision", "board", "voice", "clips", "journal", "log", "web", "mqtt"])
        #expect(ConfigKeys.names(in: "course") == ["posts", "post_height_m", "length_m", "pass_kmh", "timeout_s", "camera"])
        #expect(ConfigKeys.names(in: "course.posts[]") == ["base", "top"])
        #expect(ConfigKeys.names(in: "board.lines") == ["post1", "post2", "post3", "post4", "post5", "status", "button"])
        #expect(ConfigKeys.names(in: "board.lines.*") == ["offset", "name", "active_low"])
        #expect(ConfigKeys.names(in: "camera.crop") == ["x", "y", "width", "height"])
    }

    /// Every key of the example config is in the table, and every plain key of the table is in
    /// the example (which spells out the defaults).
    @Test func theExampleConfigAndTheTableNameTheSameKeys() throws {
        let example = try JSONParser.parse(readText(repositoryRoot() + "/Deploy/config.example.json"))
        var paths: [String] = []
        func collect(_ value: JSONValue, _ path: String) {
            guard case .object(let members) = value else { return }
            for member in members {
                let child = path.isEmpty ? member.key : path + "." + member.key
                if case .object = member.value { collect(member.value, child) } else { paths.append(child) }
            }
        }
        collect(example, "")
        let table = Set(Self.plainKeys.map(\.path))
        #expect(Set(paths).subtracting(table).isEmpty, "in the example, not the table: \(Set(paths).subtracting(table))")
        #expect(table.subtracting(paths).isEmpty, "in the table, not the example: \(table.subtracting(paths))")
    }

    /// Deploy/CONFIG.md is the table written out; rewrite it with
    /// `GATESPEED_WRITE_CONFIG_REFERENCE=1 swift test --filter ConfigKeyTableTests`.
    @Test func theReferenceIsTheTableWrittenOut() throws {
        let path = repositoryRoot() + "/Deploy/CONFIG.md"
        let generated = ConfigReference.markdown()
        if ProcessInfo.processInfo.environment["GATESPEED_WRITE_CONFIG_REFERENCE"] == "1" {
            try generated.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let written = try readText(path)
        #expect(written == generated, "Deploy/CONFIG.md differs from ConfigReference.markdown(); regenerate it")
        for key in ConfigKeys.all { #expect(written.contains("| `\(key.path)` |"), "\(key.path)") }
        #expect(written.contains("| `course.length_m` | number | 1 … 1000 | `28` |"))
        let readme = try readText(repositoryRoot() + "/README.md")
        #expect(readme.contains("Deploy/CONFIG.md"), "the README links the reference")
    }
}

/// Messages quote what the file says, but never at length, and name the config key rather than
/// a setting of the timing core.
@Suite struct ConfigMessageTests {
    /// Issue 12: a 100,000-digit number was echoed back whole (a 100 KB message).
    @Test func aHugeLiteralIsCutShortInTheMessage() {
        let digits = "1" + String(repeating: "0", count: 99_999)
        let cases = [
            #"{"course": {"length_m": "# + digits + "}}",           // out of Double's range: a syntax error
            #"{"course": {"length_m": 0."# + digits + "}}",         // in range of Double, outside the key's
            #"{"camera": {"width": "# + "\"" + digits + "\"" + "}}",  // a string where a number belongs
            #"{"camera": {""# + digits + #"": 1}}"#,                   // an unknown key
            #"{"camera": {"rotation": 1."# + digits + "}}",         // not one of the choices
        ]
        for json in cases {
            do {
                _ = try GateSpeedConfig.parse(json: json)
                Issue.record("accepted")
            } catch {
                #expect(error.message.count < 200, "\(error.message.count) characters: \(error.message.prefix(300))")
            }
        }
        #expect(MessageText.clipped(digits) == String(digits.prefix(40)) + "… (100000 characters)")
        #expect(MessageText.clipped("0.28") == "0.28")
    }

    /// Issue 12: posts very close together gave "config: course: hysteresis: 0.004 must be less
    /// than half the closest post spacing (0)", naming a setting no config has.
    @Test func postsTooCloseNameThePostsKey() {
        #expect(throws: ConfigError(source: "config.json", location: "course.posts[1]",
                                    problem: "0.100000001 is too close to posts[0] (0.10): posts must be at least "
                                        + "0.01 of the view's width apart")) {
            try GateSpeedConfig.parse(json: #"{"course": {"posts": [0.1, 0.100000001, 0.5, 0.7, 0.9]}}"#)
        }
        #expect(throws: Never.self) {
            try GateSpeedConfig.parse(json: #"{"course": {"posts": [0.1, 0.11, 0.5, 0.7, 0.9]}}"#)
        }
        let timing = ConfigurationError(problems: [ValidationProblem(key: "hysteresis", message: "0.004 must be less …")])
        let error = ConfigError(timing: timing, source: "gates.json")
        #expect(error.location == "course.posts")
        #expect(!error.message.contains("hysteresis"))
        #expect(ConfigError(timing: ConfigurationError(problems: [ValidationProblem(key: "length_m", message: "must be …")]),
                            source: "a.json").message == "a.json: course.length_m: must be …")
    }

    /// Issue 12: a line clash was reported as "config.json: board: …" whatever the file was
    /// called, and only when the service started; now the file and the key, at load time.
    @Test func boardLineClashesNameTheFileAndTheKey() throws {
        let directory = try TemporaryDirectory()
        try directory.write(#"{"board": {"lines": {"post2": 17}}}"#, to: "gates.json")
        #expect(throws: ConfigError(source: "gates.json", location: "board.lines.post2",
                                    problem: "uses the same line as post1 of the \"raspberry-pi-4\" profile (line 17); "
                                        + "each LED and the button need a line of their own")) {
            try GateSpeedConfig.load(path: directory.path + "/gates.json")
        }
        try directory.write(#"{"board": {"profile": "generic", "lines": {"status": 25}}}"#, to: "generic.json")
        #expect(throws: ConfigError(source: "generic.json", location: "board.lines.status",
                                    problem: "is a line offset, but the \"generic\" profile finds its lines by name and has "
                                        + "no chip label: set board.chip_label, or give the line by name")) {
            try GateSpeedConfig.load(path: directory.path + "/generic.json")
        }
        try directory.write(#"{"board": {"profile": "generic", "chip_label": "gpiochip0", "lines": {"status": 25}}}"#,
                            to: "labelled.json")
        let config = try GateSpeedConfig.load(path: directory.path + "/labelled.json")
        #expect(try config.boardProfile()?.status.line == .offset(25))
    }

    /// The voice check's message (the composition lists eSpeak NG's voices; see SpeechTests).
    @Test func anUnknownVoiceGetsTheNearestNames() throws {
        var config = GateSpeedConfig()
        config.voice.name = "engb"
        #expect(throws: ConfigError(source: "config.json", location: "voice.name",
                                    problem: "eSpeak NG has no voice \"engb\" (did you mean \"en-gb\" or \"en\"?)")) {
            try config.checkVoice(isAvailable: false, candidates: ["en", "en-gb", "fr", "de", "en-gb"], source: "config.json")
        }
        config.voice.name = "vulcan"
        #expect(throws: ConfigError(source: nil, location: "voice.name", problem: "eSpeak NG has no voice \"vulcan\" "
                                        + "(`espeak-ng --voices` lists them; en-gb is British English)")) {
            try config.checkVoice(isAvailable: false, candidates: ["en", "fr"], source: nil)
        }
        #expect(throws: Never.self) { try config.checkVoice(isAvailable: true, candidates: [], source: nil) }
    }
}
