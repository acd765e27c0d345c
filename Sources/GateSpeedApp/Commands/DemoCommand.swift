import Foundation
import GateSpeedBoard
import GateSpeedCore
import GateSpeedIndicators
import GateSpeedSimulation
import GateSpeedPlatform

/// `gatespeed demo`: the whole service on the built-in simulated course, at real cadence:
/// simulated camera and LEDs (a strip on stderr), real speech (WAV files without a sound
/// card), real clips, a real journal.
enum DemoCommand {
    static func run(_ command: ParsedCommand, log: Log) throws(CommandFailure) {
        let loaded = try Assembly.loadConfig(command, log: log)
        let config = loaded.config
        try Assembly.checkVoice(loaded, log: log)
        StandardStream.ignoreBrokenPipeSignal()
        StandardStream.output.markAsEventStream()
        // Checked against CommandTable.demoSeconds by the parser: finite, 1 ... 86400.
        let seconds = command.number("--seconds") ?? 60
        let output = command.value("--output") ?? "demo-output"
        let clipsDirectory = output + "/clips", speechDirectory = output + "/speech"
        let journalPath = output + "/results.jsonl"

        let mqttSettings = try Assembly.mqttSettings(loaded, journalPath: journalPath)
        let scene = DemoScene.make(seconds: seconds)
        var source = SimulatedCourseSource(scene: scene)
        let pipeline = try Assembly.pipeline(config, source: loaded.source, log: log)
        let journal = Assembly.journal(at: journalPath, log: log)
        Assembly.reportRestoredSession(journal, log: log)
        let sink = Assembly.eventSink(config, journal: journal, speak: true, wavFallback: speechDirectory, log: log)
        let recorder = Assembly.recorder(config, directory: clipsDirectory, session: journal.current.session,
                                         width: scene.width, height: scene.height, sink: sink, log: log)
        let strip = TerminalLEDStrip { line in log.info("LEDs  " + line) }
        let leds = LEDDriver(output: strip, clock: { FrameLoop.monotonicNow() })
        leds.start()

        let commands = LoopCommands()
        // Not under systemd: the phase and faults are kept for the pages and MQTT only.
        let status = ServiceStatusReporter(notifier: nil)
        let mqtt = Assembly.mqttSink(mqttSettings, journal: journal, sink: sink, status: status, commands: commands, log: log)
        NewSessionSignal.install()
        let fast = command.has("--fast")
        let shutdown = ShutdownSignal.install()
        if let recorder {
            sink.onSessionChange { [weak recorder] session in
                do { try recorder?.setSession(session) } catch { log.warning("clips: \(error)") }
            }
        }
        var loop = FrameLoop(pipeline: pipeline, sink: sink, recorder: recorder, commands: commands, shutdown: shutdown,
                             notifier: nil, log: log, indicate: { leds.update($0) })
        loop.storageFault = { leds.setBackgroundFault($0) }
        loop.status = status
        let handover = PipelineHandover()
        loop.courseHandover = handover
        let liveView = Assembly.liveView(config, width: scene.width, height: scene.height, log: log)
        loop.liveView = liveView
        let pairing = Assembly.pairing(config, journalPath: journalPath, log: log)
        let pages = Assembly.webPages(WebWiring(loaded: loaded, sink: sink, status: status, commands: commands,
                                                clipsDirectory: clipsDirectory, recorder: recorder, handover: handover,
                                                pairing: pairing, tally: Assembly.tally(journal), log: log,
                                                liveView: liveView))
        // No button in the demo: Enter on the terminal completes a pairing.
        if pages != nil { Assembly.pairFromTerminal(pairing, log: log) }
        log.info("demo: \(DecimalFormat.trimmed(seconds, maxDecimals: 1)) s of the built-in course at \(fast ? "full speed" : "real cadence"); outputs in \(output)/")
        let summary = loop.run(&source, pacing: LoopPacing(realTime: !fast, stopAfter: seconds, recorderMayBlock: fast,
                                                             scriptedPresses: DemoScene.highlightPresses(seconds: seconds)))
        recorder?.stop()
        liveView.stop()
        sink.post(.summary(t: summary.lastTime, frames: summary.statistics.delivered, dropped: summary.statistics.dropped,
                           corrupt: summary.statistics.corrupt, wallSeconds: summary.wallSeconds))
        sink.finish()
        mqtt?.stop()
        // Let the last announcement finish, so its WAV file is complete.
        sink.stopSpeaking(abandoningPending: false)
        pages?.stop()
        leds.stop()
        log.info("demo finished. Clips: \(clipsDirectory)/  Speech: \(speechDirectory)/  Journal: \(journalPath)")
    }
}
