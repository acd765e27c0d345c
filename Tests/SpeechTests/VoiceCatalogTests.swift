import EspeakVoice
import Testing

/// The voices eSpeak NG has on this machine, as the config check sees them (issue 12: a
/// misspelt `voice.name` passed `--check-config` and the service ran mute).
@Suite("Voice catalog")
struct VoiceCatalogTests {
    @Test("the installed voices include British English under its usual names")
    func installedVoices() throws {
        let voices = try VoiceCatalog.available()
        #expect(voices.count > 20, "espeak-ng-data has many voices: \(voices.count)")
        for name in ["en-gb", "EN-GB", "en", "en-gb+f3", "fr", "de"] {
            #expect(VoiceCatalog.contains(name, in: voices), "\(name)")
        }
        for name in ["engb", "en-gbb", "vulcan", "", "+f3"] {
            #expect(!VoiceCatalog.contains(name, in: voices), "\(name)")
        }
    }

    @Test("a voice answers to its name, its file and its languages")
    func namesOfAVoice() {
        let voice = VoiceDescription(name: "English (Great Britain)", identifier: "gmw/en", languages: ["en-gb", "en"])
        #expect(VoiceCatalog.names(of: voice) == ["english (great britain)", "gmw/en", "en", "en-gb", "en"])
        #expect(VoiceCatalog.contains("gmw/en", in: [voice]))
        #expect(VoiceCatalog.contains("English (Great Britain)", in: [voice]))
        #expect(!VoiceCatalog.contains("english", in: [voice]))
    }

    @Test("every voice the catalog lists can be selected and speaks")
    func listedVoicesSpeak() throws {
        let voices = try VoiceCatalog.available()
        let british = try #require(voices.first { $0.languages.contains("en-gb") })
        for name in [british.languages[0], british.name] {
            let speech = try EspeakSynthesizer(settings: VoiceSettings(voice: name)).synthesize("Pass.")
            #expect(speech.samples.count > 1000, "\(name)")
        }
    }
}
