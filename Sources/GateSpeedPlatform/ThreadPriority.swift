#if canImport(Glibc)
import Glibc
#endif

/// What `ThreadPriority.raiseCurrentThread` obtained, for the log.
public enum ThreadPriorityOutcome: Sendable, Equatable, CustomStringConvertible {
    /// The thread runs under `SCHED_FIFO` at this priority (1...99).
    case realtime(priority: Int32)
    /// Real-time was refused; the thread's nice value is now this (negative is more urgent).
    case nice(Int32)
    /// Neither was permitted; the thread runs as before.
    case unchanged(reason: String)

    public var description: String {
        switch self {
        case .realtime(let priority): return "real-time priority (SCHED_FIFO \(priority))"
        case .nice(let value): return "raised priority (nice \(value))"
        case .unchanged(let reason): return "normal priority (\(reason))"
        }
    }
}

/// The two scheduling calls, as a seam so the fallback order can be tested without privileges.
/// Each returns nil on success, else the `Errno` of the refusal.
public protocol ThreadScheduling {
    func setRealtimeFIFO(priority: Int32) -> Errno?
    func setNice(_ value: Int32) -> Errno?
}

/// The real calls for the calling thread: `pthread_setschedparam` and `setpriority` on its thread id.
public struct LinuxThreadScheduling: ThreadScheduling {
    public init() {}

    public func setRealtimeFIFO(priority: Int32) -> Errno? {
        var parameters = sched_param()
        parameters.sched_priority = priority
        let result = pthread_setschedparam(pthread_self(), SCHED_FIFO, &parameters)
        return result == 0 ? nil : Errno(result)
    }

    public func setNice(_ value: Int32) -> Errno? {
        // On Linux the nice value belongs to a thread, and `who == 0` means the calling thread
        // (the kernel resolves it to `current`), so this leaves the other threads alone.
        setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, value) == 0 ? nil : .current
    }
}

/// Raises the priority of the frame loop's thread where the system permits it, and
/// otherwise carries on: `SCHED_FIFO` needs `LimitRTPRIO` or `CAP_SYS_NICE`, a negative
/// nice value needs `CAP_SYS_NICE` (the unit grants both).
public enum ThreadPriority {
    /// Tries `SCHED_FIFO` at `realtimePriority` (keep it low: the kernel's own threads run at 50),
    /// then nice `niceValue`; never fails.
    public static func raiseCurrentThread(realtimePriority: Int32 = 10, niceValue: Int32 = -5) -> ThreadPriorityOutcome {
        raise(using: LinuxThreadScheduling(), realtimePriority: realtimePriority, niceValue: niceValue)
    }

    public static func raise<Scheduling: ThreadScheduling>(using scheduling: Scheduling, realtimePriority: Int32 = 10,
                                                           niceValue: Int32 = -5) -> ThreadPriorityOutcome {
        guard let realtimeError = scheduling.setRealtimeFIFO(priority: realtimePriority) else {
            return .realtime(priority: realtimePriority)
        }
        guard let niceError = scheduling.setNice(niceValue) else { return .nice(niceValue) }
        let reason = (realtimeError == .permissionDenied || niceError == .permissionDenied || niceError == .accessDenied)
            ? "no permission: needs CAP_SYS_NICE or LimitRTPRIO"
            : "SCHED_FIFO: \(realtimeError); nice: \(niceError)"
        return .unchanged(reason: reason)
    }
}
