#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// How a thread is scheduled.
public enum WorkerPriority: Sendable, Equatable {
    /// SCHED_OTHER at nice 0, whatever the creating thread runs at. Every thread but the frame
    /// loop's, and every thread a C library starts from one of them (libx264's encoder threads,
    /// libmicrohttpd's, libmosquitto's), since those inherit from their creator.
    case normal
    /// The frame loop's: SCHED_FIFO where permitted, else a negative nice value (`ThreadPriority`).
    case raised(realtimePriority: Int32 = 10, niceValue: Int32 = -5)
}

/// The one way the program starts a thread. Every thread is created with explicit scheduling
/// (`PTHREAD_EXPLICIT_SCHED`, SCHED_OTHER): under glibc's default inherited scheduling a thread
/// started by the raised frame loop would run SCHED_FIFO too. A negative nice value, which Linux
/// copies to new threads whatever the attributes say, is put back to 0 as the thread starts.
public final class WorkerThread: Sendable {
    public let name: String
    private let handle: pthread_t
    /// True once joined; held while joining, so every caller of `join` waits for the end.
    private let joined = Mutex<Bool>(false)

    private init(name: String, handle: pthread_t) {
        self.name = name
        self.handle = handle
    }

    /// Starts `body` on a new thread at normal priority; `join()` waits for it.
    /// Fails (with the errno of pthread_create) only when the system has no threads left.
    public static func start(name: String, _ body: @escaping @Sendable () -> Void) throws(Errno) -> WorkerThread {
        let handle = try spawn(name: name, priority: .normal) { _ in body() }
        return WorkerThread(name: name, handle: handle)
    }

    /// A thread nobody joined is detached, so its resources go when it ends.
    deinit {
        if !joined.withLock({ $0 }) { pthread_detach(handle) }
    }

    /// Waits until the thread's body has returned. Any number of callers, on any threads, may
    /// call it, and each returns once the thread has ended. Not from the thread itself.
    public func join() {
        let handle = handle
        joined.withLock { joined in
            guard !joined else { return }
            pthread_join(handle, nil)
            joined = true
        }
    }

    /// True when called on this thread.
    public var isCurrent: Bool { pthread_equal(pthread_self(), handle) != 0 }

    /// Runs `body` on a new thread with `priority` and waits for it: how the frame loop gets a
    /// raised thread of its own while the main thread (and all it starts) stays at normal
    /// priority. `body` is told what priority the thread obtained.
    public static func runAndWait<Result>(name: String, priority: WorkerPriority,
                                          _ body: (ThreadPriorityOutcome?) -> Result) throws(Errno) -> Result {
        try withoutActuallyEscaping(body) { (escapable) throws(Errno) -> Result in
            let box = ResultBox<Result>()
            let work = UncheckedBody { outcome in box.value = escapable(outcome) }
            let handle = try spawn(name: name, priority: priority) { outcome in work.body(outcome) }
            pthread_join(handle, nil)
            // Joined: the body has finished, and the box is only read here. (A thread that ran
            // nothing cannot happen; should it, the body runs here rather than trap.)
            return box.value ?? escapable(nil)
        }
    }

    /// The scheduling policy and nice value of the calling thread (tests, the log).
    public static func currentScheduling() -> (policy: Int32, nice: Int32) {
        var policy: Int32 = 0
        var parameters = sched_param()
        pthread_getschedparam(pthread_self(), &policy, &parameters)
        errno = 0
        let nice = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        return (policy, nice)
    }

    // MARK: - Creation

    private static func spawn(name: String, priority: WorkerPriority,
                              _ body: @escaping @Sendable (ThreadPriorityOutcome?) -> Void) throws(Errno) -> pthread_t {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        // Created at SCHED_OTHER, priority 0, whatever the creator runs at; a raised thread
        // raises itself once it runs, so a refusal is reported rather than failing the create.
        pthread_attr_setinheritsched(&attributes, Int32(PTHREAD_EXPLICIT_SCHED))
        pthread_attr_setschedpolicy(&attributes, SCHED_OTHER)
        var parameters = sched_param()
        parameters.sched_priority = 0
        pthread_attr_setschedparam(&attributes, &parameters)
        let start = ThreadStart(name: name, priority: priority, body: body)
        let context = Unmanaged.passRetained(start).toOpaque()
        var handle = pthread_t()
        let result = pthread_create(&handle, &attributes, { context in
            guard let context else { return nil }
            let start = Unmanaged<ThreadStart>.fromOpaque(context).takeRetainedValue()
            start.run()
            return nil
        }, context)
        guard result == 0 else {
            Unmanaged<ThreadStart>.fromOpaque(context).release()
            throw Errno(result)
        }
        return handle
    }
}

/// What a new thread runs: its name, its priority, its body.
private final class ThreadStart: Sendable {
    let name: String
    let priority: WorkerPriority
    let body: @Sendable (ThreadPriorityOutcome?) -> Void

    init(name: String, priority: WorkerPriority, body: @escaping @Sendable (ThreadPriorityOutcome?) -> Void) {
        self.name = name
        self.priority = priority
        self.body = body
    }

    func run() {
        Self.nameCurrentThread(name)
        switch priority {
        case .normal:
            // Linux copies the nice value to a new thread; making it less urgent needs no privilege.
            errno = 0
            if getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0) < 0 {
                _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 0)
            }
            body(nil)
        case .raised(let realtimePriority, let niceValue):
            body(ThreadPriority.raiseCurrentThread(realtimePriority: realtimePriority, niceValue: niceValue))
        }
    }
}

extension ThreadStart {
    /// Names the calling thread for `top -H`, gdb and the kernel's messages (what
    /// pthread_setname_np does, which the Glibc module does not offer): the kernel keeps 15 bytes.
    static func nameCurrentThread(_ name: String) {
        let fd = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        try? FileDescriptor(rawValue: fd).writeAll(Array(name.utf8.prefix(15)))
        close(fd)
    }
}

/// The result of `runAndWait`'s body, written by the worker and read after the join.
private final class ResultBox<Value>: @unchecked Sendable {
    var value: Value?
}

/// `runAndWait`'s non-escaping body, carried to the thread that runs it while its caller waits
/// in pthread_join (so it never outlives the call).
private struct UncheckedBody: @unchecked Sendable {
    let body: (ThreadPriorityOutcome?) -> Void
}
