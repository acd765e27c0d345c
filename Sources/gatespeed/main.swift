// gatespeed: the composition root. Parses the command line and wires the adapters to the
// pure-Swift core for each subcommand. Exit status: 0 success, 2 bad usage or config,
// 1 anything else (one line on stderr).
import Foundation
import GateSpeedService

let log = Log(level: .info, style: .automatic(environment: ProcessInfo.processInfo.environment))

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data(("gatespeed: " + message + "\n").utf8))
    exit(status)
}

do {
    switch try CommandLineParser.parse(Array(CommandLine.arguments.dropFirst())) {
    case .help(let text):
        print(text)
    case .run(let command):
        switch command.name {
        case "run": try RunCommand.run(command, log: log)
        case "demo": try DemoCommand.run(command, log: log)
        case "replay": try ReplayCommand.run(command, log: log)
        case "say": try SayCommand.run(command)
        case "devices": DevicesCommand.run()
        case "check": try CheckCommand.run(command, log: log)
        case "bench":
            var frames = BenchCommand.defaultFrames
            if let text = command.value("--frames") {
                guard let n = Int(text), n > 0 else { fail("bench: --frames: '\(text)' must be a positive whole number", status: 2) }
                frames = n
            }
            var sweep: Int?
            if let text = command.value("--sweep") {
                guard let n = Int(text), n > 0 else { fail("bench: --sweep: '\(text)' must be a positive whole number", status: 2) }
                guard command.positionals.isEmpty else { fail("bench: --sweep judges simulated scenes, not FILE", status: 2) }
                sweep = n
            }
            var seed = SweepCommand.defaultSeed
            if let text = command.value("--seed") {
                guard let s = UInt64(text) else { fail("bench: --seed: '\(text)' must be a whole number of at least 0", status: 2) }
                guard sweep != nil else { fail("bench: --seed goes with --sweep", status: 2) }
                seed = s
            }
            exit(BenchCommand.run(file: command.positionals.first, frames: frames, sweep: sweep, seed: seed))
        default: fail("unknown command '\(command.name)'", status: 2)
        }
    }
} catch let usage as UsageError {
    fail(usage.message, status: 2)
} catch let failure as CommandFailure {
    fail(failure.message, status: failure.status)
} catch {
    fail("\(error)", status: 1)
}
