/// The two ways eSpeak NG can pick a voice, as a seam so the fallback order is testable.
public protocol VoiceSelecting {
    /// espeak_SetVoiceByName: true when a voice with that name (or file) was selected.
    mutating func selectVoice(named name: String) -> Bool
    /// espeak_SetVoiceByProperties with only `languages` set: true when a voice was selected.
    mutating func selectVoice(language: String) -> Bool
}

/// How the voice was found.
public enum VoiceSelectionPath: Sendable, Equatable {
    case byName(String)
    case byLanguage(String)
}

/// The voice selection rule of the espeak-ng command-line tool, extended by one step:
/// try the requested string as a voice name; if that fails, as a language ("en-gb");
/// then as its primary language ("en").
public enum VoiceSelection {
    /// Languages tried after the name, in order: the request itself, then its primary subtag.
    public static func fallbackLanguages(for requested: String) -> [String] {
        var languages = [requested]
        if let dash = requested.firstIndex(where: { $0 == "-" || $0 == "_" }) {
            let primary = String(requested[..<dash])
            if !primary.isEmpty { languages.append(primary) }
        }
        return languages
    }

    /// Selects a voice through `selector`, returning the path that worked.
    public static func select<Selector: VoiceSelecting>(
        _ requested: String, using selector: inout Selector
    ) throws(EspeakError) -> VoiceSelectionPath {
        if selector.selectVoice(named: requested) { return .byName(requested) }
        let languages = fallbackLanguages(for: requested)
        for language in languages where selector.selectVoice(language: language) {
            return .byLanguage(language)
        }
        throw .voiceNotFound(requested: requested, triedLanguages: languages)
    }
}
