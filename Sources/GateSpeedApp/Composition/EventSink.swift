import Foundation
import GateSpeedCore
import GateSpeedEvents
import GateSpeedJournal
import GateSpeedSpeech
import Synchronization
import GateSpeedPlatform

/// Everything that happens to an event after the frame loop: off the loop, on its own thread,
/// in order. A result or invalid run is first appended to the journal (fsync'd), then printed,
/// then spoken; the frame loop learns through `announcementsFinished` when the words are out.
///
/// When the disk refuses the journal, lines wait in the journal's bounded backlog and are
/// retried every few seconds; `journalFaulted` is set meanwhile (the status LED blinks fast).
/// A line that does not fit in the backlog is announced with "Not saved." and logged in full.
///
/// The queue is bounded: when the printer cannot keep up (stdout blocked), ordinary events
/// are dropped and counted; results and invalid runs are never dropped.
///
/// The session tally is the journal's (the one owner of session and run numbers): after every
/// result, and whenever the journal starts a session, the sink prints `session` with the
/// journal's figures and publishes them (`scoreboardChanges`, `scoreboard`) for the overlay.
/// Without a journal (`replay`) the sink's own count stands in for it.
final class EventSink: @unchecked Sendable {
    /// What the sink's thread works through, in order.
    private enum Item {
        case event(ServiceEvent)
        /// Start a new session in the journal (the new-session command), at source time `t`.
        case newSession(t: Double)
    }

    /// Ordinary events beyond the capacity are dropped; results, invalid runs, clips, the
    /// summary and new-session requests are always taken.
    private let pending = BoundedQueue<Item>(capacity: 512)
    private let thread = Mutex<WorkerThread?>(nil)
    private let droppedEvents = Atomic<Int>(0)
    /// Announcements of results and invalid runs that have been spoken (or had nothing to speak).
    let announcementsFinished = Atomic<Int>(0)
    /// Bumped whenever the session tally changes (a result, a new session); the frame loop then
    /// reads `scoreboard` for the overlay. Starts at 1: the journal's tally at start-up.
    let scoreboardChanges = Atomic<Int>(1)
    /// The journal's tally as last published (read by the frame loop only after a change).
    private let publishedScoreboard: Mutex<Scoreboard>
    /// True while journal lines are waiting in memory because the disk refuses them.
    private let journalFault = Atomic<Bool>(false)
    /// How often a refused journal is tried again, seconds.
    static let journalRetrySeconds = 2.0
    /// Told on the sink's thread when the session changes (the clip library files by session).
    private let sessionChange = Mutex<@Sendable (SessionID) -> Void>({ _ in })

    func onSessionChange(_ action: @escaping @Sendable (SessionID) -> Void) {
        sessionChange.withLock { $0 = action }
    }
    /// Told on the sink's thread of every result once the journal has it, with the journal's run
    /// number and session (the one owner of both): how the run's clip is asked for.
    private let resultJournalled = Mutex<@Sendable (RunResult, _ run: Int, _ session: SessionID?) -> Void>({ _, _, _ in })
    /// The tally without a journal (`replay`), for run numbers and `session`; sink thread only.
    private var scoreboardWithoutJournal = Scoreboard()

    func onResultJournalled(_ action: @escaping @Sendable (RunResult, _ run: Int, _ session: SessionID?) -> Void) {
        resultJournalled.withLock { $0 = action }
    }
    /// Readers of every event line, as printed on stdout (the pages' `/events`, MQTT).
    private let lineObservers = Mutex<[@Sendable (String) -> Void]>([])

    /// Adds a reader of every event line printed on stdout (one JSON object, no newline). It is
    /// called on the sink's thread, in order, after the journal has the line, and must not block:
    /// it hands the line to its own bounded queue (and drops when that is full).
    func addLineObserver(_ observer: @escaping @Sendable (String) -> Void) {
        lineObservers.withLock { $0.append(observer) }
    }
    private let journal: ResultsJournal?
    /// Set once in `init`, read only by the sink's thread and `stopSpeaking`.
    private var speaker: Speaker?
    private let write: @Sendable (String) -> Void
    private let log: Log
    private var nextSpeechID: UInt64 = 1

