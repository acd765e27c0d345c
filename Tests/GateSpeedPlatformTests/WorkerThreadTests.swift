import Glibc
import Synchronization
import Testing
@testable import GateSpeedPlatform

/// Issue 13, defect 1: the frame loop's raised priority must not leak to the threads started
/// after it (the sink, LEDs, button, recorder, and libx264's own workers, which inherit from
/// whoever creates them).
struct WorkerThreadTests {
    /// What a thread found about itself.
    final class Seen: @unchecked Sendable {
        var policy: Int32 = -1
        var nice: Int32 = 99
    }

    @Test func aThreadStartedAfterTheRaiseRunsAtNormalPriority() throws {
        let child = Seen(), inherited = Seen()
        let outcome: ThreadPriorityOutcome? = try WorkerThread.runAndWait(name: "test-raised", priority: .raised()) { outcome in
            // A thread created the way Foundation's `Thread` and C libraries create theirs
            // (inherited scheduling) takes on the raised thread's priority...
            Self.startInheriting(into: inherited)
            // ...one started through WorkerThread does not.
            if let thread = try? WorkerThread.start(name: "test-child", {
                (child.policy, child.nice) = WorkerThread.currentScheduling()
            }) {
                thread.join()
            }
            return outcome
        }
        #expect(child.policy == SCHED_OTHER)
        #expect(child.nice == 0)
        switch outcome {
        case .realtime?:
            // Proves the check above could fail: inheritance really carries SCHED_FIFO.
            #expect(inherited.policy == SCHED_FIFO)
        case .nice(let value)?:
            #expect(inherited.nice == value)
        default:
            break   // without privileges nothing is raised, and nothing can leak
        }
    }

    @Test func theCallerOfRunAndWaitStaysAtNormalPriority() throws {
        let before = WorkerThread.currentScheduling()
        let ranOn: Bool = try WorkerThread.runAndWait(name: "test-raised", priority: .raised()) { _ in true }
        #expect(ranOn)
        let after = WorkerThread.currentScheduling()
        #expect(after.policy == before.policy)
        #expect(after.nice == before.nice)
    }

    /// Two threads stopping one worker at once (a speaker stopped by a signal and by the
    /// shutdown): each returns only once the worker has ended.
    @Test func everyJoinerWaitsForTheEnd() throws {
        let release = Atomic<Bool>(false), ended = Atomic<Bool>(false)
        let worker = try WorkerThread.start(name: "test-joined") {
            while !release.load(ordering: .acquiring) { MonotonicClock.sleep(seconds: 0.001) }
            ended.store(true, ordering: .releasing)
        }
        let seen = Mutex<[Bool]>([])
        let joiners = try (0..<2).map { index in
            try WorkerThread.start(name: "test-joiner-\(index)") {
                worker.join()
                let hasEnded = ended.load(ordering: .acquiring)
                seen.withLock { $0.append(hasEnded) }
            }
        }
        MonotonicClock.sleep(seconds: 0.05)   // both joiners are (most likely) inside join by now
        release.store(true, ordering: .releasing)
        for joiner in joiners { joiner.join() }
        #expect(seen.withLock { $0 } == [true, true])
    }

    @Test func joinWaitsForTheBody() throws {
        let done = Atomic<Int>(0)
        let thread = try WorkerThread.start(name: "test-join") {
            MonotonicClock.sleep(seconds: 0.02)
            done.store(1, ordering: .releasing)
        }
        thread.join()
        #expect(done.load(ordering: .acquiring) == 1)
        thread.join()   // a second join returns at once
    }

    @Test func isCurrentIsTrueOnlyOnTheThread() throws {
        final class Box: @unchecked Sendable { var thread: WorkerThread?; var inside = false }
        let box = Box()
        let gate = BoundedQueue<Int>(capacity: 1)
        let thread = try WorkerThread.start(name: "test-current") {
            _ = gate.take()
            box.inside = box.thread?.isCurrent ?? false
        }
        box.thread = thread
        gate.push(1)
        thread.join()
        #expect(box.inside)
        #expect(!thread.isCurrent)
    }

    /// A plain pthread with default (inherited) attributes that records its scheduling.
    private static func startInheriting(into seen: Seen) {
        var handle = pthread_t()
        let context = Unmanaged.passRetained(seen).toOpaque()
        guard pthread_create(&handle, nil, { context in
            guard let context else { return nil }
            let seen = Unmanaged<Seen>.fromOpaque(context).takeRetainedValue()
            (seen.policy, seen.nice) = WorkerThread.currentScheduling()
            return nil
        }, context) == 0 else {
            Unmanaged<Seen>.fromOpaque(context).release()
            return
        }
        pthread_join(handle, nil)
    }
}
