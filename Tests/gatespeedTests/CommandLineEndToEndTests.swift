import GateSpeedTestSupport
import Foundation
import Testing

/// The built `gatespeed` binary, run as a user would: exit codes, one-line errors, and the
/// demo's outputs (events, journal, WAV speech, clips).
@Suite struct CommandLineEndToEndTests {

    typealias Outcome = ProgramOutcome

    /// The test's environment with `$GATESPEED_CONFIG` pointing nowhere: the binary uses the
    /// built-in defaults whatever /etc/gatespeed holds on this machine.
    static func environment(config: String = "/nonexistent/gatespeed-test/config.json") -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["GATESPEED_CONFIG"] = config
        environment["NOTIFY_SOCKET"] = nil
        environment["JOURNAL_STREAM"] = nil
        return environment
    }

    func gatespeed(_ arguments: [String], environment: [String: String] = Self.environment()) throws -> Outcome {
        try runProgramSeparately(BuiltBinary.gatespeed, arguments, environment: environment)
    }

    /// Starts the demo at real cadence, its events on the returned pipe.
    func startDemo(seconds: Int, output: String) throws -> (Process, Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BuiltBinary.gatespeed)
        process.arguments = ["demo", "--seconds", String(seconds), "--output", output]
        process.environment = Self.environment()
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        return (process, out)
    }

    /// Reads events until one contains `marker` (or 30 s pass); returns what was read.
    func readUntil(_ marker: String, from pipe: Pipe) -> String {
        var seen = ""
        let deadline = Date().addingTimeInterval(30)
        while !seen.contains(marker) && Date() < deadline {
            seen += String(decoding: pipe.fileHandleForReading.availableData, as: UTF8.self)
        }
        return seen
    }

    func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gatespeed-cli-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func theLocatorPrefersTheBinaryBesideTheTestsAndElseTheDebugBuild() {
        #expect(BuiltBinary.locate("gatespeed", testBinary: "/nonexistent/products/GateSpeedPackageTests.xctest",
                                   packageRoot: "/src/gatespeed") == "/src/gatespeed/.build/debug/gatespeed")
        #expect(BuiltBinary.locate("sh", testBinary: "/bin/anything", packageRoot: "/src") == "/bin/sh")
        #expect(BuiltBinary.packageRoot.hasSuffix("/") == false)
        #expect(FileManager.default.fileExists(atPath: BuiltBinary.packageRoot + "/Package.swift"))
    }

    @Test func everyCommandHasHelp() throws {
        try #require(FileManager.default.isExecutableFile(atPath: BuiltBinary.gatespeed), "build first: \(BuiltBinary.gatespeed)")
        for command in ["run", "demo", "replay", "say", "devices", "check", "pair", "bench"] {
            let outcome = try gatespeed([command, "--help"])
            #expect(outcome.status == 0)
            #expect(outcome.stdout.contains("usage: gatespeed \(command)"))
        }
    }

    @Test func devicesListsCamerasAndChipsOrSaysNoneFound() throws {
        let outcome = try gatespeed(["devices"])
        #expect(outcome.status == 0)
        #expect(outcome.stdout.contains("Cameras:") && outcome.stdout.contains("GPIO chips:"))
        // This machine has neither: each list says so plainly (on a board it lists them).
        if !FileManager.default.fileExists(atPath: "/dev/video0") { #expect(outcome.stdout.contains("none found (no /dev/video*")) }
    }

    @Test func sayWritesAWAVFile() throws {
        let dir = try temporaryDirectory()
        let outcome = try gatespeed(["say", "--wav", dir + "/pass.wav", "31", "kilometres", "per", "hour.", "Pass."])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let size = (try FileManager.default.attributesOfItem(atPath: dir + "/pass.wav")[.size] as? Int) ?? 0
        #expect(size > 44 + 22050, "more than half a second of 16-bit speech at 22 kHz")
    }

    @Test func badUsageExitsTwoWithOneLine() throws {
        let outcome = try gatespeed(["replay"])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("needs exactly one FILE"))
        let unknown = try gatespeed(["replya"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("did you mean 'replay'"))
    }

    @Test func badConfigNamesTheKey() throws {
        let dir = try temporaryDirectory()
        let config = dir + "/config.json"
        try #"{"course": {"posts": [0.1, 0.3, 0.28, 0.7, 0.9]}}"#.write(toFile: config, atomically: true, encoding: .utf8)
        let outcome = try gatespeed(["run", "--check-config", "--config", config])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("config.json: course.posts[2]: 0.28 must be greater than posts[1] (0.30)"))
    }

    @Test func replayOfBadFilesFailsWithOneLine() throws {
        let dir = try temporaryDirectory()
        let text = dir + "/notes.mp4", empty = dir + "/empty.mp4"
        try "not a video".write(toFile: text, atomically: true, encoding: .utf8)
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        for path in [text, empty, dir + "/missing.mp4"] {
            let outcome = try gatespeed(["replay", path])
            #expect(outcome.status == 1, "\(path)")
            // One line for the reason, after the line saying which config was used.
            let lines = outcome.stderr.split(separator: "\n")
            #expect(lines.count == 2 && lines[0].hasPrefix("config: ") && lines[1].hasPrefix("gatespeed: "), "\(outcome.stderr)")
            #expect(outcome.stdout.isEmpty)
        }
    }

    @Test func demoProducesEventsJournalSpeechAndClips() throws {
        let dir = try temporaryDirectory()
        let outcome = try gatespeed(["demo", "--seconds", "22", "--fast", "--output", dir])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let events = outcome.stdout.split(separator: "\n")
        #expect(events.first?.hasPrefix(#"{"event":"ready""#) == true)
        #expect(events.contains { $0.contains(#""event":"result""#) && $0.contains(#""pass":true"#) })
        #expect(events.contains { $0.contains(#""event":"result""#) && $0.contains(#""pass":false"#) })
        #expect(events.last?.hasPrefix(#"{"event":"summary""#) == true)
        let journal = try String(contentsOfFile: dir + "/results.jsonl", encoding: .utf8)
        #expect(journal.contains("kilometres per hour. Pass."))
        let speech = try FileManager.default.contentsOfDirectory(atPath: dir + "/speech")
        #expect(speech.filter { $0.hasSuffix(".wav") }.count >= 2)
        let clips = FileManager.default.enumerator(atPath: dir + "/clips")?.compactMap { $0 as? String } ?? []
        #expect(clips.contains { $0.hasSuffix("-pass.mp4") })
        #expect(clips.contains { $0.hasSuffix("-fail.mp4") })
        #expect(clips.contains { $0.hasSuffix("index.json") })
    }

    /// SIGTERM right after a result, while its clip's post-roll is still being recorded: the
    /// service exits 0 within 3 s, the clip is written whole (cut short), nothing half-written
    /// is left, and the journal holds the result.
    @Test func sigtermDuringAClipLeavesNoPartialFileAndACompleteJournal() throws {
        let dir = try temporaryDirectory()
        // The first result comes about 8.1 s into the scene (real cadence); its clip needs
        // 3 s more of post-roll. Wait for the result line, then stop the service.
        let (process, out) = try startDemo(seconds: 40, output: dir)
        let seen = readUntil(#""event":"result""#, from: out)
        #expect(seen.contains(#""event":"result""#))
        let stopAsked = Date()
        process.terminate()   // SIGTERM
        process.waitUntilExit()
        let took = Date().timeIntervalSince(stopAsked)
        #expect(process.terminationStatus == 0)
        // Under a sanitizer (make sanitize) the exit is slower (LeakSanitizer scans the heap).
        let limit = ProcessInfo.processInfo.environment["GATESPEED_SANITIZER"] == nil ? 3.0 : 15.0
        #expect(took < limit, "exited \(took) s after SIGTERM")
        let files = FileManager.default.enumerator(atPath: dir)?.compactMap { $0 as? String } ?? []
        #expect(!files.contains { $0.hasSuffix(".partial") }, "\(files)")
        #expect(files.contains { $0.hasSuffix("run-0001-32kmh-pass.mp4") }, "\(files)")
        let journal = try String(contentsOfFile: dir + "/results.jsonl", encoding: .utf8)
        #expect(journal.contains("32 kilometres per hour. Pass."))
        #expect(journal.hasSuffix("\n"), "the journal ends on a complete line")
    }

    /// `kill -USR1` starts a new session: a `session` event with the tally back at zero, a
    /// session line in the journal, and the next runs counted (and filed) in the new session.
    @Test func sigusr1StartsANewSession() throws {
        let dir = try temporaryDirectory()
        let (process, out) = try startDemo(seconds: 21, output: dir)
        var seen = readUntil(#""event":"session""#, from: out)
        kill(process.processIdentifier, SIGUSR1)
        seen += String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let sessions = seen.split(separator: "\n").filter { $0.contains(#""event":"session""#) }
        #expect(sessions.count >= 3, "\(sessions)")
        #expect(sessions.count >= 2 && sessions[1].contains(#""runs":0"#), "the tally restarts: \(sessions)")
        #expect(sessions.last?.contains(#""runs":1"#) == true, "the next run counts in the new session: \(sessions)")
        let journal = try String(contentsOfFile: dir + "/results.jsonl", encoding: .utf8)
        #expect(journal.contains(#""reason":"command""#))
        let folders = try FileManager.default.contentsOfDirectory(atPath: dir + "/clips")
        let sessionFolders = folders.flatMap { (try? FileManager.default.contentsOfDirectory(atPath: dir + "/clips/" + $0)) ?? [] }
        #expect(sessionFolders.contains("session-2"), "\(sessionFolders)")
    }
}
