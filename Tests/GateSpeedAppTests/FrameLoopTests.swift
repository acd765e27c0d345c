import Foundation
import GateSpeedBoard
import GateSpeedCore
import GateSpeedFrames
import GateSpeedPlatform
import GateSpeedConfig
import GateSpeedJournal
import GateSpeedSimulation
import Synchronization
import Testing
@testable import GateSpeedApp

/// Issue 13, defect 6: the frame loop, the event sink and the presentation tested in process,
/// on the simulated course (the demo's lap: 30 fps with jitter and 3 % of frames dropped), with
/// an injected wall clock. No binary is launched and nothing is timed.
@Suite struct FrameLoopTests {
    /// What the loop did: the event lines as printed, and the LED states.
    final class Record: @unchecked Sendable {
        let lines = Mutex<[String]>([])
        var indicators: [IndicatorState] = []

        func events(_ name: String) -> [[String: Any]] {
            lines.withLock { $0 }.compactMap { line in
                guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                      object["event"] as? String == name else { return nil }
                return object
            }
        }
    }

    /// Forwards a source's frames and, at given source times, acts (a command) or fails
    /// (`faultCalls` calls answer `.fault` instead of a frame).
    struct ScriptedSource<Base: FrameSource>: FrameSource {
        var base: Base
        var actions: [(t: Double, act: () -> Void)]
        var faultAt: Double?
        var faultCalls = 0
        private var lastTime = 0.0
        private var faulting = 0

        init(base: Base, actions: [(t: Double, act: () -> Void)], faultAt: Double? = nil, faultCalls: Int = 0) {
            self.base = base
            self.actions = actions
            self.faultAt = faultAt
            self.faultCalls = faultCalls
        }

        var frameWidth: Int { base.frameWidth }
        var frameHeight: Int { base.frameHeight }
        var nominalFramesPerSecond: Double { base.nominalFramesPerSecond }
        var statistics: FrameSourceStatistics { base.statistics }

        mutating func nextFrame(_ body: (VideoFrame) -> Void) -> FrameOutcome {
            if let at = faultAt, lastTime >= at {
                faultAt = nil
                faulting = faultCalls
            }
            if faulting > 0 {
                faulting -= 1
                return .fault(reason: "simulated unplug")
            }
            var seen = lastTime
            let outcome = base.nextFrame { frame in
                seen = frame.timestamp
                body(frame)
            }
            lastTime = seen
            while let next = actions.first, next.t <= seen {
                actions.removeFirst()
                next.act()
            }
            return outcome
        }
    }

    /// Runs the demo's lap for `seconds` through a real `FrameLoop` and `EventSink` (a journal in
    /// a temporary folder, no voice, no clips); `script` gets the loop's commands.
    static func run(seconds: Double = 60, faultAt: Double? = nil,
                    script: (LoopCommands) -> [(t: Double, act: () -> Void)] = { _ in [] }) throws -> (Record, LoopSummary, ManualClock) {
        let record = Record()
        let log = Log(level: .error, write: { _ in })
        let directory = NSTemporaryDirectory() + "gatespeed-frameloop-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let pipeline = try Assembly.pipeline(GateSpeedConfig(), source: "test", log: log)
        let journal = ResultsJournal(path: directory + "/results.jsonl")
        let sink = EventSink(journal: journal, log: log, write: { line in record.lines.withLock { $0.append(line) } })
        sink.start()
        let commands = LoopCommands()
        let clock = ManualClock(seconds: 5_000)
        var loop = FrameLoop(pipeline: pipeline, sink: sink, recorder: nil, commands: commands,
                             shutdown: ShutdownSignal.independent(), notifier: nil, log: log,
                             indicate: { record.indicators.append($0) })
        loop.clock = { clock.advance(by: 0.001); return clock.now() }
        var source = ScriptedSource(base: SimulatedCourseSource(scene: DemoScene.make(seconds: seconds)),
                                    actions: script(commands), faultAt: faultAt, faultCalls: 5)
        let summary = loop.run(&source, pacing: LoopPacing(stopAfter: seconds))
        sink.finish()
        return (record, summary, clock)
    }

    @Test func theDemoLapIsTimedAndAnnounced() throws {
        let (record, summary, _) = try Self.run()
        #expect(!record.events("ready").isEmpty)
        let results = record.events("result")
        #expect(results.map { $0["pass"] as? Bool } == [true, false, true])
        for result in results {
            let words = result["announcement"] as? String ?? ""
            let pass = result["pass"] as? Bool ?? false
            #expect(words.hasSuffix(pass ? "Pass." : "Fail.") || words.contains(pass ? "Pass." : "Fail."))
        }
        #expect(record.events("invalid").count == 1)
        #expect(record.events("session").last?["runs"] as? Int == 3)
        #expect(record.indicators.contains(.calibrating))
        #expect(summary.statistics.delivered > 1_500)
    }

    @Test func theWallClockIsTheInjectedOne() throws {
        let (_, summary, clock) = try Self.run(seconds: 10)
        // Every read advances the manual clock by 1 ms: wall_s counts reads, not real time.
        #expect(summary.wallSeconds > 0)
        #expect(clock.now() - 5_000 >= summary.wallSeconds)
    }

    @Test func aNewSessionStartsTheTallyAgain() throws {
        let (record, _, _) = try Self.run { commands in [(t: 30, act: { commands.requestNewSession() })] }
        let runsAfterEachSession = record.events("session").compactMap { $0["runs"] as? Int }
        // Two results before the new session at 30 s, the tally back to 0, one more after it.
        #expect(runsAfterEachSession.contains(2))
        #expect(runsAfterEachSession.contains(0))
        #expect(runsAfterEachSession.last == 1)
    }

    @Test func aRecalibrationLearnsTheCourseAgain() throws {
        let (record, _, _) = try Self.run(seconds: 40) { commands in [(t: 12, act: { commands.requestRecalibration() })] }
        #expect(record.events("ready").count >= 2)
        let calibrations = record.indicators.filter { $0 == .calibrating }.count
        #expect(calibrations >= 2)
    }

    @Test func aCameraFaultDuringARunEndsItAsCameraLost() throws {
        // The first rider starts at 5 s and finishes at about 8 s.
        let (record, _, _) = try Self.run(seconds: 20, faultAt: 6.5)
        let invalid = record.events("invalid")
        #expect(invalid.contains { $0["reason"] as? String == "camera_lost" })
        #expect(record.indicators.contains(.fault))
    }
}
