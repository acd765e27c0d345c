import CEspeakNG

/// A voice that turns text into mono 16-bit PCM with eSpeak NG, synchronously.
///
/// eSpeak NG is process-global; all instances share it through one lock (see `EspeakLibrary`),
/// so calls are serialised and safe from any thread. In GateSpeed one instance is owned by the
/// speech thread; a second one (e.g. `gatespeed say`) only waits for the lock.
public final class EspeakSynthesizer: Sendable {
    public let settings: VoiceSettings
    /// Samples per second of the produced audio (22050 for eSpeak NG 1.51).
    public let sampleRate: Int
    /// How the voice was selected: by name, or by language as a fallback.
    public let selectionPath: VoiceSelectionPath
    /// Longest audio one `synthesize` call may produce, in seconds (bounds memory).
    public let maximumSeconds: Double

    /// Initialises eSpeak NG if needed and checks that `settings` select a voice.
    public init(settings: VoiceSettings = VoiceSettings(), maximumSeconds: Double = 60) throws(EspeakError) {
        try settings.validate()
        self.settings = settings
        self.maximumSeconds = maximumSeconds
        (sampleRate, selectionPath) = try EspeakLibrary.shared.withEngine(settings: settings) { rate, path in
            (rate, path)
        }
    }

    /// Synthesises `text` (UTF-8, plain text) with a sentence pause at the end.
    public func synthesize(_ text: String) throws(EspeakError) -> SynthesizedSpeech {
        let limit = Int(maximumSeconds * Double(sampleRate))
        return try EspeakLibrary.shared.withEngine(settings: settings) { rate, _ throws(EspeakError) in
            let collector = SampleCollector(maximumSamples: limit)
            let status = withExtendedLifetime(collector) {
                let userData = Unmanaged.passUnretained(collector).toOpaque()
                return text.withCString { cText in
                    espeak_Synth(cText, text.utf8.count + 1, 0, POS_CHARACTER, 0,
                                 UInt32(espeakCHARS_UTF8) | UInt32(espeakENDPAUSE), nil, userData)
                }
            }
            if collector.exceededLimit { throw .speechTooLong(maximumSeconds: maximumSeconds) }
            guard status == EE_OK else { throw .synthesisFailed(code: status.rawValue) }
            return SynthesizedSpeech(sampleRate: rate, samples: collector.samples)
        }
    }

    /// The voice eSpeak currently uses for this synthesizer's settings (espeak_GetCurrentVoice).
    public func currentVoice() throws(EspeakError) -> VoiceDescription {
        try EspeakLibrary.shared.withEngine(settings: settings) { _, _ in
            guard let voice = espeak_GetCurrentVoice() else {
                return VoiceDescription(name: "", identifier: "", languages: [])
            }
            return VoiceDescription(voice.pointee)
        }
    }
}
