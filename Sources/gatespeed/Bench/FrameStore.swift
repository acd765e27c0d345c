import GateSpeedFrames

/// A batch of frames held in memory, so the pipeline can be timed on frames that are not being
/// rendered or decoded at the same moment (and are no longer hot in the cache, as a camera's
/// DMA'd buffers are not).
///
/// Keeps the luma plane only (all the per-frame path reads), packed, one frame after another.
/// The storage is sized once; each `fill` reuses it.
struct FrameStore {
    let width: Int
    let height: Int
    let capacity: Int
    private var bytes: [UInt8]
    private var timestamps: [Double]
    private var sequences: [UInt64]
    /// Nanoseconds the source took to produce each frame of the last fill (decoding, rendering),
    /// not counting the copy into the store.
    private(set) var fetchNanoseconds: [UInt64]
    /// Frames held since the last fill.
    private(set) var count = 0
    /// Frames the source delivered at another size, skipped.
    private(set) var mismatchedFrames = 0

    /// Why a fill ended before the store was full.
    enum FillEnd: Equatable {
        case endOfStream
        case fault(String)
    }

    /// Room for `capacity` frames of `width` x `height` luma.
    init(width: Int, height: Int, capacity: Int) {
        self.width = width
        self.height = height
        self.capacity = max(1, capacity)
        bytes = [UInt8](repeating: 0, count: self.capacity * width * height)
        timestamps = [Double](repeating: 0, count: self.capacity)
        sequences = [UInt64](repeating: 0, count: self.capacity)
        fetchNanoseconds = [UInt64](repeating: 0, count: self.capacity)
    }

    /// Replaces the held frames with up to `limit` (at most `capacity`) frames from `source`.
    /// Returns nil when it got them all, or why the source stopped first.
    mutating func fill<Source: FrameSource & ~Copyable>(from source: inout Source, limit: Int) -> FillEnd? {
        count = 0
        let wanted = min(limit, capacity)
        var skippedInARow = 0
        while count < wanted {
            var copyNanoseconds: UInt64 = 0
            var copied = false
            let started = MonotonicClock.nanoseconds()
            let outcome = source.nextFrame { frame in
                let copyStarted = MonotonicClock.nanoseconds()
                copied = store(frame, at: count)
                copyNanoseconds = MonotonicClock.nanoseconds() &- copyStarted
            }
            let fetch = (MonotonicClock.nanoseconds() &- started) &- copyNanoseconds
            switch outcome {
            case .delivered where copied:
                fetchNanoseconds[count] = fetch
                count += 1
                skippedInARow = 0
            case .delivered, .skipped:
                if outcome == .delivered { mismatchedFrames += 1 }
                skippedInARow += 1
                if skippedInARow > 10_000 { return .fault("no usable frame in 10000 attempts") }
            case .fault(let reason):
                return .fault(reason)
            case .endOfStream:
                return .endOfStream
            }
        }
        return nil
    }

    /// Calls `body` with a frame view of held frame `index` for each held frame, in order.
    /// Nothing is allocated between the calls.
    func forEachFrame(_ body: (Int, VideoFrame) -> Void) {
        let frameBytes = width * height
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            for index in 0..<count {
                let plane = Plane(base: base + index * frameBytes, width: width, height: height, rowStride: width)
                body(index, VideoFrame(luma: plane, timestamp: timestamps[index], sequence: sequences[index]))
            }
        }
    }

    /// Copies the luma of `frame` into slot `index`; false when its size is not the store's.
    private mutating func store(_ frame: VideoFrame, at index: Int) -> Bool {
        guard frame.width == width, frame.height == height else { return false }
        timestamps[index] = frame.timestamp
        sequences[index] = frame.sequence
        let luma = frame.luma, w = width, h = height
        bytes.withUnsafeMutableBytes { raw in
            guard let slot = raw.baseAddress?.advanced(by: index * w * h) else { return }
            for y in 0..<h {
                let row = luma.base + y * luma.rowStride
                let target = slot + y * w
                if luma.pixelStride == 1 {
                    target.copyMemory(from: row, byteCount: w)
                } else {
                    for x in 0..<w {
                        target.storeBytes(of: row.load(fromByteOffset: x * luma.pixelStride, as: UInt8.self),
                                          toByteOffset: x, as: UInt8.self)
                    }
                }
            }
        }
        return true
    }
}
