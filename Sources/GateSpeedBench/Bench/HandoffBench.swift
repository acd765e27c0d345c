import AllocationCounting
import GateSpeedFrames
import GateSpeedRecording
import GateSpeedPlatform

/// What handing a frame to the recorder costs the frame loop, per layout: `FrameHandoff.submit`
/// (the copy into a pooled I420 buffer, the overlay, the queue) as the frame loop calls it, on
/// frames held in memory. The recorder's side (taking the slot back) runs between the timed
/// calls, on the same thread, untimed.
enum HandoffBench {
    struct Measurement {
        var layout: StoredLayout
        var width: Int
        var height: Int
        var submit: DurationSummary?
        /// Heap allocations over the timed submissions (after a first, untimed one per slot).
        var allocations = 0
        var frames = 0
        /// Bytes written into the recorder's buffer per frame.
        var bytes: Int { width * height * 3 / 2 }
    }

    static func measure(_ store: FrameStore, clockCost: Double, countAllocations: Bool) -> Measurement {
        let slots = 4
        let handoff = FrameHandoff(slotCount: slots, width: store.width, height: store.height)
        let overlay = OverlayState(status: .ready)
        var nanoseconds = [UInt64](repeating: 0, count: store.count)
        var measurement = Measurement(layout: store.layout, width: store.width, height: store.height)
        // Warm every slot once (first touches of the pool's pages), untimed.
        store.forEachFrame { index, frame in
            guard index < slots else { return }
            _ = handoff.submit(frame, overlay: overlay)
            while let slot = handoff.takeFilled() { handoff.recycle(slot) }
        }
        if countAllocations { AllocationCounter.start() }
        let before = AllocationCounter.count
        store.forEachFrame { index, frame in
            let started = MonotonicClock.nanoseconds()
            let outcome = handoff.submit(frame, overlay: overlay)
            nanoseconds[index] = MonotonicClock.nanoseconds() &- started
            precondition(outcome == .queued, "the bench's recorder side keeps up")
            while let slot = handoff.takeFilled() { handoff.recycle(slot) }
        }
        measurement.allocations = AllocationCounter.count - before
        AllocationCounter.stop()
        measurement.frames = store.count
        measurement.submit = DurationSummary(nanoseconds.map { max(0, Double($0) - clockCost) / 1000 })
        return measurement
    }
}
