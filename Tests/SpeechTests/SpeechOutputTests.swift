import Foundation
import GateSpeedSpeech
import GateSpeedPlatform
import Testing

@Suite("Speech outputs and WAV files")
struct SpeechOutputTests {
    let audio = SpeechAudio(sampleRate: 22050, samples: [0, 1000, -1000, Int16.max, Int16.min])

    @Test("WAV encoding: canonical 44-byte PCM header and little-endian samples")
    func encoding() throws {
        let bytes = try #require(WAVFile.encode(samples: [1, -2], sampleRate: 16000))
        #expect(bytes.count == 48)
        #expect(Array(bytes[0..<4]) == Array("RIFF".utf8))
        #expect(Array(bytes[4..<8]) == [40, 0, 0, 0])
        #expect(Array(bytes[8..<16]) == Array("WAVEfmt ".utf8))
        #expect(Array(bytes[20..<24]) == [1, 0, 1, 0])                  // PCM, mono
        #expect(Array(bytes[24..<28]) == [0x80, 0x3E, 0, 0])            // 16000 Hz
        #expect(Array(bytes[34..<36]) == [16, 0])                       // 16 bits
        #expect(Array(bytes[36..<44]) == Array("data".utf8) + [4, 0, 0, 0])
        #expect(Array(bytes[44...]) == [1, 0, 0xFE, 0xFF])
        #expect(WAVFile.encode(samples: [1], sampleRate: 0) == nil)
    }

    @Test("WAV directory: one file per announcement, numbered in order and named by kind, readable")
    func wavDirectory() throws {
        let directory = try makeTemporaryDirectory("wavdir") + "/nested"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let output = WAVDirectoryOutput(directory: directory)
        let delivery = try output.deliver(audio, for: Announcement(id: 3, kind: .result, text: "x"))
        #expect(delivery == .wroteWAV(path: directory + "/speech-0001-result.wav"))
        let wav = try ParsedWAV(path: directory + "/speech-0001-result.wav")
        #expect(wav.samples == audio.samples)
        #expect(wav.sampleRate == 22050)
        #expect(WAVDirectoryOutput.fileName(number: 12345, kind: .check) == "speech-12345-check.wav")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["speech-0001-result.wav"])
    }

    @Test("WAV directory: after a restart the numbers go on and no earlier file is overwritten")
    func wavNumbersSurviveARestart() throws {
        let directory = try makeTemporaryDirectory("wav-restart")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let first = WAVDirectoryOutput(directory: directory)
        _ = try first.deliver(audio, for: Announcement(id: 1, kind: .result, text: "a"))
        _ = try first.deliver(audio, for: Announcement(id: 2, kind: .invalid, text: "b"))
        let before = try Data(contentsOf: URL(fileURLWithPath: directory + "/speech-0001-result.wav"))
        // A stray file with a number too big to matter, and one another writer made.
        try Data("x".utf8).write(to: URL(fileURLWithPath: directory + "/speech-99999999999999999999-result.wav"))
        try Data("y".utf8).write(to: URL(fileURLWithPath: directory + "/speech-0003-result.wav"))

        // The service restarts: a new output, whose speaker numbers announcements from 1 again.
        let second = WAVDirectoryOutput(directory: directory)
        let delivery = try second.deliver(SpeechAudio(sampleRate: 22050, samples: [7, 7]),
                                          for: Announcement(id: 1, kind: .result, text: "c"))
        #expect(delivery == .wroteWAV(path: directory + "/speech-0004-result.wav"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory + "/speech-0001-result.wav")) == before,
                "before: speech-0001-result.wav was overwritten")
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory + "/speech-0003-result.wav")) == Data("y".utf8))
        #expect(throws: WAVFile.WriteError.exists(path: directory + "/speech-0003-result.wav")) {
            try WAVFile.write(samples: [1], sampleRate: 22050, to: directory + "/speech-0003-result.wav", replacing: false)
        }
    }

    @Test("a WAV path that cannot be written gives an error naming it")
    func unwritablePath() {
        #expect(throws: WAVFile.WriteError.cannotWrite(path: "/nonexistent-dir/a.wav", reason: "No such file or directory")) {
            try WAVFile.write(samples: [1], sampleRate: 22050, to: "/nonexistent-dir/a.wav")
        }
    }

    @Test("ALSA unavailable with a fallback directory: WAV files, logged once")
    func alsaFallsBackToWAV() throws {
        let directory = try makeTemporaryDirectory("fallback")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let log = LogLines()
        let output = ALSASpeechOutput(device: "gatespeed_no_such_device", fallbackWAVDirectory: directory,
                                      log: log.log)
        let first = try output.deliver(audio, for: Announcement(id: 1, kind: .result, text: "a"))
        let second = try output.deliver(audio, for: Announcement(id: 2, kind: .invalid, text: "b"))
        #expect(first == .wroteWAV(path: directory + "/speech-0001-result.wav"))
        #expect(second == .wroteWAV(path: directory + "/speech-0002-invalid.wav"))
        #expect(log.all.count == 1)
        #expect(log.all.first?.contains("ALSA device 'gatespeed_no_such_device' cannot be opened") == true)
        #expect(log.all.first?.hasPrefix("warning: speech: ") == true, "falling back to WAV files is a warning")
    }

    @Test("ALSA unavailable without a fallback: discarded with one log line, reported as failed")
    func alsaWithoutFallbackDiscards() throws {
        let log = LogLines(), completions = CompletionLog()
        let speaker = Speaker(
            makeSynthesizer: { FixedSynthesizer() },
            makeOutput: { ALSASpeechOutput(device: "gatespeed_no_such_device", fallbackWAVDirectory: nil,
                                           log: log.log) },
            onFinished: { completions.record($0) }, log: log.log)
        speaker.enqueue("a", kind: .result, id: 1)
        speaker.enqueue("b", kind: .check, id: 2)
        speaker.stop()
        #expect(completions.all.count == 2)
        for completion in completions.all {
            guard case let .failed(reason) = completion.outcome else {
                Issue.record("expected failure, got \(completion)")
                continue
            }
            #expect(reason.contains("gatespeed_no_such_device"))
        }
        #expect(log.all.count == 1)
    }

    @Test("the real speaker writes real speech to the WAV directory and reports the path")
    func realSpeakerToWAV() throws {
        let directory = try makeTemporaryDirectory("speaker")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let completions = CompletionLog()
        let speaker = Speech.makeSpeaker(voice: .init(), output: .wavDirectory(directory),
                                         onFinished: { completions.record($0) }, log: .silent)
        speaker.enqueue("Highlight saved.", kind: .confirmation, id: 5)
        speaker.stop()
        let path = directory + "/speech-0001-confirmation.wav"
        #expect(completions.all == [SpeechCompletion(id: 5, kind: .confirmation, outcome: .spoken, wavPath: path)])
        let wav = try ParsedWAV(path: path)
        #expect(wav.sampleRate == 22050)
        #expect(wav.durationSeconds > 0.5)
    }
}

/// Returns the same short audio for any text.
final class FixedSynthesizer: SpeechSynthesizing {
    func synthesize(_ text: String) throws -> SpeechAudio {
        SpeechAudio(sampleRate: 22050, samples: [0, 100, -100])
    }
}
