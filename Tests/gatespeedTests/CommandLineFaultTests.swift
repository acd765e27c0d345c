#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import GateSpeedTestSupport

/// The built binary against hostile input and a hostile environment (issue 12): numbers that
/// used to trap, standard output that fails, a FIFO for a config, a misspelt voice, the default
/// config file, and what systemd is told while the camera is missing.
@Suite struct CommandLineFaultTests {
    let cli = CommandLineEndToEndTests()

    struct Ended {
        var reason: Process.TerminationReason
        var status: Int32
        var stderr: String
    }

    /// Runs the binary with stdout on `stdout` (a file handle the test opened) and waits at most
    /// 120 s; a crash shows as `.uncaughtSignal`.
    func run(_ arguments: [String], stdout: FileHandle, environment: [String: String] = CommandLineEndToEndTests.environment(),
             ignoringSIGPIPE: Bool = false) throws -> Ended {
        let process = Process()
        if ignoringSIGPIPE {
            // systemd's default: SIGPIPE ignored, so a write to a closed pipe returns EPIPE.
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "trap '' PIPE; exec \"$0\" \"$@\"", BuiltBinary.gatespeed] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: BuiltBinary.gatespeed)
            process.arguments = arguments
        }
        process.environment = environment
        process.standardOutput = stdout
        let err = Pipe()
        process.standardError = err
        try process.run()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Ended(reason: process.terminationReason, status: process.terminationStatus,
                     stderr: String(decoding: stderr, as: UTF8.self))
    }

    @Test func noArgumentsPrintUsageAndExitTwo() throws {
        let outcome = try cli.gatespeed([])
        #expect(outcome.status == 2)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.contains("usage: gatespeed COMMAND"))
    }

    /// Each of these trapped (SIGILL) or was accepted before; now exit 2 naming the key or option.
    @Test func hugeNumbersAreRefusedNamingTheKeyOrOption() throws {
        let directory = try TemporaryDirectory()
        try directory.write(#"{"course": {"length_m": 1e18}, "board": {"profile": "simulated"}}"#, to: "config.json")
        let checked = try cli.gatespeed(["run", "--check-config", "--config", directory.path + "/config.json"])
        #expect(checked.status == 2)
        #expect(checked.stderr.contains("config.json: course.length_m: 1e+18 must be between 1 and 1000"), "\(checked.stderr)")
        let demo = try cli.gatespeed(["demo", "--seconds", "1e19", "--output", directory.path + "/out"])
        #expect(demo.status == 2)
        #expect(demo.stderr.contains("demo: --seconds: '1e19' must be a number from 1 to 86400"), "\(demo.stderr)")
        for (option, value) in [("--frames", "1e30"), ("--frames", "0"), ("--sweep", "-3"), ("--frames", "2.5")] {
            let bench = try cli.gatespeed(["bench", option, value])
            #expect(bench.status == 2, "\(option) \(value)")
            #expect(bench.stderr.contains("bench: \(option): '\(value)' must be a whole number from 1 to 100000"), "\(bench.stderr)")
        }
        let help = try cli.gatespeed(["demo", "--help"])
        #expect(help.stdout.contains("(default 60; 1 … 86400)"))
    }

    /// Issue 12: `demo > /dev/full` crashed in FileHandle.write. Now the events are dropped, the
    /// demo times its runs to the end (the journal has them), and the exit status says output failed.
    @Test func standardOutputOnAFullDeviceDoesNotStopTiming() throws {
        let directory = try TemporaryDirectory()
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let ended = try run(["demo", "--seconds", "10", "--fast", "--output", directory.path], stdout: full)
        #expect(ended.reason == .exit, "crashed: \(ended.stderr.suffix(2000))")
        #expect(ended.status == 1)
        #expect(ended.stderr.contains("standard output failed (No space left on device)"), "\(ended.stderr)")
        let journal = try readText(directory.path + "/results.jsonl")
        #expect(journal.contains(#""event":"result""#), "the run was timed and journalled")
    }

    /// Issue 12: stdout a pipe whose reader has gone, SIGPIPE ignored (as under systemd).
    @Test func aClosedPipeWithSIGPIPEIgnoredDoesNotStopTiming() throws {
        let directory = try TemporaryDirectory()
        let out = Pipe()
        try out.fileHandleForReading.close()   // nobody will ever read
        let ended = try run(["demo", "--seconds", "10", "--fast", "--output", directory.path],
                            stdout: out.fileHandleForWriting, ignoringSIGPIPE: true)
        #expect(ended.reason == .exit, "crashed: \(ended.stderr.suffix(2000))")
        #expect(ended.status == 1)
        #expect(ended.stderr.contains("standard output failed (Broken pipe)"), "\(ended.stderr)")
        #expect(try readText(directory.path + "/results.jsonl").contains(#""event":"result""#))
    }

    /// Issue 12: `--config FIFO` hung; `replay FIFO` said "empty (0 bytes)".
    @Test func aFIFOIsRefusedAtOnce() throws {
        let directory = try TemporaryDirectory()
        let fifo = directory.path + "/config.json"
        try #require(mkfifo(fifo, 0o600) == 0)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BuiltBinary.gatespeed)
        process.arguments = ["run", "--check-config", "--config", fifo]
        process.environment = CommandLineEndToEndTests.environment()
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        if finished.wait(timeout: .now() + 30) == .timedOut {
            Issue.record("--config on a FIFO hangs")
            kill(process.processIdentifier, SIGKILL)   // the child inherits this thread's blocked SIGTERM
        }
        process.waitUntilExit()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 2)
        #expect(stderr.contains("config.json: is a FIFO (named pipe), not a regular file"), "\(stderr)")
        let replay = try cli.gatespeed(["replay", fifo])
        #expect(replay.status == 1)
        #expect(replay.stderr.contains("FIFO (named pipe), not a regular file"), "\(replay.stderr)")
    }

    /// Issue 12: a misspelt voice passed `--check-config`, and the service ran mute.
    @Test func aMisspeltVoiceIsRefusedWithTheNearestNames() throws {
        let directory = try TemporaryDirectory()
        try directory.write(#"{"voice": {"name": "engb"}, "board": {"profile": "simulated"}}"#, to: "config.json")
        let outcome = try cli.gatespeed(["run", "--check-config", "--config", directory.path + "/config.json"])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains(#"config.json: voice.name: eSpeak NG has no voice "engb" (did you mean "en-gb""#),
                "\(outcome.stderr)")
        try directory.write(#"{"voice": {"name": "en-gb"}, "board": {"profile": "simulated"}}"#, to: "good.json")
        let good = try cli.gatespeed(["run", "--check-config", "--config", directory.path + "/good.json"])
        #expect(good.status == 0, "\(good.stderr)")
        #expect(good.stdout == "configuration is valid\n")
    }

    /// Issue 12: replay, say, check and demo ignored /etc/gatespeed/config.json without --config.
    /// `$GATESPEED_CONFIG` stands in for that path; a bad key in it stops each of them, naming it.
    @Test func everyCommandReadsTheDefaultConfigAndSaysWhich() throws {
        let directory = try TemporaryDirectory()
        try directory.write(#"{"voice": {"rate": 500}}"#, to: "config.json")
        let environment = CommandLineEndToEndTests.environment(config: directory.path + "/config.json")
        let commands = [["say", "--wav", directory.path + "/x.wav", "hello"], ["check"],
                        ["demo", "--seconds", "2", "--fast", "--output", directory.path + "/demo"],
                        ["replay", directory.path + "/missing.mp4"], ["run", "--check-config"]]
        for command in commands {
            let outcome = try cli.gatespeed(command, environment: environment)
            #expect(outcome.status == 2, "\(command): \(outcome.stderr)")
            #expect(outcome.stderr.contains("config.json: voice.rate: 500 must be between 80 and 450"), "\(command): \(outcome.stderr)")
        }
        try directory.write(#"{"voice": {"rate": 200}}"#, to: "config.json")
        let used = try cli.gatespeed(["say", "--wav", directory.path + "/x.wav", "hello"], environment: environment)
        #expect(used.status == 0, "\(used.stderr)")
        #expect(used.stderr.contains("config: \(directory.path)/config.json"), "\(used.stderr)")
        let defaults = try cli.gatespeed(["say", "--wav", directory.path + "/y.wav", "hello"])
        #expect(defaults.stderr.contains("config: built-in defaults (there is no /nonexistent/gatespeed-test/config.json)"),
                "\(defaults.stderr)")
    }

    /// Issue 12: STATUS= never left "calibrating", and WATCHDOG=1 came every few seconds with no
    /// camera at all. Now the status names the camera fault; pings come only within the camera's
    /// reopening grace (WatchdogRule, tested with the clock in NotifyTests).
    @Test func withoutACameraSystemdIsToldTheFault() throws {
        let directory = try TemporaryDirectory()
        let systemd = try FakeNotifySocket(directory: directory.path)
        try directory.write("""
            {"camera": {"device": "/dev/gatespeed-test-no-camera"}, "board": {"profile": "simulated"},
             "clips": {"directory": "\(directory.path)/clips"}, "journal": {"path": "\(directory.path)/results.jsonl"}}
            """, to: "config.json")
        var environment = CommandLineEndToEndTests.environment()
        environment["NOTIFY_SOCKET"] = systemd.address
        environment["WATCHDOG_USEC"] = "1000000"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BuiltBinary.gatespeed)
        process.arguments = ["run", "--config", directory.path + "/config.json"]
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        var messages: [String] = []
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline && !(messages.contains { $0.contains("camera:") } && messages.contains("WATCHDOG=1")) {
            messages += systemd.receiveAll()
            usleep(50_000)
        }
        process.terminate()
        process.waitUntilExit()
        messages += systemd.receiveAll()
        #expect(messages.first == "READY=1\nSTATUS=calibrating", "\(messages)")
        #expect(messages.contains { $0.hasPrefix("STATUS=fault; camera: ") && $0.contains("gatespeed-test-no-camera") },
                "\(messages)")
        #expect(messages.contains("WATCHDOG=1"), "within the reopening grace the watchdog is fed")
        #expect(messages.last == "STOPPING=1", "\(messages)")
        #expect(process.terminationStatus == 0)
    }
}
