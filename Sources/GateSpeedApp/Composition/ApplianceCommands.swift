import GateSpeedPlatform

/// The command table of the appliance as the `gatespeed` executable calls it: every command
/// but `bench`, which lives with the counting allocator in the executable itself.
public enum ApplianceCommands {
    /// A command that ended in failure: one line, and the exit status (1, or 2 for bad usage
    /// or a bad config), as `../shared/interfaces.md` fixes them.
    public struct Failure: Error {
        public let message: String
        public let status: Int32
    }

    /// Runs `command` if it is one of this table's; false when it is not.
    public static func run(_ command: ParsedCommand, log: Log) throws(Failure) -> Bool {
        do throws(CommandFailure) {
            switch command.name {
            case "run": try RunCommand.run(command, log: log)
            case "demo": try DemoCommand.run(command, log: log)
            case "replay": try ReplayCommand.run(command, log: log)
            case "say": try SayCommand.run(command, log: log)
            case "devices": DevicesCommand.run()
            case "check": try CheckCommand.run(command, log: log)
            case "scoreboard": try ScoreboardCommand.run(command, log: log)
            case "pair": try PairCommand.run(command, log: log)
            default: return false
            }
        } catch {
            throw Failure(message: error.message, status: error.status)
        }
        return true
    }
}
