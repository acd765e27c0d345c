import Foundation
import GateSpeedPlatform

/// Counters of a speaker, for logs and tests.
public struct SpeakerStatistics: Sendable, Equatable {
    public var enqueued = 0
    /// Played or written as WAV.
    public var spoken = 0
    /// Synthesis or output failed, or the audio had nowhere to go.
    public var failed = 0
    /// Replaced by a newer announcement of the same kind while waiting.
    public var replaced = 0
    /// Dropped because the queue was full.
    public var dropped = 0
    /// Still waiting when the speaker stopped, or enqueued after it stopped.
    public var abandoned = 0
    /// Longest the queue has been (never more than its capacity).
    public var maximumQueueLength = 0

    public init() {}
}

/// The speech thread: takes announcements from a bounded queue, synthesises and plays them one
/// at a time, and reports each one's end through `onFinished`.
///
/// `enqueue` is safe from any thread and only holds a lock for a few instructions (the speech
/// thread never holds it while synthesising or playing), so the frame loop never waits on speech.
/// The synthesizer and output are created on the speech thread by the factories and used only
/// there. `onFinished` is called exactly once per announcement: on the speech thread for spoken,
/// failed and (at `stop`) abandoned ones; on the enqueuing thread, after the lock is released,
/// for one that was replaced or dropped by that `enqueue` (so a callback that enqueues again
/// does not deadlock). Call `stop()` before dropping the last reference: the thread keeps the
/// speaker alive until then, and lets it go when it ends.
public final class Speaker: @unchecked Sendable {
    public typealias Completion = @Sendable (SpeechCompletion) -> Void

    private let condition = NSCondition()
    /// Guarded by `condition`.
    private var queue: AnnouncementQueue
    private var statisticsValue = SpeakerStatistics()
    private var stopping = false
    private var abandonPending = false
    private var threadExited = false
    private var speechThread: WorkerThread?

    private let onFinished: Completion
    private let log: Log

    /// Starts the speech thread.
    /// - Parameters:
    ///   - capacity: announcements that may wait (at least 1).
    ///   - makeSynthesizer: called once on the speech thread; if it throws, every announcement
    ///     ends as `.failed` with that error.
    ///   - makeOutput: called once on the speech thread.
    public init(capacity: Int = 4,
                makeSynthesizer: @escaping @Sendable () throws -> any SpeechSynthesizing,
                makeOutput: @escaping @Sendable () -> any SpeechOutput,
                onFinished: @escaping Completion,
                log: Log) {
        queue = AnnouncementQueue(capacity: capacity)
        self.onFinished = onFinished
        self.log = log
        condition.lock()
        do {
            speechThread = try WorkerThread.start(name: "gatespeed-speech") { [self] in
                run(makeSynthesizer: makeSynthesizer, makeOutput: makeOutput)
            }
        } catch {
            // No thread: every announcement ends at once as abandoned.
            log.error("speech: no thread (\(error)); nothing is spoken")
            stopping = true
            threadExited = true
        }
        condition.unlock()
    }

    public var capacity: Int { queue.capacity }

    /// Announcements waiting now (not counting the one being spoken).
    public var queueLength: Int {
        condition.lock(); defer { condition.unlock() }
        return queue.count
    }

    /// True once `stop` has been called.
    public var isStopping: Bool {
        condition.lock(); defer { condition.unlock() }
        return stopping
    }

    public var statistics: SpeakerStatistics {
        condition.lock(); defer { condition.unlock() }
        return statisticsValue
    }

