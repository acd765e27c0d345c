import Foundation
import Testing
import GateSpeedTestSupport

/// A real full disk (a 1 MB tmpfs, filled) under the demo's journal, clips and speech: the
/// service starts, times and prints every run, says the journal is faulty, and at the end logs
/// every result the disk would not take. Before: `results journal …: No space left on device`
/// and exit 1, which under systemd is a restart loop with dark LEDs.
@Suite(.enabled(if: FullDisk.canMount, "needs root and tmpfs mounts")) struct CommandLineFullDiskTests {
    @Test func aDiskFullAtStartRunsTimesAndShowsTheFault() throws {
        let disk = try FullDisk()
        defer { disk.unmount() }
        let outcome = try CommandLineEndToEndTests().gatespeed(["demo", "--seconds", "22", "--fast", "--output", disk.output])
        #expect(outcome.status == 0, "\(outcome.stderr.suffix(2_000))")
        let results = outcome.stdout.split(separator: "\n").filter { $0.contains(#""event":"result""#) }
        #expect(results.count >= 2, "timing went on")
        #expect(outcome.stderr.contains("results journal") && outcome.stderr.contains("No space left on device"))
        #expect(outcome.stderr.contains("status LED blinks fast"))
        let unsaved = outcome.stderr.split(separator: "\n").filter { $0.contains("NOT SAVED:") && $0.contains(#""event":"result""#) }
        #expect(unsaved.count == results.count, "every result the disk refused is in the log")
    }

    /// The disk fills after the first result and is freed after the second: the second,
    /// printed and spoken meanwhile, is in the journal afterwards, after the first.
    @Test func aDiskThatFillsDuringARunLosesNoResult() throws {
        let disk = try FullDisk(size: "64m", fill: false)
        defer { disk.unmount() }
        try FileManager.default.createDirectory(atPath: disk.output, withIntermediateDirectories: true)
        let cli = CommandLineEndToEndTests()
        let (process, out) = try cli.startDemo(seconds: 22, output: disk.output)
        var seen = cli.readUntil(#""event":"result""#, from: out)
        disk.fill()
        // Before: this result was printed and spoken, and missing from results.jsonl.
        seen += cli.readUntil(#""pass":false"#, from: out)
        disk.free()
        seen += String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let printed = seen.split(separator: "\n").filter { $0.contains(#""event":"result""#) }
        #expect(printed.count == 2, "\(printed)")
        let journal = try String(contentsOfFile: disk.output + "/results.jsonl", encoding: .utf8)
        let journalled = journal.split(separator: "\n").filter { $0.contains(#""event":"result""#) }
        #expect(journalled.count == printed.count, "\(journal)")
        #expect(journalled.last?.contains("Fail.") == true && journalled.first?.contains("Pass.") == true)
    }
}
