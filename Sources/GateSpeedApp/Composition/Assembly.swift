import EspeakVoice
import FFmpegMedia
import Foundation
import GateSpeedCore
import GateSpeedEngine
import GateSpeedGeometry
import GateSpeedRecording
import GateSpeedConfig
import GateSpeedEvents
import GateSpeedJournal
import GateSpeedSpeech
import GateSpeedVision
import GateSpeedPlatform

/// A failure that ends a command: the message is one line; the status 1 or 2 (bad config).
struct CommandFailure: Error {
    let message: String
    var status: Int32 = 1
}

/// A command's configuration and where it came from.
struct LoadedConfig {
    var config: GateSpeedConfig
    /// The file, or nil for the built-in defaults.
    var path: String?
    /// How messages name the file (its last path component, as `GateSpeedConfig.load` does).
    var source: String {
        guard let path else { return "built-in defaults" }
        return path.split(separator: "/").last.map(String.init) ?? path
    }
}

/// Builds the parts every command shares from the configuration.
enum Assembly {
    /// The config of a command: `--config FILE` (which must exist), else the default location
    /// (`$GATESPEED_CONFIG` or /etc/gatespeed/config.json) when it exists, else the built-in
    /// defaults. Says on stderr which one it is.
    static func loadConfig(_ command: ParsedCommand, log: Log,
                           environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(CommandFailure) -> LoadedConfig {
        do {
            if let path = command.value("--config") {
                let loaded = LoadedConfig(config: try GateSpeedConfig.load(path: path), path: path)
                log.info("config: \(path)")
                return loaded
            }
            let path = GateSpeedConfig.defaultLocation(environment: environment)
            if let config = try GateSpeedConfig.loadIfPresent(path: path) {
                log.info("config: \(path)")
                return LoadedConfig(config: config, path: path)
            }
            log.info("config: built-in defaults (there is no \(path))")
            return LoadedConfig(config: GateSpeedConfig(), path: nil)
        } catch {
            throw CommandFailure(message: error.message, status: 2)
        }
    }

    static func course(_ config: GateSpeedConfig) -> Course {
        config.course.rules
    }

    /// `source`: how messages name the config file.
    /// `advice`: also told each line of the placement advice (the pages show it).
    static func pipeline(_ config: GateSpeedConfig, source: String, log: Log,
                         advice: (String) -> Void = { _ in }) throws(CommandFailure) -> TimingPipeline {
        var vision = VisionSettings()
        vision.riderMinHeight = config.vision.riderMinHeight
        vision.calibrationWindowSeconds = config.vision.calibrationWindowSeconds
        let gateCourse: GateCourse?
        do { gateCourse = try config.solveGateCourse(source: source) } catch {
            throw CommandFailure(message: error.message, status: 2)
        }
        if let gateCourse {
            // The foot edge is found to 0.1-0.4 px rms on simulated riders (README, "How detection works");
            // half a pixel allows for blur and compression on a real camera.
            for line in PlacementAdvice(geometry: gateCourse.solution, sensorWidthPixels: Double(config.camera.width),
                                        sensorHeightPixels: Double(config.camera.height),
                                        footPrecisionPixels: GateCourse.footPrecisionPixels).lines() {
                log.info(line)
                advice(line)
            }
        }
        do {
            return try TimingPipeline(course: course(config), gateCourse: gateCourse, vision: vision,
                                      geometry: config.camera.geometry)
        } catch {
            throw CommandFailure(message: ConfigError(timing: error, source: source).message, status: 2)
        }
    }

    /// `voice.name` against the voices eSpeak NG has here (exit 2 with suggestions when it has
    /// none of that name). Without eSpeak NG data the voice cannot be checked: a warning.
    static func checkVoice(_ loaded: LoadedConfig, log: Log) throws(CommandFailure) {
        let voices: [VoiceDescription]
        do { voices = try VoiceCatalog.available() } catch {
            log.warning("speech: voice.name cannot be checked: \(error)")
            return
        }
        let name = loaded.config.voice.name
        var candidates: [String] = []
        for voice in voices {
            candidates += voice.languages
            if let file = voice.identifier.split(separator: "/").last { candidates.append(String(file)) }
        }
        do {
            try loaded.config.checkVoice(isAvailable: VoiceCatalog.contains(name, in: voices), candidates: candidates,
                                         source: loaded.source)
        } catch {
            throw CommandFailure(message: error.message, status: 2)
        }
    }

    static func voice(_ config: GateSpeedConfig) -> VoiceSettings {
        var voice = VoiceSettings()
        voice.voice = config.voice.name
        voice.wordsPerMinute = config.voice.rateWordsPerMinute
        voice.volume = config.voice.volumePercent
        return voice
    }

    /// The event sink (printing, journal, speech) on its own thread, started. `wavFallback`:
    /// where speech goes as WAV files when there is no sound card (nil: nowhere);
    /// `speak: false` gives a sink without a voice.
    static func eventSink(_ config: GateSpeedConfig, journal: ResultsJournal?, speak: Bool, wavFallback: String?,
                          log: Log) -> EventSink {
        let output: SpeechOutputMode = .alsa(device: config.voice.alsaDevice,
                                             fallbackWAVDirectory: config.voice.wavDirectory ?? wavFallback)
        let voice = voice(config)
        let sink = EventSink(journal: journal, log: log, makeSpeaker: { finished in
            speak ? Speech.makeSpeaker(voice: voice, output: output, onFinished: finished,
                                       log: log) : nil   // its lines say "speech: …"
        })
        sink.start()
        return sink
    }

    /// The results journal. It never stops the service: a journal the disk refuses (full, read
    /// only) starts with a fault, keeps results in memory and retries; the LEDs show it.
    static func journal(at path: String, log: Log) -> ResultsJournal {
        let journal = ResultsJournal(path: path)
        if journal.ignoredLineCount > 0 {
            log.warning("results journal \(path): ignored \(journal.ignoredLineCount) unreadable or out-of-range line(s): "
                        + journal.ignoredLineReasons.joined(separator: "; "))
        }
        if let fault = journal.fault {
            log.error("results journal \(path): \(fault); timing goes on, results are kept in memory and written "
                      + "when the disk takes them; the status LED blinks fast")
        }
        return journal
    }

    /// The recorder for clips of `width` x `height` frames under `directory`, or nil (with a log
    /// line saying why) when clips cannot be made: timing never depends on clips.
    static func recorder(_ config: GateSpeedConfig, directory: String, session: SessionID, width: Int, height: Int,
                         sink: EventSink, log: Log) -> Recorder? {
        guard config.clips.enabled else { return nil }
        guard width % 2 == 0, height % 2 == 0 else {
            log.warning("clips: frames of \(width)x\(height) cannot be encoded (odd size); no clips")
            return nil
        }
        do {
            let guardian = StorageGuard(minimumFreeBytes: UInt64(config.clips.minimumFreeMegabytes) * 1_000_000,
                                        log: log.prefixed("clips: "))
            let library = try ClipLibrary(root: directory, session: session, storageGuard: guardian,
                                          partialClipIsPlayable: ClipProbe.isPlayable)
            var encoder = EncoderSettings(width: width, height: height)
            encoder.crf = config.clips.crf
            encoder.keyframeIntervalSeconds = config.clips.keyframeIntervalSeconds
            let timing = ClipTiming(preRoll: config.clips.preRollSeconds, postRoll: config.clips.postRollSeconds,
                                    highlightLength: config.clips.highlightSeconds,
                                    highlightCooldown: config.clips.highlightCooldownSeconds)
            FFmpegLog.silence()   // the hardware-encoder probe is noisy; our own lines say what failed
            let recorder = try Recorder(settings: RecorderSettings(encoder: encoder, timing: timing), library: library,
                                        onClip: { clip in
                                            sink.post(.clip(t: clip.to, path: clip.path, kind: clip.kind))
                                        },
                                        log: log.prefixed("clips: "))
            recorder.start()
            // A run's clip is asked for once the journal has the result, with its numbers.
            let passKmh = config.course.rules.passKmh
            sink.onResultJournalled { [weak recorder] result, run, session in
                guard let start = result.crossingTimes.first else { return }
                recorder?.requestRunClip(RunClipRequest(number: run, startTime: start, finishTime: result.t,
                                                        speedKmh: result.speedKmh, pass: result.pass,
                                                        thresholdKmh: passKmh, session: session))
            }
            return recorder
        } catch {
            log.warning("clips: \(error); timing goes on without clips")
            return nil
        }
    }

    /// Says what the journal restored of today's session (its tally is the overlay's and `session`'s).
    static func reportRestoredSession(_ journal: ResultsJournal, log: Log) {
        let board = journal.current.scoreboard
        if board.runs > 0 { log.info("session \(journal.current.session): restored \(board.runs) run(s) from the journal") }
    }
}
