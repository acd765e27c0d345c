import Foundation
import GateSpeedSpeech
import GateSpeedPlatform
import Testing

@Suite("Speaker: the speech thread and its bounded queue")
struct SpeakerTests {
    let kinds = AnnouncementKind.allCases

    func makeSpeaker(capacity: Int, synthesizer: GatedSynthesizer, output: RecordingOutput,
                     completions: CompletionLog) -> Speaker {
        Speaker(capacity: capacity,
                makeSynthesizer: { synthesizer },
                makeOutput: { output },
                onFinished: { completions.record($0) },
                log: .silent)
    }

    @Test("a burst of 100 while speech is blocked: every enqueue returns, the queue stays bounded, every id ends once")
    func burstUnderPressure() {
        let synthesizer = GatedSynthesizer(), output = RecordingOutput(), completions = CompletionLog()
        let speaker = makeSpeaker(capacity: 4, synthesizer: synthesizer, output: output, completions: completions)
        speaker.enqueue("announcement 1", kind: .result, id: 1)
        synthesizer.waitUntilStarted(1)   // the speech thread is now stuck inside eSpeak

        var largestQueue = 0
        for id in UInt64(2)...100 {
            speaker.enqueue("announcement \(id)", kind: kinds[Int(id) % kinds.count], id: id)
            largestQueue = max(largestQueue, speaker.queueLength)
        }
        // All 99 calls returned although the synthesizer never did.
        #expect(largestQueue <= speaker.capacity)
        #expect(speaker.statistics.maximumQueueLength <= speaker.capacity)
        #expect(synthesizer.texts == ["announcement 1"])

        synthesizer.release()
        speaker.stop()

        let all = completions.all
        #expect(all.count == 100)
        #expect(Set(all.map(\.id)) == Set(1...100))
        let statistics = speaker.statistics
        #expect(statistics.enqueued == 100)
        #expect(statistics.spoken + statistics.replaced + statistics.dropped == 100)
        #expect(statistics.replaced == 95)
        #expect(statistics.dropped == 0)
        // The newest of each kind kept the place of the first of its kind.
        #expect(output.ids == [1, 98, 99, 100, 97])
    }

    @Test("when more kinds wait than fit, the oldest is dropped and counted")
    func dropsOldestWhenFull() {
        let synthesizer = GatedSynthesizer(), output = RecordingOutput(), completions = CompletionLog()
        let speaker = makeSpeaker(capacity: 2, synthesizer: synthesizer, output: output, completions: completions)
        speaker.enqueue("first", kind: .check, id: 1)
        synthesizer.waitUntilStarted(1)
        speaker.enqueue("result", kind: .result, id: 2)
        speaker.enqueue("invalid", kind: .invalid, id: 3)
        speaker.enqueue("confirmation", kind: .confirmation, id: 4)   // drops 2
        #expect(speaker.queueLength == 2)
        #expect(completions.all == [SpeechCompletion(id: 2, kind: .result, outcome: .dropped)])

        synthesizer.release()
        speaker.stop()
        #expect(output.ids == [1, 3, 4])
        #expect(speaker.statistics.dropped == 1)
        #expect(completions.all.count == 4)
    }

    @Test("a newer announcement replaces an unspoken one of the same kind, never the one being spoken")
    func sameKindReplacement() {
        let synthesizer = GatedSynthesizer(), output = RecordingOutput(), completions = CompletionLog()
        let speaker = makeSpeaker(capacity: 4, synthesizer: synthesizer, output: output, completions: completions)
        speaker.enqueue("result one", kind: .result, id: 1)
        synthesizer.waitUntilStarted(1)                        // 1 is being spoken
        speaker.enqueue("result two", kind: .result, id: 2)    // waits
        speaker.enqueue("saved", kind: .confirmation, id: 3)
        speaker.enqueue("result three", kind: .result, id: 4)  // replaces 2, not 1
        #expect(completions.all == [SpeechCompletion(id: 2, kind: .result, outcome: .replaced(byID: 4))])

        synthesizer.release()
        speaker.stop()
        #expect(synthesizer.texts == ["result one", "result three", "saved"])
        #expect(completions.all.filter { $0.outcome == .spoken }.map(\.id) == [1, 4, 3])
    }

    @Test("stop abandoning pending: waiting ones end as abandoned, later enqueues end at once")
    func stopAbandoning() {
        let synthesizer = GatedSynthesizer(), output = RecordingOutput(), completions = CompletionLog()
        let speaker = makeSpeaker(capacity: 4, synthesizer: synthesizer, output: output, completions: completions)
        speaker.enqueue("speaking", kind: .result, id: 1)
        synthesizer.waitUntilStarted(1)
        speaker.enqueue("waiting", kind: .invalid, id: 2)
        // Stop from another thread while 1 is still being spoken, then let it finish.
        let stopper = Thread { speaker.stop(abandoningPending: true) }
        stopper.start()
        while !speaker.isStopping { Thread.sleep(forTimeInterval: 0.001) }
        speaker.enqueue("too late", kind: .check, id: 3)
        synthesizer.release()
        speaker.stop()   // joins; idempotent

        let outcomes = Dictionary(uniqueKeysWithValues: completions.all.map { ($0.id, $0.outcome) })
        #expect(outcomes[1] == .spoken)
        #expect(outcomes[2] == .abandoned)
        #expect(outcomes[3] == .abandoned)
        #expect(completions.all.count == 3)
        #expect(output.ids == [1])
    }

    @Test("synthesis failure and an unavailable voice still complete every announcement")
    func failuresComplete() {
        let synthesizer = GatedSynthesizer(), output = RecordingOutput(), completions = CompletionLog()
        synthesizer.release()
        let speaker = makeSpeaker(capacity: 4, synthesizer: synthesizer, output: output, completions: completions)
        speaker.enqueue("fail please", kind: .result, id: 1)
        speaker.stop()
        #expect(completions.all == [SpeechCompletion(id: 1, kind: .result, outcome: .failed("scripted failure"))])

        let noVoiceLog = CompletionLog(), lines = LogLines()
        struct NoVoice: Error, CustomStringConvertible { var description: String { "no eSpeak data" } }
        let mute = Speaker(makeSynthesizer: { throw NoVoice() }, makeOutput: { RecordingOutput() },
                           onFinished: { noVoiceLog.record($0) }, log: lines.log)
        mute.enqueue("hello", kind: .check, id: 7)
        mute.stop()
        #expect(noVoiceLog.all == [SpeechCompletion(id: 7, kind: .check,
                                                    outcome: .failed("voice unavailable: no eSpeak data"))])
        #expect(lines.all == ["error: speech: voice unavailable: no eSpeak data\n"], "no voice is an error, not info")
    }
}
