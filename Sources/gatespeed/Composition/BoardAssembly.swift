import GateSpeedBoard
import GateSpeedService

extension Assembly {
    /// The board profile the config names, with its per-line overrides; nil for `simulated`.
    static func boardProfile(_ config: GateSpeedConfig) throws(CommandFailure) -> BoardProfile? {
        if config.board.profile == .simulated { return nil }
        do {
            let base = try BoardProfile.named(config.board.profile.rawValue)
            var overrides: [LineOverride] = []
            for (role, override) in config.board.lines.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                guard let boardRole = LineRole(configKey: role.rawValue) else { continue }
                var line: LineSelector?
                switch override.line {
                case .offset(let n)?: line = .offset(UInt32(n))
                case .name(let name)?: line = .name(name)
                case nil: line = nil
                }
                overrides.append(LineOverride(role: boardRole, line: line,
                                              activeLow: override.activeLow ?? config.board.activeLowOverride(for: role)))
            }
            for role in GateSpeedConfig.Board.LineRole.allCases where config.board.lines[role] == nil {
                if let activeLow = config.board.activeLowOverride(for: role), let boardRole = LineRole(configKey: role.rawValue) {
                    overrides.append(LineOverride(role: boardRole, activeLow: activeLow))
                }
            }
            return try base.applying(overrides: overrides, chipLabel: config.board.chipLabel.map { Optional($0) })
        } catch {
            throw CommandFailure(message: "config.json: board: \(error)", status: 2)
        }
    }
}
