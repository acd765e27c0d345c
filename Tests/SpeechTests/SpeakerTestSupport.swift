import GateSpeedPlatform
import Foundation
import GateSpeedSpeech

/// A synthesizer that blocks in `synthesize` until the test opens its gate.
final class GatedSynthesizer: SpeechSynthesizing, @unchecked Sendable {
    private let condition = NSCondition()
    private var open = false
    private var started: [String] = []   // guarded by condition

    func synthesize(_ text: String) throws -> SpeechAudio {
        condition.lock()
        started.append(text)
        condition.broadcast()
        while !open { condition.wait() }
        condition.unlock()
        if text.hasPrefix("fail") { throw FakeFailure() }
        return SpeechAudio(sampleRate: 22050, samples: [1, -1, 2, -2])
    }

    /// Blocks until `count` texts have entered `synthesize`.
    func waitUntilStarted(_ count: Int) {
        condition.lock()
        while started.count < count { condition.wait() }
        condition.unlock()
    }

    func release() {
        condition.lock()
        open = true
        condition.broadcast()
        condition.unlock()
    }

    var texts: [String] {
        condition.lock(); defer { condition.unlock() }
        return started
    }

    struct FakeFailure: Error, CustomStringConvertible { var description: String { "scripted failure" } }
}

/// An output that remembers what it was given.
final class RecordingOutput: SpeechOutput, @unchecked Sendable {
    private let lock = NSLock()
    private var delivered: [UInt64] = []

    func deliver(_ audio: SpeechAudio, for announcement: Announcement) throws -> SpeechDelivery {
        lock.lock(); delivered.append(announcement.id); lock.unlock()
        return .played(device: "fake")
    }

    var ids: [UInt64] {
        lock.lock(); defer { lock.unlock() }
        return delivered
    }
}

/// Collects completions from any thread.
final class CompletionLog: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [SpeechCompletion] = []

    func record(_ completion: SpeechCompletion) {
        lock.lock(); entries.append(completion); lock.unlock()
    }

    var all: [SpeechCompletion] {
        lock.lock(); defer { lock.unlock() }
        return entries
    }
}

/// Collects log lines.
final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String] = []

    func append(_ line: String) {
        lock.lock(); entries.append(line); lock.unlock()
    }

    /// A typed log (every level) whose finished lines, with their level marks, land here.
    var log: Log { Log(level: .debug, style: .plain, write: { [self] in append($0) }) }

    var all: [String] {
        lock.lock(); defer { lock.unlock() }
        return entries
    }
}
