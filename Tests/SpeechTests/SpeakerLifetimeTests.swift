import Foundation
import GateSpeedSpeech
import GateSpeedPlatform
import Testing

@Suite("Speaker: freed once stopped")
struct SpeakerLifetimeTests {
    /// A stopped speaker is freed with its last reference: its thread does not keep it (and
    /// itself) alive for ever. LeakSanitizer found the cycle speaker -> thread -> block -> speaker.
    @Test func aStoppedSpeakerIsFreedWithItsLastReference() {
        weak var weakSpeaker: Speaker?
        do {
            let synthesizer = GatedSynthesizer(), output = RecordingOutput(), completions = CompletionLog()
            synthesizer.release()
            let speaker = Speaker(capacity: 2, makeSynthesizer: { synthesizer }, makeOutput: { output },
                                  onFinished: { completions.record($0) }, log: .silent)
            speaker.enqueue("one", kind: .result, id: 1)
            speaker.stop()
            #expect(completions.all.map(\.id) == [1])
            weakSpeaker = speaker
        }
        // Foundation lets go of the ended thread (and its block) just after it returns: wait for
        // that, boundedly; a cycle never frees it.
        var waited = 0
        while weakSpeaker != nil && waited < 500 {
            Thread.sleep(forTimeInterval: 0.01)
            waited += 1
        }
        #expect(weakSpeaker == nil)
    }
}
