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
            // The options were checked above (CommandTable); the benchmark itself, with its
            // counting allocator, is the separate `gatespeed-bench` installed beside this program.
            guard let bench = SiblingExecutable.path(of: "gatespeed-bench") else {
                fail("bench: cannot find this program's own folder (/proc/self/exe)", status: 1)
            }
            let reason = SiblingExecutable.replaceProcess(with: bench, arguments: [bench] + CommandLine.arguments.dropFirst(2))
            fail("bench: cannot run \(bench) (\(reason)); it is built with `make release` (`swift build --product gatespeed-bench`)", status: 1)
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
