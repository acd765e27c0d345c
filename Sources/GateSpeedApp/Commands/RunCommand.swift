import Foundation
import GateSpeedBoard
import GateSpeedIndicators
import GPIODLines
import V4L2Camera
import GateSpeedPlatform

/// `gatespeed run`: the appliance. Camera -> vision -> timing on this thread (the tight loop);
/// LEDs, button, speech, events, journal and clips each on their own thread behind bounded
/// queues. Runs until SIGTERM/SIGINT, then finishes the clip being written, flushes the
/// journal, releases the camera and the GPIO lines.
enum RunCommand {
    static func run(_ command: ParsedCommand, log: Log) throws(CommandFailure) {
        let loaded = try Assembly.loadConfig(command, log: log)
        let config = loaded.config
        let pipeline = try Assembly.pipeline(config, source: loaded.source, log: log)
        let profile = try Assembly.boardProfile(loaded)
        try Assembly.checkVoice(loaded, log: log)
        let mqttSettings = try Assembly.mqttSettings(loaded, journalPath: config.journal.path)
        if command.has("--check-config") {
            StandardStream.output.write("configuration is valid\n")
            return
        }
        StandardStream.ignoreBrokenPipeSignal()
        StandardStream.output.markAsEventStream()
        let shutdown = ShutdownSignal.install()
        let notifier = SystemdNotifier()
        let status = ServiceStatusReporter(notifier: notifier)

        let journal = Assembly.journal(at: config.journal.path, log: log)
        Assembly.reportRestoredSession(journal, log: log)
        let sink = Assembly.eventSink(config, journal: journal, speak: true, wavFallback: nil, log: log)

        let commands = LoopCommands()
        let mqtt = Assembly.mqttSink(mqttSettings, journal: journal, sink: sink, status: status, commands: commands, log: log)
        NewSessionSignal.install()
        let pairing = Assembly.pairing(config, journalPath: config.journal.path, log: log)
        let situation = MachineSituationCell(.calibrating)
        var indicate: (IndicatorState) -> Void = { _ in }
        var stopBoard: () -> Void = {}
        var storageFault: (Bool) -> Void = { _ in }
        if let profile {
            do {
                let lines = try GPIODBoard.open(profile)
                let leds = LEDDriver(output: lines.leds, clock: { FrameLoop.monotonicNow() })
                leds.start()
                let watcher = ButtonWatcher(source: lines.button, situation: { situation.value },
                                            onAction: { action in
                                                // A short press while a phone waits to pair pairs it; a
                                                // long one (recalibrate) revokes every other token first.
                                                let long = action == .recalibrate
                                                if pairing.buttonPressed(now: FrameLoop.monotonicNow(), revokingOthers: long) {
                                                    sink.confirm(long ? "Paired. Other phones revoked." : "Paired.")
                                                    log.info(long ? "pages: paired by a long press; every other token revoked"
                                                                  : "pages: paired by the button")
                                                    return
                                                }
                                                sink.confirm(action.confirmation)
                                                switch action {
                                                case .highlight: commands.requestHighlight()
                                                case .rearm: commands.requestRearm()
                                                case .recalibrate: commands.requestRecalibration()
                                                }
                                            },
                                            log: log)
                watcher.start()
                indicate = { state in
                    leds.update(state)
                    situation.set(Self.situation(for: state))
                }
                stopBoard = { watcher.stop(); leds.stop() }
                storageFault = { leds.setBackgroundFault($0) }
            } catch {
                log.error("GPIO: \(error); running without LEDs and button")
            }
        } else {
            let strip = TerminalLEDStrip { line in log.info("LEDs  " + line) }
            let leds = LEDDriver(output: strip, clock: { FrameLoop.monotonicNow() })
            leds.start()
            indicate = { leds.update($0) }
            stopBoard = { leds.stop() }
            storageFault = { leds.setBackgroundFault($0) }
        }

        let settings = CameraSettings(device: config.camera.device, width: config.camera.width, height: config.camera.height,
                                      framesPerSecond: config.camera.framesPerSecond,
                                      io: CameraIOMode(rawValue: config.camera.io.rawValue) ?? .auto)
        let camera = V4L2CameraSource(settings: settings, log: log)
        var source = camera
        let recorder = Assembly.recorder(config, directory: config.clips.directory, session: journal.current.session,
                                         width: config.camera.width, height: config.camera.height, sink: sink, log: log)
        if let recorder {
            sink.onSessionChange { [weak recorder] session in
                do { try recorder?.setSession(session) } catch { log.warning("clips: \(error)") }
            }
        }
        var loop = FrameLoop(pipeline: pipeline, sink: sink, recorder: recorder, commands: commands, shutdown: shutdown,
                             notifier: notifier, log: log, indicate: indicate)
        let handover = PipelineHandover()
        loop.courseHandover = handover
        let liveView = Assembly.liveView(config, width: config.camera.width, height: config.camera.height, log: log)
        loop.liveView = liveView
        let pages = Assembly.webPages(WebWiring(loaded: loaded, sink: sink, status: status, commands: commands,
                                                clipsDirectory: config.clips.directory, recorder: recorder, handover: handover,
                                                pairing: pairing, tally: Assembly.tally(journal), log: log,
                                                liveView: liveView))
        loop.onCalibrated = {
            let changes = camera.lockExposureAndWhiteBalance()
            if !changes.isEmpty { log.info("camera controls locked: \(changes.map(\.description).joined(separator: ", "))") }
        }
        loop.onRecalibrating = { _ = camera.restoreAutomaticControls() }
        loop.storageFault = storageFault
        loop.status = status
        status.ready()
        log.info("running: camera \(config.camera.device), clips in \(config.clips.directory), journal \(config.journal.path)")
        // The frame loop runs raised on a thread of its own; this thread, and every thread
        // started from it (ours and the C libraries' own), stays at normal priority.
        do {
            try WorkerThread.runAndWait(name: "gatespeed-frames", priority: .raised()) { outcome in
                log.info("frame loop priority: \(outcome.map(\.description) ?? "normal")")
                _ = loop.run(&source, pacing: LoopPacing())
            }
        } catch {
            log.warning("frame loop: no thread of its own (\(error)); running at normal priority")
            _ = loop.run(&source, pacing: LoopPacing())
        }
        notifier.stopping()
        log.info("stopping: finishing clips, flushing the journal, releasing camera and GPIO")
        recorder?.stop()
        liveView.stop()
        sink.finish()   // every result is journalled and printed before the voice stops
        mqtt?.stop()
        sink.stopSpeaking(abandoningPending: true)
        pages?.stop()
        stopBoard()
    }

    static func situation(for state: IndicatorState) -> MachineSituation {
        switch state {
        case .calibrating, .fault: .calibrating
        case .ready: .ready
        case .running: .running
        case .result: .waitingAfterResult
        case .invalid: .waitingAfterInvalid
        }
    }
}
