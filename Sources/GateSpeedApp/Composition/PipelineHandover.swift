import GateSpeedEngine
import Synchronization

/// Hands a timing pipeline built on another thread (a course saved on the pages) to the frame
/// loop. The loop's per-frame check is one atomic load; the lock is taken only when a new
/// pipeline was offered, and then only for the swap.
final class PipelineHandover: Sendable {
    private let generation = Atomic<Int>(0)
    private let cell = Mutex<TimingPipeline?>(nil)

    /// Offers `pipeline` (any thread); a later offer replaces one the loop has not taken yet.
    func offer(_ pipeline: TimingPipeline) {
        cell.withLock { $0 = pipeline }
        generation.add(1, ordering: .releasing)
    }

    /// The pipeline offered since `seen` (which is brought up to date), or nil. The loop's check.
    func take(newerThan seen: inout Int) -> TimingPipeline? {
        let now = generation.load(ordering: .acquiring)
        guard now != seen else { return nil }
        seen = now
        return cell.withLock { cell in
            defer { cell = nil }
            return cell
        }
    }
}
