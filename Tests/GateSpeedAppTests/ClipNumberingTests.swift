import Foundation
import GateSpeedCore
import GateSpeedPlatform
import GateSpeedRecording
import GateSpeedConfig
import GateSpeedJournal
import GateSpeedSimulation
import Synchronization
import Testing
@testable import GateSpeedApp

/// Issue 13, defect 3: the journal is the one owner of the session and run numbers. A run's clip
/// is asked for after journalling, with the journal's numbers, so the numbering is right across
/// a date change and a new session (SIGUSR1) during a clip's post-roll.
@Suite(.serialized) struct ClipNumberingTests {
    final class Dates: @unchecked Sendable {
        let now = Mutex<Date>(Date(timeIntervalSince1970: 1_780_000_000))   // a day in 2026, about noon UTC
        func nextDay() { now.withLock { $0 += 86_400 } }
    }

    /// The demo's first two riders (a pass at about 8.6 s, a fail at about 19.5 s) through the
    /// real loop, sink, journal and recorder; returns the run clips' paths relative to the clip folder.
    static func runClips(script: (LoopCommands, Dates) -> [(t: Double, act: () -> Void)]) throws -> [String] {
        let log = Log(level: .error, write: { _ in })
        let directory = NSTemporaryDirectory() + "gatespeed-numbering-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let dates = Dates()
        let lines = Mutex<[String]>([])
        let config = GateSpeedConfig()
        let pipeline = try Assembly.pipeline(config, source: "test", log: log)
        let journal = ResultsJournal(path: directory + "/results.jsonl", clock: { dates.now.withLock { $0 } })
        let sink = EventSink(journal: journal, log: log, write: { line in lines.withLock { $0.append(line) } })
        sink.start()
        let recorder = try #require(Assembly.recorder(config, directory: directory + "/clips", session: journal.current.session,
                                                      width: 640, height: 480, sink: sink, log: log))
        sink.onSessionChange { [weak recorder] session in try? recorder?.setSession(session) }
        let commands = LoopCommands()
        var loop = FrameLoop(pipeline: pipeline, sink: sink, recorder: recorder, commands: commands,
                             shutdown: ShutdownSignal.independent(), notifier: nil, log: log, indicate: { _ in })
        let clock = ManualClock()
        loop.clock = { clock.now() }
        var source = FrameLoopTests.ScriptedSource(base: SimulatedCourseSource(scene: DemoScene.make(seconds: 24)),
                                                   actions: script(commands, dates))
        _ = loop.run(&source, pacing: LoopPacing(stopAfter: 24, recorderMayBlock: true))
        recorder.stop()
        sink.finish()
        return lines.withLock { $0 }.compactMap { line -> String? in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  object["event"] as? String == "clip", object["kind"] as? String == "run",
                  let path = object["path"] as? String, let range = path.range(of: "/clips/") else { return nil }
            return String(path[range.upperBound...])
        }
    }

    /// "2026-05-28/session-1/run-0001-32kmh-pass.mp4" -> ("2026-05-28", "session-1", "run-0001")
    static func parts(_ path: String) -> (date: String, session: String, run: String) {
        let pieces = path.split(separator: "/").map(String.init)
        guard pieces.count == 3 else { return ("", "", "") }
        return (pieces[0], pieces[1], String(pieces[2].prefix(8)))
    }

    @Test func theFirstRunOfANewDayIsRunOneOfItsSession() throws {
        let clips = try Self.runClips { _, dates in [(t: 12, act: { dates.nextDay() })] }
        try #require(clips.count == 2)
        let first = Self.parts(clips[0]), second = Self.parts(clips[1])
        #expect(first.run == "run-0001" && first.session == "session-1")
        #expect(second.date != first.date, "the second run was filed under the old day: \(clips)")
        #expect(second.session == "session-1" && second.run == "run-0001", "\(clips)")
    }

    @Test func aNewSessionDuringAPostRollLeavesThatClipInItsOwnSession() throws {
        // The first run finishes at about 8.6 s; its post-roll lasts 3 s.
        let clips = try Self.runClips { commands, _ in [(t: 9.5, act: { commands.requestNewSession() })] }
        try #require(clips.count == 2)
        let first = Self.parts(clips[0]), second = Self.parts(clips[1])
        #expect(first.session == "session-1" && first.run == "run-0001", "\(clips)")
        #expect(second.session == "session-2" && second.run == "run-0001", "\(clips)")
        #expect(second.date == first.date)
    }
}