    /// `makeSpeaker` builds the speaker, given the completion it must call (nil: no voice, so
    /// every announcement counts as finished at once).
    init(journal: ResultsJournal?, log: Log,
         makeSpeaker: (@escaping Speaker.Completion) -> Speaker? = { _ in nil },
         write: @escaping @Sendable (String) -> Void = EventSink.writeToStandardOutput) {
        self.journal = journal
        self.log = log
        self.write = write
        publishedScoreboard = Mutex(journal?.current.scoreboard ?? Scoreboard())
        journalFault.store(journal?.fault != nil, ordering: .relaxed)
        speaker = makeSpeaker { [weak self] completion in self?.speechFinished(completion) }
    }

    /// Lets the last announcement finish (or abandons the queue), then stops the voice.
    func stopSpeaking(abandoningPending: Bool) {
        speaker?.stop(abandoningPending: abandoningPending)
    }

    /// Speaks a confirmation ("Highlight saved.") that the timing core does not wait for.
    func confirm(_ text: String) {
        speaker?.enqueue(text, kind: .confirmation, id: 0)
    }

    static let writeToStandardOutput: @Sendable (String) -> Void = { line in
        StandardStream.output.write(line + "\n")
    }

    /// Called from the speaker's thread when an announcement is over (spoken, replaced, failed).
    func speechFinished(_ completion: SpeechCompletion) {
        if completion.kind == .result || completion.kind == .invalid {
            announcementsFinished.add(1, ordering: .releasing)
        }
    }

    func start() {
        do {
            let started = try WorkerThread.start(name: "gatespeed-events") { [self] in run() }
            thread.withLock { $0 = started }
        } catch {
            log.error("events: no thread (\(error)); events are not printed")
        }
    }

    /// Hands an event over (any thread; cheap).
    func post(_ event: ServiceEvent) {
        if !pending.push(.event(event), beyondCapacity: Self.mustKeep(event)) {
            droppedEvents.add(1, ordering: .relaxed)
        }
    }

    /// Asks for a new session (journal line, scoreboard back to zero) at source time `t`; any thread.
    func requestNewSession(t: Double) {
        pending.push(.newSession(t: t), beyondCapacity: true)
    }

    /// True while results wait in memory because the journal cannot be written (a fault for the LEDs).
    var journalFaulted: Bool { journalFault.load(ordering: .acquiring) }

    /// The session tally as the journal last counted it (take it after `scoreboardChanges` moves).
    var scoreboard: Scoreboard { publishedScoreboard.withLock { $0 } }

    /// Writes everything still queued, then stops the thread.
    func finish() {
        pending.close()
        thread.withLock { $0 }?.join()
        if let journal, !journal.retryPending() {
            // The last resort: the system log keeps what the disk would not.
            for line in journal.pendingLines { log.error("results journal: NOT SAVED: \(line)") }
            log.error("results journal \(journal.path): \(journal.pendingLineCount) line(s) could not be written "
                      + "(\(journal.fault.map { "\($0)" } ?? "unknown")); they are in this log only")
        }
        let dropped = droppedEvents.load(ordering: .relaxed)
        if dropped > 0 { log.warning("\(dropped) events were not printed: standard output could not keep up") }
    }

    private static func mustKeep(_ event: ServiceEvent) -> Bool {
        switch event {
        case .timing(.result), .timing(.invalid), .summary, .clip: true
        default: false
        }
    }

    private func run() {
        while true {
            let faulted = journalFault.load(ordering: .relaxed)
            let batch = pending.takeAll(waitingAtMost: faulted ? Self.journalRetrySeconds : nil)
            if faulted { retryJournal() }
            for item in batch.items {
                switch item {
                case .event(let event): handle(event)
                case .newSession(let t): startNewSession(t: t)
                }
            }
            if batch.isClosed && batch.items.isEmpty { break }
        }
    }

