// gatespeed: the composition root. Parses the command line and wires the adapters to the
// pure-Swift core for each subcommand. Exit status: 0 success, 2 bad usage or config,
// 1 anything else (one line on stderr).
import Foundation
import GateSpeedApp
import GateSpeedPlatform
import GateSpeedConfig

let log = Log(level: .info, style: .automatic(environment: ProcessInfo.processInfo.environment))

func fail(_ message: String, status: Int32) -> Never {
    StandardStream.error.write("gatespeed: " + message + "\n")
    exit(status)
}

/// The end of a command that did its work: status 0, or 1 when standard output failed on the
/// way (`> /dev/full`, a closed pipe), since what it printed is incomplete.
func finished() -> Never {
    if let failure = StandardStream.output.failureSummary { fail(failure, status: 1) }
    exit(0)
}

do {
    switch try CommandLineParser.parse(Array(CommandLine.arguments.dropFirst())) {
    case .help(let text):
        StandardStream.output.write(text + "\n")
    case .usage(let text):
        fail("a command is needed\n" + text, status: 2)
    case .run(let command):
        switch command.name {
        case "bench":
            // --frames and --sweep are checked against their ranges by the parser (CommandTable).
            let frames = command.number("--frames").map { Int($0) } ?? BenchCommand.defaultFrames
            let sweep = command.number("--sweep").map { Int($0) }
            if sweep != nil && !command.positionals.isEmpty { fail("bench: --sweep judges simulated scenes, not FILE", status: 2) }
            var seed = SweepCommand.defaultSeed
            if let text = command.value("--seed") {
                guard let s = UInt64(text) else {
                    fail("bench: --seed: '\(MessageText.clipped(text))' must be a whole number from 0 to \(UInt64.max)", status: 2)
                }
                guard sweep != nil else { fail("bench: --seed goes with --sweep", status: 2) }
                seed = s
            }
            exit(BenchCommand.run(file: command.positionals.first, frames: frames, sweep: sweep, seed: seed))
        default:
            if try !ApplianceCommands.run(command, log: log) { fail("unknown command '\(command.name)'", status: 2) }
        }
    }
    finished()
} catch let usage as UsageError {
    fail(usage.message, status: 2)
} catch let failure as ApplianceCommands.Failure {
    fail(failure.message, status: failure.status)
} catch {
    fail("\(error)", status: 1)
}
