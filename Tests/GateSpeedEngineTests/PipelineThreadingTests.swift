import Foundation
import GateSpeedCore
import GateSpeedSimulation
import Synchronization
import Testing

/// Pipelines on several threads at once share nothing. Under ThreadSanitizer (`make sanitize`)
/// this is the race check of the per-frame path: each probe-less frame passes an empty
/// `NoStageProbe` inout, which the instrumentation once took for one variable shared by all.
@Suite struct PipelineThreadingTests {
    final class Collected: Sendable {
        let results = Mutex<[[RunResult]]>([])
    }

    @Test func twoPipelinesOnTwoThreadsJudgeAsOneAlone() throws {
        var setup = SimulatedScene(duration: 8)
        setup.seed = 7
        setup.riders = [SimulatedRider(direction: .leftToRight, startTime: 2, motion: .constant(speed: 9))]
        let scene = setup
        let alone = try SceneRun(scene).results
        try #require(alone.count == 1)
        let collected = Collected()
        let done = DispatchSemaphore(value: 0)
        for _ in 0..<2 {
            Thread {
                let results = (try? SceneRun(scene))?.results ?? []
                collected.results.withLock { $0.append(results) }
                done.signal()
            }.start()
        }
        done.wait()
        done.wait()
        #expect(collected.results.withLock { $0 } == [alone, alone])
    }
}
