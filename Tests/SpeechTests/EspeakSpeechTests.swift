import EspeakVoice
import Foundation
import GateSpeedSpeech
import Testing

/// How long eSpeak NG should take to say `text` at `wordsPerMinute`, in seconds.
///
/// Rate is defined in "standard words" of 6 characters (letters, spaces and punctuation), and
/// each punctuation mark (. , ; : ! ?) adds a pause of about one standard word. Calibrated with
/// eSpeak NG 1.51, voice en-gb, end pause, on 14 announcement-like texts (1 to 14 words) at
/// 120, 160 and 240 wpm: measured/estimated was 0.83...1.09 for texts of three or more words;
/// the sentences used below measure 5.72 s vs 5.81 s (160 wpm), 6.77 vs 6.92 (120), 3.16 vs 3.46
/// (240). A plain word count is not enough: measured/(words * 60 / wpm) ranged 0.85...2.0
/// because pauses and word length dominate.
func expectedSpeechSeconds(_ text: String, wordsPerMinute: Int) -> Double {
    let standardWords = Double(text.count) / 6
    let pauses = Double(text.filter { ".,;:!?".contains($0) }.count)
    return (standardWords + pauses) * 60 / Double(wordsPerMinute)
}

@Suite("eSpeak NG voice (real library)")
struct EspeakSpeechTests {
    static let resultSentence = "Twelve point five seconds. Thirty one point nine kilometres per hour. Pass."

    @Test("say --wav writes a 16-bit mono RIFF/WAVE at eSpeak's rate, as long as the text should take, not silent")
    func speechToWAV() throws {
        let directory = try makeTemporaryDirectory("say")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/result.wav"
        let settings = VoiceSettings(voice: "en-gb", wordsPerMinute: 160, volume: 100)

        try Speech.say(Self.resultSentence, voice: settings, wavPath: path)

        let wav = try ParsedWAV(path: path)
        let reportedRate = try EspeakSynthesizer(settings: settings).sampleRate
        #expect(reportedRate == 22050)
        #expect(wav.audioFormat == 1)
        #expect(wav.channels == 1)
        #expect(wav.bitsPerSample == 16)
        #expect(wav.sampleRate == UInt32(reportedRate))
        #expect(wav.byteRate == wav.sampleRate * 2)
        #expect(wav.blockAlign == 2)
        #expect(Int(wav.riffSize) == wav.fileSize - 8)
        let expected = expectedSpeechSeconds(Self.resultSentence, wordsPerMinute: 160)
        #expect(abs(wav.durationSeconds - expected) <= 0.25 * expected,
                "duration \(wav.durationSeconds) s, expected \(expected) s")
        // Speech at volume 100 has an RMS of a few thousand; silence or clicks stay far below 300.
        #expect(wav.rms > 300, "RMS \(wav.rms)")
        #expect(!FileManager.default.fileExists(atPath: path + ".tmp"), "the temporary file is renamed into place")
    }

    @Test("duration follows the configured rate", arguments: [120, 240])
    func durationFollowsRate(wordsPerMinute: Int) throws {
        let text = "Nine point eight seconds. Twenty eight kilometres per hour. Fail."
        let speech = try EspeakSynthesizer(settings: VoiceSettings(wordsPerMinute: wordsPerMinute)).synthesize(text)
        let expected = expectedSpeechSeconds(text, wordsPerMinute: wordsPerMinute)
        #expect(abs(speech.durationSeconds - expected) <= 0.25 * expected,
                "at \(wordsPerMinute) wpm: \(speech.durationSeconds) s, expected \(expected) s")
    }

    @Test("volume scales the loudness")
    func volumeScalesLoudness() throws {
        func rms(_ volume: Int) throws -> Double {
            let samples = try EspeakSynthesizer(settings: VoiceSettings(volume: volume)).synthesize("Highlight saved.").samples
            return (samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(max(1, samples.count))).squareRoot()
        }
        let quiet = try rms(40), normal = try rms(100)
        #expect(quiet > 0)
        #expect(normal > 1.8 * quiet, "volume 40: \(quiet), volume 100: \(normal)")
    }

    @Test("British English is selected")
    func britishEnglishSelected() throws {
        let synthesizer = try EspeakSynthesizer(settings: VoiceSettings(voice: "en-gb"))
        let voice = try synthesizer.currentVoice()
        let isBritish = voice.name.contains("Great Britain") || voice.languages.contains("en-gb")
        #expect(isBritish, "selected \(voice) via \(synthesizer.selectionPath)")
    }

    @Test("an unknown voice name falls back to the language by properties")
    func unknownNameFallsBackToLanguage() throws {
        let synthesizer = try EspeakSynthesizer(settings: VoiceSettings(voice: "en-gb-x-nosuchvoice"))
        guard case .byLanguage = synthesizer.selectionPath else {
            Issue.record("expected selection by language, got \(synthesizer.selectionPath)")
            return
        }
        let voice = try synthesizer.currentVoice()
        #expect(voice.languages.contains { $0.hasPrefix("en") }, "selected \(voice)")
        #expect(try synthesizer.synthesize("Ready.").samples.count > 1000)
    }

    @Test("a voice that matches neither by name nor by language is an error naming it")
    func noVoiceAtAll() throws {
        #expect(throws: EspeakError.voiceNotFound(requested: "zz-nothing", triedLanguages: ["zz-nothing", "zz"])) {
            try EspeakSynthesizer(settings: VoiceSettings(voice: "zz-nothing"))
        }
        // The shared library recovers: the default voice works again.
        #expect(try EspeakSynthesizer().synthesize("Pass.").samples.count > 1000)
    }

    @Test("out-of-range settings are rejected, naming the setting")
    func invalidSettingsRejected() {
        #expect(throws: EspeakError.invalidSetting(name: "rate", value: "20", expected: "80...450 words per minute")) {
            try EspeakSynthesizer(settings: VoiceSettings(wordsPerMinute: 20))
        }
        #expect(throws: EspeakError.invalidSetting(name: "volume", value: "250", expected: "0...200")) {
            try EspeakSynthesizer(settings: VoiceSettings(volume: 250))
        }
    }

    @Test("synthesis stops at the length limit instead of growing without bound")
    func lengthLimit() throws {
        let synthesizer = try EspeakSynthesizer(settings: VoiceSettings(), maximumSeconds: 0.5)
        #expect(throws: EspeakError.speechTooLong(maximumSeconds: 0.5)) {
            try synthesizer.synthesize(Self.resultSentence)
        }
        // The library is usable afterwards.
        #expect(try EspeakSynthesizer().synthesize("Pass.").samples.count > 1000)
    }
}
