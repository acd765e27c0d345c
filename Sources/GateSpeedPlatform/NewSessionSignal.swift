import Glibc
import Synchronization

/// `kill -USR1 <pid>` (or `systemctl kill -s USR1 gatespeed`): start a new session of the
/// scoreboard and the clip folders, without stopping the service. The handler only counts;
/// the frame loop reads the count once per frame (one atomic load).
public final class NewSessionSignal: Sendable {
    public static let shared = NewSessionSignal()
    private let requests = Atomic<Int>(0)

    /// Installs the handler for SIGUSR1 (and unblocks it, in case the parent blocked it).
    @discardableResult
    public static func install() -> NewSessionSignal {
        let instance = shared
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in NewSessionSignal.shared.requests.add(1, ordering: .relaxed) }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(SIGUSR1, &action, nil)
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, SIGUSR1)
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        return instance
    }

    /// How many new sessions have been asked for so far.
    public var count: Int { requests.load(ordering: .relaxed) }
}
