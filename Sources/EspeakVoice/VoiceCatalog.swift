import CEspeakNG

/// The voices eSpeak NG has on this machine (espeak_ListVoices), for checking `voice.name`
/// before the service starts rather than finding it mute.
public enum VoiceCatalog {
    /// Every voice (variants not included), initialising eSpeak NG if needed.
    public static func available() throws(EspeakError) -> [VoiceDescription] {
        try EspeakLibrary.shared.withInitialisedEngine {
            guard let list = espeak_ListVoices(nil) else { return [] }
            var voices: [VoiceDescription] = []
            var index = 0
            while let voice = list[index], voices.count < 10_000 {
                voices.append(VoiceDescription(voice.pointee))
                index += 1
            }
            return voices
        }
    }

    /// True when `requested` names one of `voices` the way eSpeak NG selects them: the voice's
    /// name, its file (identifier, or the identifier's last part) or one of its languages,
    /// ignoring case and a `+variant` suffix.
    public static func contains(_ requested: String, in voices: [VoiceDescription]) -> Bool {
        let wanted = baseName(requested).lowercased()
        guard !wanted.isEmpty else { return false }
        return voices.contains { voice in names(of: voice).contains(wanted) }
    }

    /// What a voice may be called by, lowercased: `en-gb`, `gmw/en`, `en`, `english (great britain)`.
    public static func names(of voice: VoiceDescription) -> [String] {
        var names = [voice.name.lowercased(), voice.identifier.lowercased()]
        if let last = voice.identifier.split(separator: "/").last { names.append(last.lowercased()) }
        names += voice.languages.map { $0.lowercased() }
        return names.filter { !$0.isEmpty }
    }

    /// `en-gb+f3` without its variant.
    static func baseName(_ requested: String) -> String {
        String(requested.split(separator: "+", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
    }
}
