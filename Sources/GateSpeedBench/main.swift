// gatespeed-bench: the benchmark and the randomised scene sweep, in their own executable so
// that the counting allocator (AllocationCounting) is never linked into the appliance.
// `gatespeed bench ARGS` checks ARGS and runs this program (beside it) with them; it can also
// be run directly: `gatespeed-bench [FILE] [--frames N] [--sweep N [--seed S] [--perspective]]`.
// Exit status: 0 done, 2 bad usage, 1 anything else (one line on stderr).
import Glibc
import GateSpeedPlatform
import GateSpeedApp
import GateSpeedConfig

func fail(_ message: String, status: Int32) -> Never {
    StandardStream.error.write("gatespeed: " + message + "\n")
    exit(status)
}

do {
    // The same command table as `gatespeed bench`, so options, ranges and help agree.
    switch try CommandLineParser.parse(["bench"] + CommandLine.arguments.dropFirst()) {
    case .help(let text):
        StandardStream.output.write(text + "\n")
        exit(0)
    case .usage(let text):
        fail(text, status: 2)
    case .run(let command):
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
        let perspective = command.has("--perspective")
        if perspective && sweep == nil { fail("bench: --perspective goes with --sweep", status: 2) }
        let status = BenchCommand.run(file: command.positionals.first, frames: frames, sweep: sweep, seed: seed,
                                      perspective: perspective)
        if status == 0, let failure = StandardStream.output.failureSummary { fail(failure, status: 1) }
        exit(status)
    }
} catch let usage as UsageError {
    fail(usage.message, status: 2)
} catch {
    fail("\(error)", status: 1)
}
