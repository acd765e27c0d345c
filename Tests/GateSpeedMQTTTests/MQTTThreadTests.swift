import Testing
import MosquittoClient
#if canImport(Glibc)
import Glibc
#endif

@Suite struct MQTTThreadTests {
    /// The frame loop runs under SCHED_FIFO; a thread this module makes from it must not.
    @Test func aThreadMadeFromARealTimeThreadRunsAtNormalPriority() throws {
        let seen = Locked<(raised: Bool, childPolicy: Int32)>((false, -1))
        let raiser = try MQTTThread.spawn(name: "raised") {
            var parameters = sched_param()
            parameters.sched_priority = 10
            let raised = pthread_setschedparam(pthread_self(), SCHED_FIFO, &parameters) == 0
                && MQTTThread.currentPolicy() == SCHED_FIFO
            guard let child = try? MQTTThread.spawn(name: "child", { seen.withLock { $0.childPolicy = MQTTThread.currentPolicy() } })
            else { return }
            child.join()
            seen.withLock { $0.raised = raised }
        }
        raiser.join()
        let result = seen.withLock { $0 }
        #expect(result.childPolicy == SCHED_OTHER, "raised: \(result.raised)")
    }
}