    private func handle(_ event: ServiceEvent) {
        switch event {
        case .timing(.result(var result)):
            let state = record { journal?.append(result) }
            let board: Scoreboard
            if let state {
                board = state.scoreboard
            } else {
                scoreboardWithoutJournal.record(speedKmh: result.speedKmh, pass: result.pass)
                board = scoreboardWithoutJournal
            }
            resultJournalled.withLock { $0 }(result, board.runs, state?.session)
            result.announcement = (state?.durability ?? .durable).announcing(result.announcement)
            let line = EventJSON.line(for: .timing(.result(result)))
            if state?.durability == .notKept { log.error("results journal: NOT SAVED (the backlog is full): \(line)") }
            emit(line)
            announceSession(board, t: result.t)
            speak(result.announcement, kind: .result)
        case .timing(.invalid(var run)):
            let state = record { journal?.append(run) }
            run.announcement = (state?.durability ?? .durable).announcing(run.announcement)
            let line = EventJSON.line(for: .timing(.invalid(run)))
            if state?.durability == .notKept { log.error("results journal: NOT SAVED (the backlog is full): \(line)") }
            emit(line)
            // A new date began with this attempt: the tally is back to the new session's.
            if let state, state.sessionStarted { announceSession(state.scoreboard, t: run.t) }
            speak(run.announcement, kind: .invalid)
        default:
            emit(EventJSON.line(for: event))
        }
    }

    /// The new-session command: the journal begins a session (without one, the sink's count
    /// starts again) and its empty tally is printed and published.
    private func startNewSession(t: Double) {
        if let state = record({ journal?.startNewSession() }) {
            announceSession(state.scoreboard, t: t)
        } else {
            scoreboardWithoutJournal.reset()
            announceSession(scoreboardWithoutJournal, t: t)
        }
    }

    /// Prints `session` with the journal's tally and publishes it to the frame loop's overlay.
    private func announceSession(_ board: Scoreboard, t: Double) {
        publishedScoreboard.withLock { $0 = board }
        scoreboardChanges.add(1, ordering: .releasing)
        emit(EventJSON.line(for: .session(t: t, board)))
    }

    /// Prints the line, then hands it to every line observer.
    private func emit(_ line: String) {
        write(line)
        for observer in lineObservers.withLock({ $0 }) { observer(line) }
    }

    /// Journal first: a result is on disk, or waiting in the journal's backlog (the LEDs show
    /// it), before it is printed and spoken. Timing and the announcement go on either way.
    @discardableResult
    private func record(_ append: () -> JournalState?) -> JournalState? {
        guard let state = append() else { return nil }
        if state.sessionStarted {
            log.info("results journal: \(state.session) started")
            sessionChange.withLock { $0 }(state.session)
        }
        if state.durability != .durable, let journal, !journalFault.exchange(true, ordering: .acquiringAndReleasing) {
            log.error("results journal \(journal.path): \(journal.fault.map { "\($0)" } ?? "not writable"); "
                      + "results are kept in memory (up to \(journal.backlogCapacity) lines) and written when the disk "
                      + "takes them, retried every \(Int(Self.journalRetrySeconds)) s; the status LED blinks fast")
        }
        return state
    }

    /// Tries the journal's backlog again; clears the fault once everything is on disk.
    private func retryJournal() {
        guard let journal else { return }
        let waiting = journal.pendingLineCount
        if journal.retryPending(), journalFault.exchange(false, ordering: .acquiringAndReleasing) {
            log.info("results journal \(journal.path): writable again; \(waiting) kept line(s) written")
        }
    }

    private func speak(_ text: String, kind: AnnouncementKind) {
        guard let speaker else {
            announcementsFinished.add(1, ordering: .releasing)
            return
        }
        speaker.enqueue(text, kind: kind, id: nextSpeechID)
        nextSpeechID += 1
    }
}
