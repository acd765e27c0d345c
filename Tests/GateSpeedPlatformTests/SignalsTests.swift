#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import GateSpeedPlatform

/// The shutdown flag is process-wide, so these run one after another.
@Suite(.serialized)
struct SignalsTests {
    @Test func aSignalSetsTheFlagAndWakesTheWaiter() {
        // SIGUSR2 stands in for SIGTERM, which would end the test runner if anything went wrong.
        let shutdown = ShutdownSignal.install(signals: [SIGUSR2], exitOnRepeat: false)
        shutdown.reset()
        #expect(!shutdown.isRequested)
        #expect(shutdown.signal == nil)
        kill(getpid(), SIGUSR2)
        #expect(shutdown.wait(timeout: 10))
        #expect(shutdown.isRequested)
        #expect(shutdown.signal == SIGUSR2)
        // No second signal here: its delivery is asynchronous and could land in the next test.
        shutdown.reset()
    }

    @Test func requestFromCodeWakesAWaitingThread() async {
        let shutdown = ShutdownSignal.shared
        shutdown.reset()
        #expect(!shutdown.wait(timeout: 0.01), "nothing requested yet")
        let waiter = Task.detached { shutdown.wait(timeout: 30) }
        shutdown.request()
        #expect(await waiter.value)
        #expect(shutdown.signal == nil)
        shutdown.reset()
        #expect(!shutdown.isRequested)
    }
}

struct ThreadPriorityTests {
    /// Scripted answers for the two scheduling calls; records what was asked.
    final class FakeScheduling: ThreadScheduling, @unchecked Sendable {
        let realtimeResult: Errno?, niceResult: Errno?
        var calls: [String] = []
        /// 0 for success, else the errno of the refusal.
        init(realtime: Int32, nice: Int32) {
            realtimeResult = realtime == 0 ? nil : Errno(realtime)
            niceResult = nice == 0 ? nil : Errno(nice)
        }
        func setRealtimeFIFO(priority: Int32) -> Errno? { calls.append("fifo \(priority)"); return realtimeResult }
        func setNice(_ value: Int32) -> Errno? { calls.append("nice \(value)"); return niceResult }
    }

    @Test func realtimeWhenPermitted() {
        let scheduling = FakeScheduling(realtime: 0, nice: 0)
        #expect(ThreadPriority.raise(using: scheduling) == .realtime(priority: 10))
        #expect(scheduling.calls == ["fifo 10"])
    }

    @Test func niceWhenRealtimeIsRefused() {
        let scheduling = FakeScheduling(realtime: EPERM, nice: 0)
        let outcome = ThreadPriority.raise(using: scheduling)
        #expect(outcome == .nice(-5))
        #expect(scheduling.calls == ["fifo 10", "nice -5"])
        #expect(outcome.description == "raised priority (nice -5)")
    }

    @Test func carriesOnQuietlyWhenBothAreRefused() {
        let outcome = ThreadPriority.raise(using: FakeScheduling(realtime: EPERM, nice: EACCES))
        #expect(outcome == .unchanged(reason: "no permission: needs CAP_SYS_NICE or LimitRTPRIO"))
        let other = ThreadPriority.raise(using: FakeScheduling(realtime: EINVAL, nice: EINVAL))
        #expect(other == .unchanged(reason: "SCHED_FIFO: Invalid argument; nice: Invalid argument"))
    }

    /// The real calls, on a thread of its own that ends afterwards: whatever this machine
    /// permits, the outcome must match what the kernel reports for that thread.
    @Test func realCallsReportWhatTheThreadGot() async {
        let result: (ThreadPriorityOutcome, Int32, Int32) = await withCheckedContinuation { continuation in
            let thread = Thread {
                let outcome = ThreadPriority.raiseCurrentThread()
                var policy: Int32 = 0
                var parameters = sched_param()
                pthread_getschedparam(pthread_self(), &policy, &parameters)
                errno = 0
                let niceValue = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
                continuation.resume(returning: (outcome, policy, niceValue))
            }
            thread.start()
        }
        switch result.0 {
        case .realtime(let priority): #expect(result.1 == SCHED_FIFO && priority == 10)
        case .nice(let value): #expect(result.1 == SCHED_OTHER && result.2 == value)
        case .unchanged: #expect(result.1 == SCHED_OTHER)
        }
    }
}
