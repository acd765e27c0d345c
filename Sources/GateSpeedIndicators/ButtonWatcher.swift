import GateSpeedBoard
import GateSpeedPlatform
import Synchronization

/// Watches the button on its own thread: raw edges -> `ButtonInterpreter` (debounce,
/// short/long) -> `ButtonAction.decide` with the machine's situation at that moment ->
/// `onAction`. Ignored presses (a short press during a run) deliver nothing. The thread is a
/// `WorkerThread`; `stop` ends its loop and joins it.
public final class ButtonWatcher<Source: ButtonEdgeSource & SendableMetatype>: Sendable {
    /// How long one wait for an edge lasts, seconds; also the tick for long presses.
    public static var pollSeconds: Double { 0.025 }
    /// Pause after the source failed before trying again, seconds.
    public static var retrySeconds: Double { 1.0 }

    private struct Watch {
        var source: Source
        var interpreter: ButtonInterpreter
        var lastError: String?
    }

    private let watch: Mutex<Watch>
    private let situation: @Sendable () -> MachineSituation
    private let onAction: @Sendable (ButtonAction) -> Void
    private let log: Log
    private let running = Atomic<Bool>(false)
    private let thread = Mutex<WorkerThread?>(nil)

    /// - situation: read when a press completes (e.g. `MachineSituationCell.value`).
    /// - onAction: called on the watcher thread; keep it short (queue the work).
    /// - log: a failing source, an error, logged once per distinct message ("button: …").
    public init(source: sending Source, interpreter: ButtonInterpreter = ButtonInterpreter(),
                situation: @escaping @Sendable () -> MachineSituation,
                onAction: @escaping @Sendable (ButtonAction) -> Void,
                log: Log = .silent) {
        watch = Mutex(Watch(source: source, interpreter: interpreter))
        self.situation = situation
        self.onAction = onAction
        self.log = log
    }

    /// One wait for an edge, or a tick when none came. Returns the action delivered, if any.
    @discardableResult
    public func poll(timeoutSeconds: Double = pollSeconds) throws -> ButtonAction? {
        let press: ButtonPress? = try watch.withLock { watch in
            defer { watch.lastError = nil }
            if let edge = try watch.source.nextEdge(timeoutSeconds: timeoutSeconds) {
                return watch.interpreter.handle(edge)
            }
            // Tick only when no edge is queued, so edges that waited in the kernel's queue
            // are judged on their own timestamps, not stretched to "now".
            return watch.interpreter.tick(now: watch.source.clockSeconds)
        }
        guard let press, let action = ButtonAction.decide(press, in: situation()) else { return nil }
        onAction(action)
        return action
    }

    /// Starts the watcher thread; does nothing if it is running.
    public func start() {
        let pollSeconds = Self.pollSeconds, retrySeconds = Self.retrySeconds
        thread.withLock { thread in
            guard thread == nil else { return }
            running.store(true, ordering: .releasing)
            do {
                thread = try WorkerThread.start(name: "gatespeed-button") { [self] in
                    while running.load(ordering: .acquiring) {
                        do {
                            try poll(timeoutSeconds: pollSeconds)
                        } catch {
                            report(error)
                            MonotonicClock.sleep(seconds: retrySeconds)
                        }
                    }
                }
            } catch {
                running.store(false, ordering: .releasing)
                report(error)
            }
        }
    }

    /// Stops the thread and joins it, waiting at most one poll (or one retry pause).
    public func stop() {
        guard let stopping = thread.withLock({ thread -> WorkerThread? in
            defer { thread = nil }
            return thread
        }) else { return }
        running.store(false, ordering: .releasing)
        stopping.join()
    }

    private func report(_ error: any Error) {
        let message = "button: \(error)"
        let isNew = watch.withLock { watch in
            defer { watch.lastError = message }
            return watch.lastError != message
        }
        if isNew { log.error(message) }
    }
}
