#if canImport(Glibc)
import Glibc
#endif

/// The one way this module makes a thread. It is created with an explicit `SCHED_OTHER` policy
/// and its nice value put back to 0, so it never inherits the frame loop's real-time priority (or
/// raised nice value) from whoever calls; every thread libmicrohttpd creates descends from one of
/// these and inherits its ordinary priority.
enum ServerThread {
    private final class Work {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    /// Runs `body` on a new ordinary-priority thread and waits for it to return.
    static func runAndWait(_ body: @escaping () -> Void) throws(HTTPServerError) {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        var parameters = sched_param()
        parameters.sched_priority = 0
        pthread_attr_setinheritsched(&attributes, Int32(PTHREAD_EXPLICIT_SCHED))
        pthread_attr_setschedpolicy(&attributes, SCHED_OTHER)
        pthread_attr_setschedparam(&attributes, &parameters)
        let work = Unmanaged.passRetained(Work {
            // Nice is per thread on Linux and inherited: an ordinary thread runs at 0. Raising
            // it from a negative value needs no privilege.
            if getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0) < 0 {
                _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 0)
            }
            body()
        })
        var thread = pthread_t()
        let created = pthread_create(&thread, &attributes, { argument in
            guard let argument else { return nil }
            let work = Unmanaged<Work>.fromOpaque(argument).takeRetainedValue()
            work.body()
            return nil
        }, work.toOpaque())
        guard created == 0 else {
            work.release()
            throw HTTPServerError("cannot create a thread (\(String(cString: strerror(created))))")
        }
        pthread_join(thread, nil)
    }
}