    /// Queues `text`. Never waits for speech. See the type's notes for the queue rules.
    public func enqueue(_ text: String, kind: AnnouncementKind, id: UInt64) {
        let announcement = Announcement(id: id, kind: kind, text: text)
        var completion: SpeechCompletion?
        condition.lock()
        statisticsValue.enqueued += 1
        if stopping {
            statisticsValue.abandoned += 1
            completion = SpeechCompletion(id: id, kind: kind, outcome: .abandoned)
        } else {
            switch queue.insert(announcement) {
            case let .replaced(old)?:
                statisticsValue.replaced += 1
                completion = SpeechCompletion(id: old.id, kind: old.kind, outcome: .replaced(byID: id))
            case let .dropped(old)?:
                statisticsValue.dropped += 1
                completion = SpeechCompletion(id: old.id, kind: old.kind, outcome: .dropped)
            case nil:
                break
            }
            statisticsValue.maximumQueueLength = max(statisticsValue.maximumQueueLength, queue.count)
            condition.signal()
        }
        condition.unlock()
        if let completion { onFinished(completion) }
    }

    /// Stops the speech thread and waits for it to end. With `abandoningPending`, waiting
    /// announcements end as `.abandoned`; otherwise they are spoken first. The announcement being
    /// spoken always finishes. Later `enqueue`s end at once as `.abandoned`. Idempotent.
    public func stop(abandoningPending: Bool = false) {
        condition.lock()
        stopping = true
        if abandoningPending { abandonPending = true }
        condition.broadcast()
        // Called from onFinished on the speech thread: cannot wait for ourselves.
        let onSpeechThread = speechThread?.isCurrent ?? false
        while !threadExited && !onSpeechThread {
            condition.wait()
        }
        condition.unlock()
    }

    // MARK: - The speech thread

    private func run(makeSynthesizer: @Sendable () throws -> any SpeechSynthesizing,
                     makeOutput: @Sendable () -> any SpeechOutput) {
        var synthesizer: (any SpeechSynthesizing)?
        var unavailableReason = ""
        do {
            synthesizer = try makeSynthesizer()
        } catch {
            unavailableReason = "voice unavailable: \(error)"
            log.error("speech: \(unavailableReason)")
        }
        let output = makeOutput()
        while let announcement = nextAnnouncement() {
            let completion: SpeechCompletion
            if let synthesizer {
                completion = speak(announcement, synthesizer, output)
            } else {
                completion = SpeechCompletion(id: announcement.id, kind: announcement.kind,
                                              outcome: .failed(unavailableReason))
            }
            condition.lock()
            if completion.outcome == .spoken { statisticsValue.spoken += 1 } else { statisticsValue.failed += 1 }
            condition.unlock()
            onFinished(completion)
        }
        abandonRemaining()
        condition.lock()
        threadExited = true
        // The thread's block holds the speaker; the speaker must not hold the thread after it
        // ends, or the two keep each other alive for ever (LeakSanitizer found this cycle).
        speechThread = nil
        condition.broadcast()
        condition.unlock()
    }

    /// Blocks until there is something to say; nil when it is time to stop.
    private func nextAnnouncement() -> Announcement? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if stopping && (abandonPending || queue.isEmpty) { return nil }
            if let next = queue.popFirst() { return next }
            condition.wait()
        }
    }

    private func speak(_ announcement: Announcement, _ synthesizer: any SpeechSynthesizing,
                       _ output: any SpeechOutput) -> SpeechCompletion {
        var completion = SpeechCompletion(id: announcement.id, kind: announcement.kind, outcome: .spoken)
        do {
            let audio = try synthesizer.synthesize(announcement.text)
            switch try output.deliver(audio, for: announcement) {
            case .played:
                break
            case let .wroteWAV(path):
                completion.wavPath = path
            case let .discarded(reason):
                completion.outcome = .failed(reason)
            }
        } catch {
            let reason = String(describing: error)
            log.warning("speech: announcement \(announcement.id) (\(announcement.kind.rawValue)) not spoken: \(reason)")
            completion.outcome = .failed(reason)
        }
        return completion
    }

    private func abandonRemaining() {
        condition.lock()
        let remaining = queue.removeAll()
        statisticsValue.abandoned += remaining.count
        condition.unlock()
        for announcement in remaining {
            onFinished(SpeechCompletion(id: announcement.id, kind: announcement.kind, outcome: .abandoned))
        }
    }
}
