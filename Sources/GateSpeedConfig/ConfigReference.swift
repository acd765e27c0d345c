/// `Deploy/CONFIG.md`, the reference of every config key, written from `ConfigKeys.all` (the
/// decoder's own table), so the document says what the decoder does. `ConfigKeyTableTests`
/// fails when the file differs; `GATESPEED_WRITE_CONFIG_REFERENCE=1 swift test --filter
/// ConfigKeyTableTests` rewrites it.
public enum ConfigReference {
    /// The whole document.
    public static func markdown() -> String {
        var lines = [
            "# Configuration reference",
            "",
            "<!-- Generated from the decoder's table of keys (Sources/GateSpeedConfig/ConfigKeys.swift)",
            "     by ConfigReference.markdown(); ConfigKeyTableTests fails when this file differs from it. -->",
            "",
            "Every command reads `--config FILE` when given; otherwise `/etc/gatespeed/config.json` (or the file",
            "named by `$\(GateSpeedConfig.pathVariable)`) when it exists; otherwise the built-in defaults. It says",
            "on stderr which one it used. The file is one JSON object; every key is optional, and an absent key",
            "keeps its default (`Deploy/config.example.json` spells out every default). A config file is a",
            "regular file of at most 1 MB.",
            "",
            "A value of the wrong type, a value outside its range, or an unknown key stops the command with exit",
            "status 2 and one line naming the file, the key and the problem, for example",
            "`config.json: course.length_m: 1e+18 must be between 1 and 1000`.",
            "`gatespeed run --check-config` checks a file without starting, including `voice.name` against the",
            "voices eSpeak NG has and the board's lines against each other.",
            "",
            "Ranges include both ends; `> 0 … 60` means more than 0 and at most 60.",
        ]
        var section: String?
        for key in ConfigKeys.all {
            let top = key.path.split(separator: ".").first.map(String.init) ?? key.path
            if top != section {
                section = top
                lines += ["", "## `\(top)`", "", "| key | type | range | default | what it does |", "| --- | --- | --- | --- | --- |"]
            }
            lines.append("| `\(key.path)` | \(type(of: key)) | \(range(of: key)) | \(defaultText(of: key)) | \(cell(key.summary)) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func type(of key: ConfigKey) -> String {
        let base: String
        switch key.kind {
        case .number: base = "number"
        case .wholeNumber: base = "whole number"
        case .text: base = "string"
        case .flag: return key.nullable ? "true, false or null" : "true or false"
        case .choice: base = "one of"
        case .described(let words): base = cell(words)
        }
        guard key.nullable else { return base }
        return base.contains(" or ") ? base + ", or null" : base + " or null"
    }

    static func range(of key: ConfigKey) -> String {
        switch key.kind {
        case .number(let range), .wholeNumber(let range): return range.text
        case .choice(let values): return values.map { "`\($0)`" }.joined(separator: ", ")
        case .text: return "not empty"
        case .flag, .described: return "—"
        }
    }

    static func defaultText(of key: ConfigKey) -> String {
        if let json = key.defaultJSON { return "`\(json)`" + (key.defaultWords.map { " (\($0))" } ?? "") }
        return key.defaultWords.map(cell) ?? "—"
    }

    /// Text safe inside a table cell.
    static func cell(_ text: String) -> String {
        text.replacingAll("|", with: "\\|")
    }
}

extension String {
    /// Every `target` replaced (without Foundation).
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}
