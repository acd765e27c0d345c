import CEspeakNG

/// A voice as eSpeak NG describes it.
public struct VoiceDescription: Sendable, Equatable {
    /// e.g. "English (Great Britain)".
    public var name: String
    /// File within espeak-ng-data/voices, e.g. "gmw/en".
    public var identifier: String
    /// Languages the voice speaks, most preferred first, e.g. ["en-gb", "en"].
    public var languages: [String]

    public init(name: String, identifier: String, languages: [String]) {
        self.name = name
        self.identifier = identifier
        self.languages = languages
    }

    init(_ voice: espeak_VOICE) {
        name = voice.name.map { String(cString: $0) } ?? ""
        identifier = voice.identifier.map { String(cString: $0) } ?? ""
        languages = voice.languages.map(Self.parseLanguages) ?? []
    }

    /// eSpeak's list format: repeated (priority byte, NUL-terminated name), ended by an empty name.
    static func parseLanguages(_ list: UnsafePointer<CChar>) -> [String] {
        var result: [String] = []
        var cursor = list
        while cursor.pointee != 0, result.count < 16 {
            let name = String(cString: cursor + 1)   // skip the priority byte
            if name.isEmpty { break }
            result.append(name)
            cursor += 1 + name.utf8.count + 1
        }
        return result
    }
}
