import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The one place this module makes a thread: a detached POSIX thread with explicit
/// `SCHED_OTHER` (`PTHREAD_EXPLICIT_SCHED`), so it never inherits the frame loop's real-time
/// priority whichever thread starts it, and back at nice 0 when the starting thread was raised
/// (Linux threads inherit their creator's nice value). (The lead may point this at the shared
/// worker thread.)
enum LiveViewThread {
    private final class Body {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    /// Starts `body` on a new thread named `name` (at most 15 bytes); false when the system refused.
    static func start(name: String, _ body: @escaping @Sendable () -> Void) -> Bool {
        var attributes = pthread_attr_t()
        guard pthread_attr_init(&attributes) == 0 else { return false }
        defer { pthread_attr_destroy(&attributes) }
        var parameters = sched_param()
        parameters.sched_priority = 0
        guard pthread_attr_setinheritsched(&attributes, Int32(PTHREAD_EXPLICIT_SCHED)) == 0,
              pthread_attr_setschedpolicy(&attributes, Int32(SCHED_OTHER)) == 0,
              pthread_attr_setschedparam(&attributes, &parameters) == 0,
              pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED)) == 0 else { return false }
        let threadName = String(name.utf8.prefix(15)) ?? "gatespeed-live"
        let context = Unmanaged.passRetained(Body {
            Thread.current.name = threadName
            // `who == 0`: the calling thread on Linux. Lowering urgency needs no privilege.
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 0)
            body()
        }).toOpaque()
        var thread = pthread_t()
        let created = pthread_create(&thread, &attributes, { context in
            guard let context else { return nil }
            let body = Unmanaged<Body>.fromOpaque(context).takeRetainedValue()
            body.run()
            return nil
        }, context)
        if created != 0 {
            Unmanaged<Body>.fromOpaque(context).release()
            return false
        }
        return true
    }
}
