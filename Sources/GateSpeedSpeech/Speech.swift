import ALSAPlayback
import EspeakVoice
import GateSpeedPlatform

/// One-shot speech for `gatespeed say [--wav FILE] TEXT`, and the standard speaker.
public enum Speech {
    /// Speaks `text` with `voice` on the ALSA `device`, or writes it to `wavPath` when given.
    /// Blocks until played or written. Throws `EspeakError`, `ALSAError` or
    /// `WAVFile.WriteError`, whose descriptions name the problem.
    public static func say(_ text: String, voice: VoiceSettings = VoiceSettings(),
                           device: String = "default", wavPath: String? = nil) throws {
        let speech = try EspeakSynthesizer(settings: voice).synthesize(text)
        if let wavPath {
            try WAVFile.write(samples: speech.samples, sampleRate: speech.sampleRate, to: wavPath)
        } else {
            try ALSAPlayer(device: device).play(samples: speech.samples, sampleRate: speech.sampleRate)
        }
    }

    /// A speaker with the real voice (eSpeak NG) and the real output for `output`.
    public static func makeSpeaker(voice: VoiceSettings, output: SpeechOutputMode, capacity: Int = 4,
                                   onFinished: @escaping Speaker.Completion,
                                   log: Log)
        -> Speaker {
        Speaker(capacity: capacity,
                makeSynthesizer: { try EspeakSpeechSynthesizer(settings: voice) },
                makeOutput: { output.makeOutput(log: log) },
                onFinished: onFinished,
                log: log)
    }
}
