import CMosquitto
#if canImport(Glibc)
import Glibc
#endif

/// The one place this module (and GateSpeedMQTT) creates threads: a joinable pthread with an
/// explicit `SCHED_OTHER` policy, so a thread made from the raised frame-loop thread never
/// inherits its real-time priority. (`mosquitto_loop_start` would inherit it; it is not used.)
public final class MQTTThread: @unchecked Sendable {
    private var thread = pthread_t()
    private let body: @Sendable () -> Void
    private let name: String

    private init(name: String, body: @escaping @Sendable () -> Void) {
        self.name = name
        self.body = body
    }

    /// Starts `body` on a new normal-priority thread named `name` (at most 15 characters are kept).
    /// Throws the errno when the thread cannot be created.
    public static func spawn(name: String, _ body: @escaping @Sendable () -> Void) throws(MQTTError) -> MQTTThread {
        let worker = MQTTThread(name: name, body: body)
        let context = Unmanaged.passRetained(worker).toOpaque()
        let error = gs_spawn_normal_thread(&worker.thread, { context in
            guard let context else { return nil }
            let worker = Unmanaged<MQTTThread>.fromOpaque(context).takeRetainedValue()
            gs_name_current_thread(String(worker.name.prefix(15)))
            // A nice value is inherited whatever the policy: back to 0 (lowering needs no privilege).
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 0)
            worker.body()
            return nil
        }, context)
        guard error == 0 else {
            Unmanaged<MQTTThread>.fromOpaque(context).release()
            throw MQTTError(operation: "pthread_create", reason: String(cString: strerror(error)))
        }
        return worker
    }

    /// Waits for the thread to end.
    public func join() {
        _ = pthread_join(thread, nil)
    }

    /// The calling thread's scheduling policy (`SCHED_OTHER` is 0), for tests.
    public static func currentPolicy() -> Int32 {
        var policy: Int32 = -1
        var parameters = sched_param()
        _ = pthread_getschedparam(pthread_self(), &policy, &parameters)
        return policy
    }
}
