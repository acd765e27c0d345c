import Dispatch
import GateSpeedFrames
import Synchronization

/// A lock-free single-producer single-consumer queue of small integers (slot numbers).
/// `push` is called from one thread only and `pop` from one other thread only.
final class SingleProducerQueue: @unchecked Sendable {
    // Safety: `storage` cells are written by the producer before it publishes `tail`
    // (release) and read by the consumer after it observes `tail` (acquire), and the
    // reverse for `head`; no cell is ever accessed by both threads at the same time.
    private let storage: UnsafeMutablePointer<Int>
    private let capacity: Int
    private let head = Atomic<Int>(0)
    private let tail = Atomic<Int>(0)

    /// Holds up to `capacity` values.
    init(capacity: Int) {
        self.capacity = capacity + 1
        storage = .allocate(capacity: capacity + 1)
        storage.initialize(repeating: 0, count: capacity + 1)
    }

    deinit { storage.deallocate() }

    /// Producer side. Returns false when full.
    func push(_ value: Int) -> Bool {
        let t = tail.load(ordering: .relaxed)
        let next = (t + 1) % capacity
        guard next != head.load(ordering: .acquiring) else { return false }
        storage[t] = value
        tail.store(next, ordering: .releasing)
        return true
    }

    /// Consumer side. Returns nil when empty.
    func pop() -> Int? {
        let h = head.load(ordering: .relaxed)
        guard h != tail.load(ordering: .acquiring) else { return nil }
        let value = storage[h]
        head.store((h + 1) % capacity, ordering: .releasing)
        return value
    }
}

/// One preallocated frame buffer and the overlay state of its moment.
/// Owned by exactly one thread at a time: the queues below hand it over.
final class FrameSlot: @unchecked Sendable {
    var image: I420Image
    var overlay = OverlayState()

    init(width: Int, height: Int) {
        image = I420Image(width: width, height: height)
    }
}

/// The bounded, dropping hand-off from the frame loop to the recorder thread: a pool of
/// preallocated images travelling between a `free` and a `filled` queue. The frame loop
/// copies into a free slot (no allocation, no lock) or drops the frame when none is free.
final class FrameHandoff: Sendable {
    let slots: [FrameSlot]
    private let free: SingleProducerQueue
    private let filled: SingleProducerQueue
    /// Signalled once per filled slot (and on stop); the recorder waits on it.
    let wake = DispatchSemaphore(value: 0)
    /// Signalled when a slot is freed while the producer waits for one (files only).
    private let room = DispatchSemaphore(value: 0)
    private let producerWaiting = Atomic<Bool>(false)

    init(slotCount: Int, width: Int, height: Int) {
        let count = max(1, slotCount)
        slots = (0..<count).map { _ in FrameSlot(width: width, height: height) }
        free = SingleProducerQueue(capacity: count)
        filled = SingleProducerQueue(capacity: count)
        for index in 0..<count { _ = free.push(index) }
    }

    enum Submission { case queued, full, wrongSize }

    /// Frame-loop side: copies `frame` and `overlay` into a free slot and queues it;
    /// `.full` when the recorder is behind (nothing copied). Counts nothing itself.
    func submit(_ frame: VideoFrame, overlay: OverlayState) -> Submission {
        guard let index = free.pop() else { return .full }
        let slot = slots[index]
        guard slot.image.copy(from: frame) else {
            // Wrong size: hand the slot back through the filled queue, marked unusable.
            _ = filled.push(-1 - index)
            wake.signal()
            return .wrongSize
        }
        slot.overlay = overlay
        _ = filled.push(index)  // cannot be full: there are only `slots.count` slots
        wake.signal()
        return .queued
    }

    /// Frame-loop side: waits up to `milliseconds` for the recorder to free a slot (a slot
    /// freed just before the wait is noticed at the timeout at the latest).
    func waitForRoom(milliseconds: Int) {
        producerWaiting.store(true, ordering: .sequentiallyConsistent)
        _ = room.wait(timeout: .now() + .milliseconds(milliseconds))
        producerWaiting.store(false, ordering: .sequentiallyConsistent)
    }

    /// Recorder side: the next filled slot; negative values are slots to recycle unused
    /// (see `recycle`).
    func takeFilled() -> Int? { filled.pop() }

    /// Recorder side: returns a slot to the pool.
    func recycle(_ index: Int) {
        _ = free.push(index >= 0 ? index : -1 - index)
        if producerWaiting.load(ordering: .sequentiallyConsistent) { room.signal() }
    }
}
