import GateSpeedBoard
import GateSpeedPlatform

extension Assembly {
    /// The board profile the config names, with its per-line overrides; nil for `simulated`.
    /// (Checked when the config was loaded; a failure here names the config file and key too.)
    static func boardProfile(_ loaded: LoadedConfig) throws(CommandFailure) -> BoardProfile? {
        do { return try loaded.config.boardProfile(source: loaded.source) } catch {
            throw CommandFailure(message: error.message, status: 2)
        }
    }
}
