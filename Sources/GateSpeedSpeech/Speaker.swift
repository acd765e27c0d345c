import GateSpeedPlatform
import Synchronization

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

/// The speech thread (a `WorkerThread`): takes announcements from a `BoundedQueue`, synthesises
/// and plays them one at a time, and reports each one's end through `onFinished`.
///
/// The queue's rules: a new announcement replaces a waiting one of the same kind, keeping its
/// place in line; otherwise, when full, the oldest waiting one is dropped to make room (the
/// queue's `push(_:replacingWhere:)`). `enqueue` is safe from any thread and never waits for
/// speech: the queue's lock is held for a few instructions, never while synthesising or playing.
/// The synthesizer and output are created on the speech thread by the factories and used only
/// there. `onFinished` is called exactly once per announcement: on the speech thread for spoken,
/// failed and (at `stop`) abandoned ones; on the enqueuing thread for one that was replaced or
/// dropped by that `enqueue` (after the queue's lock is released, so a callback that enqueues
/// again does not deadlock). Call `stop()` before dropping the last reference: the thread keeps
/// the speaker alive until then, and lets it go when it ends.
public final class Speaker: Sendable {
    public typealias Completion = @Sendable (SpeechCompletion) -> Void

    private let queue: BoundedQueue<Announcement>
    private let counters = Mutex(SpeakerStatistics())
    private let stopping = Atomic<Bool>(false)
    private let abandonPending = Atomic<Bool>(false)
    private let thread = Mutex<WorkerThread?>(nil)

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
        queue = BoundedQueue(capacity: capacity)
        self.onFinished = onFinished
        self.log = log
        do {
            let started = try WorkerThread.start(name: "gatespeed-speech") { [self] in
                run(makeSynthesizer: makeSynthesizer, makeOutput: makeOutput)
            }
            thread.withLock { $0 = started }
        } catch {
            // No thread: every announcement ends at once as abandoned.
            log.error("speech: no thread (\(error)); nothing is spoken")
            stopping.store(true, ordering: .releasing)
            queue.close()
        }
    }

    public var capacity: Int { queue.capacity }

    /// Announcements waiting now (not counting the one being spoken).
    public var queueLength: Int { queue.count }

    /// True once `stop` has been called.
    public var isStopping: Bool { stopping.load(ordering: .acquiring) }

    public var statistics: SpeakerStatistics { counters.withLock { $0 } }

    /// Queues `text`. Never waits for speech. See the type's notes for the queue rules.
    public func enqueue(_ text: String, kind: AnnouncementKind, id: UInt64) {
        let announcement = Announcement(id: id, kind: kind, text: text)
        let placement = queue.push(announcement, replacingWhere: { $0.kind == kind })
        let waiting = queue.count
        var completion: SpeechCompletion?
        counters.withLock { counters in
            counters.enqueued += 1
            switch placement {
            case .added:
                break
            case .replaced(let old):
                counters.replaced += 1
                completion = SpeechCompletion(id: old.id, kind: old.kind, outcome: .replaced(byID: id))
            case .droppedOldest(let old):
                counters.dropped += 1
                completion = SpeechCompletion(id: old.id, kind: old.kind, outcome: .dropped)
            case .refused:
                counters.abandoned += 1
                completion = SpeechCompletion(id: id, kind: kind, outcome: .abandoned)
            }
            counters.maximumQueueLength = max(counters.maximumQueueLength, waiting)
        }
        if let completion { onFinished(completion) }
    }

    /// Stops the speech thread and waits for it to end (closes the queue, joins the thread).
    /// With `abandoningPending`, waiting announcements end as `.abandoned`; otherwise they are
    /// spoken first. The announcement being spoken always finishes. Later `enqueue`s end at once
    /// as `.abandoned`. Idempotent; from `onFinished` on the speech thread it does not wait.
    public func stop(abandoningPending: Bool = false) {
        if abandoningPending { abandonPending.store(true, ordering: .releasing) }
        queue.close()   // before `isStopping` turns true: an enqueue after it sees a closed queue
        stopping.store(true, ordering: .releasing)
        guard let speechThread = thread.withLock({ $0 }), !speechThread.isCurrent else { return }
        speechThread.join()
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
        while let announcement = queue.take() {
            let completion: SpeechCompletion
            if abandonPending.load(ordering: .acquiring) {
                completion = SpeechCompletion(id: announcement.id, kind: announcement.kind, outcome: .abandoned)
            } else if let synthesizer {
                completion = speak(announcement, synthesizer, output)
            } else {
                completion = SpeechCompletion(id: announcement.id, kind: announcement.kind,
                                              outcome: .failed(unavailableReason))
            }
            counters.withLock { counters in
                switch completion.outcome {
                case .spoken: counters.spoken += 1
                case .abandoned: counters.abandoned += 1
                default: counters.failed += 1
                }
            }
            onFinished(completion)
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
}
