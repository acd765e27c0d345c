#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// SIGTERM (systemd stopping the service) and SIGINT (Ctrl-C) turned into a flag that the
/// frame loop reads every frame without a lock, and a `wait` for threads that have nothing
/// else to do. A second signal while shutting down exits at once (status 128 + signal), so a
/// stuck shutdown can still be interrupted from the terminal.
///
/// Signal dispositions belong to the process, so there is one shared instance: `install()`.
public final class ShutdownSignal: Sendable {
    private let requested = Atomic<Bool>(false)
    private let receivedSignal = Atomic<Int32>(0)
    private let exitOnRepeat = Atomic<Bool>(true)
    /// A self-pipe: the handler writes a byte so `wait` can sleep in `poll`.
    private let wakeRead: Int32
    private let wakeWrite: Int32

    /// The process's instance; created before any handler is installed.
    public static let shared = ShutdownSignal()

    /// An instance no signal reaches, stopped only by `request()`: for a loop run from code
    /// (tests), which a signal test elsewhere in the process must not stop.
    public static func independent() -> ShutdownSignal { ShutdownSignal() }

    private init() {
        var descriptors: [Int32] = [-1, -1]
        if pipe(&descriptors) == 0 {
            for descriptor in descriptors {
                _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
                _ = fcntl(descriptor, F_SETFL, O_NONBLOCK)
            }
        } else {
            descriptors = [-1, -1]
        }
        wakeRead = descriptors[0]
        wakeWrite = descriptors[1]
    }

    /// Installs the handlers (idempotent) and returns the shared instance.
    /// - Parameters:
    ///   - signals: defaults to SIGTERM and SIGINT.
    ///   - exitOnRepeat: a second signal after the first exits immediately.
    @discardableResult
    public static func install(signals: [Int32] = [SIGTERM, SIGINT], exitOnRepeat: Bool = true) -> ShutdownSignal {
        let instance = shared
        instance.exitOnRepeat.store(exitOnRepeat, ordering: .relaxed)
        // A parent may have started us with these signals blocked (a thread pool's threads
        // block them, and the mask is inherited across exec): unblock them, or a SIGTERM would
        // wait for ever.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for signalNumber in signals { sigaddset(&unblock, signalNumber) }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        for signalNumber in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signalNumber in ShutdownSignal.shared.handle(signalNumber) }
            sigemptyset(&action.sa_mask)
            // Restart interrupted system calls: a signal must not turn a clip write into an error.
            action.sa_flags = SA_RESTART
            sigaction(signalNumber, &action, nil)
        }
        return instance
    }

    /// True once shutdown was requested; one relaxed atomic load, cheap enough for every frame.
    @inline(__always)
    public var isRequested: Bool { requested.load(ordering: .relaxed) }

    /// The signal that requested shutdown, nil when none did (or `request()` was called).
    public var signal: Int32? {
        let number = receivedSignal.load(ordering: .relaxed)
        return number == 0 ? nil : number
    }

    /// Requests shutdown from code (a fatal error, a test).
    public func request() {
        if !requested.exchange(true, ordering: .relaxed) { wake() }
    }

    /// Blocks until shutdown is requested or `timeout` seconds pass (nil waits for ever).
    /// Returns `isRequested`.
    @discardableResult
    public func wait(timeout: Double? = nil) -> Bool {
        let deadline = timeout.map { MonotonicClock.seconds() + $0 }
        while !isRequested {
            var remainingMilliseconds: Int32 = -1
            if let deadline {
                let remaining = deadline - MonotonicClock.seconds()
                if remaining <= 0 { break }
                remainingMilliseconds = Int32(min(remaining * 1000 + 1, 60_000))
            }
            var descriptor = pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)
            if wakeRead < 0 {
                // No pipe: fall back to short sleeps.
                usleep(UInt32(remainingMilliseconds < 0 ? 50_000 : min(remainingMilliseconds, 50) * 1000))
            } else {
                _ = poll(&descriptor, 1, remainingMilliseconds)
            }
        }
        return isRequested
    }

    /// Clears the request so the instance can be used again (tests; a restart in-process).
    public func reset() {
        receivedSignal.store(0, ordering: .relaxed)
        requested.store(false, ordering: .relaxed)
        var byte: UInt8 = 0
        while wakeRead >= 0, read(wakeRead, &byte, 1) == 1 {}
    }

    /// Runs in the signal handler: atomics, `write` and `_exit` only (all async-signal-safe).
    private func handle(_ signalNumber: Int32) {
        if requested.load(ordering: .relaxed) {
            if exitOnRepeat.load(ordering: .relaxed) { _exit(128 + signalNumber) }
            return
        }
        receivedSignal.store(signalNumber, ordering: .relaxed)
        requested.store(true, ordering: .relaxed)
        wake()
    }

    private func wake() {
        var byte: UInt8 = 1
        if wakeWrite >= 0 { _ = write(wakeWrite, &byte, 1) }
    }
}
