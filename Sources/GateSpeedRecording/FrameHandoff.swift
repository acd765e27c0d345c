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
public final class FrameSlot: @unchecked Sendable {
    public internal(set) var image: I420Image
    var overlay = OverlayState()

    init(width: Int, height: Int) {
        image = I420Image(width: width, height: height)
    }
}

/// The bounded, dropping hand-off from the frame loop to the recorder thread: a pool of
/// preallocated images travelling between a `free` and a `filled` queue. The frame loop
/// copies into a free slot (no allocation, no lock) or drops the frame when none is free.
///
/// The frame's memory is the camera's and valid only while the frame loop holds it, so what
/// crosses to the recorder is a copy: `FrameCopy`, rows at a time (`memcpy` for planar rows,
/// vector code to gather interleaved ones), never a byte at a time.
public final class FrameHandoff: Sendable {
    public let slots: [FrameSlot]
    private let free: SingleProducerQueue
    private let filled: SingleProducerQueue
    /// Signalled once per filled slot (and on stop); the recorder waits on it.
    let wake = DispatchSemaphore(value: 0)
    /// Signalled when a slot is freed while the producer waits for one (files only).
    private let room = DispatchSemaphore(value: 0)
    private let producerWaiting = Atomic<Bool>(false)

    public init(slotCount: Int, width: Int, height: Int) {
        let count = max(1, slotCount)
        slots = (0..<count).map { _ in FrameSlot(width: width, height: height) }
        free = SingleProducerQueue(capacity: count)
        filled = SingleProducerQueue(capacity: count)
        for index in 0..<count { _ = free.push(index) }
    }

    public enum Submission: Sendable { case queued, full, wrongSize }

    /// Frame-loop side: copies `frame` and `overlay` into a free slot and queues it;
    /// `.full` when the recorder is behind (nothing copied). Counts nothing itself.
    public func submit(_ frame: VideoFrame, overlay: OverlayState) -> Submission {
        guard let index = free.pop() else { return .full }
        let slot = slots[index]
        guard FrameCopy.copy(frame, into: &slot.image) else {
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
    public func takeFilled() -> Int? { filled.pop() }

    /// Recorder side: returns a slot to the pool.
    public func recycle(_ index: Int) {
        _ = free.push(index >= 0 ? index : -1 - index)
        if producerWaiting.load(ordering: .sequentiallyConsistent) { room.signal() }
    }
}

/// Copies a frame the frame loop holds into an owned I420 image: the recorder's copy.
///
/// The result is exactly `I420Image.copy(from:)`'s (grey gets neutral chroma, 4:2:2 chroma
/// keeps every other row, samples past a short plane repeat its last one), but done a row at a
/// time: planar rows with `copyMemory` (a `memcpy`), interleaved ones (YUYV's luma and chroma,
/// NV12's chroma) with strided loops the compiler vectorises. Nothing is allocated.
public enum FrameCopy {
    /// Copies `frame` into `image` (same size required); false when the sizes differ.
    @discardableResult
    public static func copy(_ frame: VideoFrame, into image: inout I420Image) -> Bool {
        guard frame.width == image.width, frame.height == image.height else { return false }
        image.timestamp = frame.timestamp
        let w = image.width, h = image.height, cw = image.chromaWidth, ch = image.chromaHeight
        let blueAt = image.blueOffset, redAt = image.redOffset
        image.bytes.withUnsafeMutableBytes { raw in
            let out = raw.baseAddress!
            copyPlane(frame.luma, columns: w, rows: h, rowStep: 1, into: out, rowStride: w)
            if let cb = frame.chromaBlue, let cr = frame.chromaRed {
                // Vertical subsampling of the source chroma: 2 for 4:2:0, 1 for 4:2:2.
                let rowStep = max(1, (h + cb.height - 1) / cb.height)
                let yStep = rowStep >= 2 ? 1 : 2
                copyPlane(cb, columns: cw, rows: ch, rowStep: yStep, into: out + blueAt, rowStride: cw)
                copyPlane(cr, columns: cw, rows: ch, rowStep: yStep, into: out + redAt, rowStride: cw)
            } else {
                (out + blueAt).initializeMemory(as: UInt8.self, repeating: 128, count: 2 * cw * ch)
            }
        }
        return true
    }

    /// Row `y` of `target` (`columns` samples, rows `rowStride` apart) gets row
    /// `min(plane.height - 1, y * rowStep)` of `plane`; columns past the plane's width repeat its
    /// last sample.
    static func copyPlane(_ plane: Plane, columns: Int, rows: Int, rowStep: Int,
                          into target: UnsafeMutableRawPointer, rowStride: Int) {
        let direct = min(columns, plane.width)
        if plane.pixelStride == 1, rowStep == 1, plane.rowStride == direct, direct == columns, rowStride == columns,
           plane.height >= rows {
            // One block: the plane's rows follow one another as the target's do.
            target.copyMemory(from: plane.base, byteCount: columns * rows)
            return
        }
        for y in 0..<rows {
            let source = plane.base + min(plane.height - 1, y * rowStep) * plane.rowStride
            let row = target + y * rowStride
            switch plane.pixelStride {
            case 1: row.copyMemory(from: source, byteCount: direct)
            case 2: gather2(source, count: direct, into: row)
            case 4: gather4(source, count: direct, into: row)
            default:
                for x in 0..<direct {
                    row.storeBytes(of: source.load(fromByteOffset: x * plane.pixelStride, as: UInt8.self),
                                   toByteOffset: x, as: UInt8.self)
                }
            }
            if direct < columns {
                let last = source.load(fromByteOffset: (plane.width - 1) * plane.pixelStride, as: UInt8.self)
                (row + direct).initializeMemory(as: UInt8.self, repeating: last, count: columns - direct)
            }
        }
    }

    /// `target[x] = source[2 x]` for `x < count`: a loop the compiler vectorises (it reads
    /// nothing but the samples).
    @inline(__always)
    static func gather2(_ source: UnsafeRawPointer, count: Int, into target: UnsafeMutableRawPointer) {
        let from = source.assumingMemoryBound(to: UInt8.self), to = target.assumingMemoryBound(to: UInt8.self)
        for x in 0..<count { to[x] = from[x &* 2] }
    }

    /// `target[x] = source[4 x]` for `x < count`.
    @inline(__always)
    static func gather4(_ source: UnsafeRawPointer, count: Int, into target: UnsafeMutableRawPointer) {
        let from = source.assumingMemoryBound(to: UInt8.self), to = target.assumingMemoryBound(to: UInt8.self)
        for x in 0..<count { to[x] = from[x &* 4] }
    }
}
