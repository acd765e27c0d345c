import EspeakVoice

/// Mono 16-bit PCM passed from the synthesizer to the output: eSpeak NG's own type (this
/// module sees both the voice and the player, so no second copy of it is needed).
public typealias SpeechAudio = SynthesizedSpeech

/// Text to PCM. Used only from the speaker thread.
public protocol SpeechSynthesizing: AnyObject {
    func synthesize(_ text: String) throws -> SpeechAudio
}

/// Where synthesised speech goes.
public enum SpeechDelivery: Sendable, Equatable {
    /// Played (and drained) on an ALSA device.
    case played(device: String)
    /// Written to a WAV file at this path.
    case wroteWAV(path: String)
    /// Not delivered anywhere; the reason was logged and is reported as `.failed`.
    case discarded(reason: String)
}

/// Plays or stores speech. Used only from the speaker thread; may block while playing.
public protocol SpeechOutput: AnyObject {
    func deliver(_ audio: SpeechAudio, for announcement: Announcement) throws -> SpeechDelivery
}

/// The real synthesizer: eSpeak NG.
public final class EspeakSpeechSynthesizer: SpeechSynthesizing {
    public let synthesizer: EspeakSynthesizer

    public init(settings: VoiceSettings) throws {
        synthesizer = try EspeakSynthesizer(settings: settings)
    }

    public func synthesize(_ text: String) throws -> SpeechAudio {
        try synthesizer.synthesize(text)
    }
}
