import CEspeakNG
import Foundation

/// The process-wide eSpeak NG library state.
///
/// eSpeak NG keeps its voice, rate and volume in globals, so every call into it goes through
/// this one lock. The library is initialised once per process (synchronous mode: eSpeak's own
/// playback mode has known hangs) and never terminated, so any number of `EspeakSynthesizer`s
/// may exist; each re-applies its settings under the lock only when they differ from what eSpeak
/// currently has.
final class EspeakLibrary: @unchecked Sendable {
    static let shared = EspeakLibrary()

    private let lock = NSLock()
    /// Guarded by `lock`. Sample rate reported by espeak_Initialize, once initialised.
    private var sampleRate: Int?
    /// Guarded by `lock`. The settings eSpeak currently has, to skip reloading the voice.
    private var applied: (settings: VoiceSettings, path: VoiceSelectionPath)?

    private init() {}

    /// Runs `body` with exclusive use of eSpeak, initialised, with `settings` applied.
    func withEngine<Result>(
        settings: VoiceSettings,
        _ body: (_ sampleRate: Int, _ path: VoiceSelectionPath) throws(EspeakError) -> Result
    ) throws(EspeakError) -> Result {
        lock.lock()
        defer { lock.unlock() }
        let rate = try initialiseIfNeeded()
        let path = try apply(settings)
        return try body(rate, path)
    }

    /// Runs `body` with exclusive use of eSpeak, initialised, without applying a voice.
    func withInitialisedEngine<Result>(_ body: () throws(EspeakError) -> Result) throws(EspeakError) -> Result {
        lock.lock()
        defer { lock.unlock() }
        _ = try initialiseIfNeeded()
        return try body()
    }

    private func initialiseIfNeeded() throws(EspeakError) -> Int {
        if let sampleRate { return sampleRate }
        // Buffer length in ms of audio per callback; the data path comes from the default location.
        let rate = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 200, nil, Int32(espeakINITIALIZE_DONT_EXIT))
        guard rate > 0 else { throw .initialisationFailed }
        espeak_SetSynthCallback(collectSamples)
        sampleRate = Int(rate)
        return Int(rate)
    }

    private func apply(_ settings: VoiceSettings) throws(EspeakError) -> VoiceSelectionPath {
        let path: VoiceSelectionPath
        if let applied, applied.settings.voice == settings.voice {
            path = applied.path
        } else {
            // Forget what eSpeak has until the new settings are fully applied.
            applied = nil
            var selector = LibraryVoiceSelector()
            path = try VoiceSelection.select(settings.voice, using: &selector)
        }
        if applied?.settings != settings {
            try setParameter(espeakRATE, name: "rate", value: settings.wordsPerMinute)
            try setParameter(espeakVOLUME, name: "volume", value: settings.volume)
        }
        applied = (settings, path)
        return path
    }

    private func setParameter(_ parameter: espeak_PARAMETER, name: String, value: Int) throws(EspeakError) {
        let status = espeak_SetParameter(parameter, Int32(value), 0)
        guard status == EE_OK else { throw .parameterRejected(name: name, value: value, code: status.rawValue) }
    }
}

/// Voice selection through the real eSpeak NG calls; used only under `EspeakLibrary`'s lock.
struct LibraryVoiceSelector: VoiceSelecting {
    mutating func selectVoice(named name: String) -> Bool {
        espeak_SetVoiceByName(name) == EE_OK
    }

    mutating func selectVoice(language: String) -> Bool {
        language.withCString { languagePointer in
            var spec = espeak_VOICE()
            spec.languages = languagePointer
            return espeak_SetVoiceByProperties(&spec) == EE_OK
        }
    }
}
