import EspeakVoice
import Testing

/// Scripted eSpeak voice calls: which names and languages exist, and the calls made.
struct ScriptedVoiceSelector: VoiceSelecting {
    var names: Set<String>
    var languages: Set<String>
    var calls: [String] = []

    mutating func selectVoice(named name: String) -> Bool {
        calls.append("name:\(name)")
        return names.contains(name)
    }

    mutating func selectVoice(language: String) -> Bool {
        calls.append("language:\(language)")
        return languages.contains(language)
    }
}

@Suite("Voice selection order")
struct VoiceSelectionTests {
    @Test("a voice found by name is used without trying languages")
    func byName() throws {
        var selector = ScriptedVoiceSelector(names: ["en-gb"], languages: ["en-gb", "en"])
        #expect(try VoiceSelection.select("en-gb", using: &selector) == .byName("en-gb"))
        #expect(selector.calls == ["name:en-gb"])
    }

    @Test("then by properties with the language, as the espeak-ng tool does")
    func byLanguage() throws {
        var selector = ScriptedVoiceSelector(names: [], languages: ["en-gb", "en"])
        #expect(try VoiceSelection.select("en-gb", using: &selector) == .byLanguage("en-gb"))
        #expect(selector.calls == ["name:en-gb", "language:en-gb"])
    }

    @Test("then by the primary language")
    func byPrimaryLanguage() throws {
        var selector = ScriptedVoiceSelector(names: [], languages: ["en"])
        #expect(try VoiceSelection.select("en-gb", using: &selector) == .byLanguage("en"))
        #expect(selector.calls == ["name:en-gb", "language:en-gb", "language:en"])
    }

    @Test("nothing found: the error names the voice and the languages tried")
    func notFound() {
        var selector = ScriptedVoiceSelector(names: [], languages: [])
        #expect(throws: EspeakError.voiceNotFound(requested: "en-gb", triedLanguages: ["en-gb", "en"])) {
            try VoiceSelection.select("en-gb", using: &selector)
        }
        #expect(VoiceSelection.fallbackLanguages(for: "fr") == ["fr"])
        #expect(String(describing: EspeakError.voiceNotFound(requested: "xx", triedLanguages: ["xx"]))
                    .contains("no voice 'xx'"))
    }
}
