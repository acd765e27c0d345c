import GateSpeedBoard

extension GateSpeedConfig {
    /// The board profile `board.profile` names with the config's line overrides applied; nil for
    /// `simulated`. Checked while the config is loaded, so `--check-config` reports a clash; the
    /// message names the config file and the key (`board.lines.post2: uses the same line as post1 (line 17)`).
    public func boardProfile(source: String? = nil) throws(ConfigError) -> BoardProfile? {
        if board.profile == .simulated { return nil }
        let base: BoardProfile
        do { base = try BoardProfile.named(board.profile.rawValue) } catch {
            throw ConfigError(source: source, location: ConfigKeys.Board.profile.path, problem: "\(error)")
        }
        var overrides: [LineOverride] = []
        for role in LineRole.allCases {
            let line = board.override(for: role)?.line
            let activeLow = board.activeLowOverride(for: role)
            if line != nil || activeLow != nil {
                overrides.append(LineOverride(role: role, line: line, activeLow: activeLow))
            }
        }
        do {
            return try base.applying(overrides: overrides, chipLabel: board.chipLabel.map { Optional($0) })
        } catch {
            throw boardError(error, profile: base, source: source)
        }
    }

    /// The key a profile problem comes from: a line the config set, else the profile itself.
    private func boardError(_ error: BoardProfileError, profile: BoardProfile, source: String?) -> ConfigError {
        func configured(_ role: LineRole) -> Bool {
            board.override(for: role)?.line != nil
        }
        switch error {
        case .offsetWithoutChipLabel(let role):
            return ConfigError(source: source, location: "board.lines.\(role)",
                               problem: "is a line offset, but the \"\(profile.name)\" profile finds its lines by name "
                                   + "and has no chip label: set board.chip_label, or give the line by name")
        case .duplicateLine(let first, let second):
            let (key, other) = configured(second) || !configured(first) ? (second, first) : (first, second)
            var line = ""
            switch board.override(for: key)?.line {
            case .offset(let n)?: line = " (line \(n))"
            case .name(let name)?: line = " (\"\(MessageText.clipped(name))\")"
            case nil: break
            }
            let owner = configured(other) ? "board.lines.\(other)" : "\(other) of the \"\(profile.name)\" profile"
            return ConfigError(source: source, location: "board.lines.\(key)",
                               problem: "uses the same line as \(owner)\(line); each LED and the button need a line of their own")
        default:
            return ConfigError(source: source, location: "board", problem: "\(error)")
        }
    }
}
