import GateSpeedFrames
import GateSpeedPlatform

/// How the benchmark lays out the frames it holds: the layouts a camera or a decoder hands the
/// frame loop (see `V4L2Camera.FrameLayout`, `FFmpegMedia.VideoFileSource`).
enum StoredLayout: String, CaseIterable {
    /// Luma only (a GREY camera, a monochrome file).
    case grey
    /// Planar 4:2:0: Y, then Cb, then Cr (YU12, a decoded MJPEG frame, most video files).
    case i420 = "I420"
    /// Y, then interleaved Cb Cr at half height (pixel stride 2).
    case nv12 = "NV12"
    /// Packed 4:2:2, Y0 Cb Y1 Cr (luma pixel stride 2, chroma 4, full height).
    case yuyv = "YUYV"

    var hasChroma: Bool { self != .grey }

    func bytesPerFrame(width w: Int, height h: Int) -> Int {
        switch self {
        case .grey: w * h
        case .i420, .nv12: w * h + 2 * (w / 2) * (h / 2)
        case .yuyv: 2 * w * h
        }
    }

    /// The frame view over one image of this layout at `base`.
    func frame(at base: UnsafeRawPointer, width w: Int, height h: Int, timestamp: Double, sequence: UInt64) -> VideoFrame {
        let cw = w / 2, ch = h / 2
        switch self {
        case .grey:
            return VideoFrame(luma: Plane(base: base, width: w, height: h, rowStride: w), timestamp: timestamp, sequence: sequence)
        case .i420:
            return VideoFrame(luma: Plane(base: base, width: w, height: h, rowStride: w),
                              chromaBlue: Plane(base: base + w * h, width: cw, height: ch, rowStride: cw),
                              chromaRed: Plane(base: base + w * h + cw * ch, width: cw, height: ch, rowStride: cw),
                              timestamp: timestamp, sequence: sequence)
        case .nv12:
            return VideoFrame(luma: Plane(base: base, width: w, height: h, rowStride: w),
                              chromaBlue: Plane(base: base + w * h, width: cw, height: ch, rowStride: w, pixelStride: 2),
                              chromaRed: Plane(base: base + w * h + 1, width: cw, height: ch, rowStride: w, pixelStride: 2),
                              timestamp: timestamp, sequence: sequence)
        case .yuyv:
            return VideoFrame(luma: Plane(base: base, width: w, height: h, rowStride: 2 * w, pixelStride: 2),
                              chromaBlue: Plane(base: base + 1, width: cw, height: h, rowStride: 2 * w, pixelStride: 4),
                              chromaRed: Plane(base: base + 3, width: cw, height: h, rowStride: 2 * w, pixelStride: 4),
                              timestamp: timestamp, sequence: sequence)
        }
    }

    /// Writes `frame` in this layout at `slot` (the frame's size). Chroma comes from the
    /// frame's own planes, nearest sample; a grey frame gets neutral chroma.
    func write(_ frame: VideoFrame, to slot: UnsafeMutableRawPointer) {
        let w = frame.width, h = frame.height, cw = w / 2, ch = h / 2
        let luma = frame.luma
        func lumaRow(_ y: Int, into target: UnsafeMutableRawPointer, step: Int) {
            for x in 0..<w { target.storeBytes(of: luma.sample(x: x, y: y), toByteOffset: x * step, as: UInt8.self) }
        }
        func chroma(_ plane: Plane?, x: Int, y: Int, rows: Int) -> UInt8 {
            guard let plane else { return 128 }
            return plane.sample(x: min(plane.width - 1, x * plane.width / max(1, cw)),
                                y: min(plane.height - 1, y * plane.height / max(1, rows)))
        }
        switch self {
        case .grey:
            for y in 0..<h { lumaRow(y, into: slot + y * w, step: 1) }
        case .i420:
            for y in 0..<h { lumaRow(y, into: slot + y * w, step: 1) }
            for y in 0..<ch {
                for x in 0..<cw {
                    slot.storeBytes(of: chroma(frame.chromaBlue, x: x, y: y, rows: ch), toByteOffset: w * h + y * cw + x, as: UInt8.self)
                    slot.storeBytes(of: chroma(frame.chromaRed, x: x, y: y, rows: ch),
                                    toByteOffset: w * h + cw * ch + y * cw + x, as: UInt8.self)
                }
            }
        case .nv12:
            for y in 0..<h { lumaRow(y, into: slot + y * w, step: 1) }
            for y in 0..<ch {
                for x in 0..<cw {
                    slot.storeBytes(of: chroma(frame.chromaBlue, x: x, y: y, rows: ch), toByteOffset: w * h + y * w + 2 * x, as: UInt8.self)
                    slot.storeBytes(of: chroma(frame.chromaRed, x: x, y: y, rows: ch), toByteOffset: w * h + y * w + 2 * x + 1, as: UInt8.self)
                }
            }
        case .yuyv:
            for y in 0..<h {
                let row = slot + y * 2 * w
                lumaRow(y, into: row, step: 2)
                for x in 0..<cw {
                    row.storeBytes(of: chroma(frame.chromaBlue, x: x, y: y, rows: h), toByteOffset: 4 * x + 1, as: UInt8.self)
                    row.storeBytes(of: chroma(frame.chromaRed, x: x, y: y, rows: h), toByteOffset: 4 * x + 3, as: UInt8.self)
                }
            }
        }
    }
}

/// A batch of frames held in memory, so the pipeline can be timed on frames that are not being
/// rendered or decoded at the same moment (and are no longer hot in the cache, as a camera's
/// DMA'd buffers are not).
///
/// Holds each frame in one `StoredLayout` (converted from whatever the source delivered), one
/// frame after another. The storage is sized once; each `fill` reuses it.
struct FrameStore {
    let width: Int
    let height: Int
    let capacity: Int
    let layout: StoredLayout
    private let frameBytes: Int
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

    /// Room for `capacity` frames of `width` x `height` in `layout` (even sizes for the colour layouts).
    init(width: Int, height: Int, capacity: Int, layout: StoredLayout = .grey) {
        self.width = width
        self.height = height
        self.capacity = max(1, capacity)
        self.layout = layout
        frameBytes = layout.bytesPerFrame(width: width, height: height)
        bytes = [UInt8](repeating: 0, count: self.capacity * frameBytes)
        timestamps = [Double](repeating: 0, count: self.capacity)
        sequences = [UInt64](repeating: 0, count: self.capacity)
        fetchNanoseconds = [UInt64](repeating: 0, count: self.capacity)
    }

    /// Frames of `width` x `height` in `layout` that fit in `bytes` bytes (at least 1).
    static func capacity(bytes: Int, width: Int, height: Int, layout: StoredLayout) -> Int {
        max(1, bytes / max(1, layout.bytesPerFrame(width: width, height: height)))
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
        let frameBytes = self.frameBytes, layout = self.layout, w = width, h = height
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            for index in 0..<count {
                body(index, layout.frame(at: base + index * frameBytes, width: w, height: h,
                                         timestamp: timestamps[index], sequence: sequences[index]))
            }
        }
    }

    /// Calls `body` with a frame view of held frame `index`.
    func withFrame(_ index: Int, _ body: (VideoFrame) -> Void) {
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress, index < count else { return }
            body(layout.frame(at: base + index * frameBytes, width: width, height: height,
                              timestamp: timestamps[index], sequence: sequences[index]))
        }
    }

    /// Copies `frame` into slot `index` in the store's layout; false when its size is not the store's.
    private mutating func store(_ frame: VideoFrame, at index: Int) -> Bool {
        guard frame.width == width, frame.height == height else { return false }
        timestamps[index] = frame.timestamp
        sequences[index] = frame.sequence
        let frameBytes = self.frameBytes, layout = self.layout
        bytes.withUnsafeMutableBytes { raw in
            guard let slot = raw.baseAddress?.advanced(by: index * frameBytes) else { return }
            if layout == .grey, frame.luma.pixelStride == 1 {
                for y in 0..<height {
                    (slot + y * width).copyMemory(from: frame.luma.base + y * frame.luma.rowStride, byteCount: width)
                }
            } else {
                layout.write(frame, to: slot)
            }
        }
        return true
    }
}

/// The frames of a `FrameStore` as a frame source, once each (to lay them out another way).
struct StoreReplay: FrameSource {
    let store: FrameStore
    private var next = 0

    init(store: FrameStore) { self.store = store }

    var frameWidth: Int { store.width }
    var frameHeight: Int { store.height }
    var nominalFramesPerSecond: Double { 0 }
    var statistics: FrameSourceStatistics { FrameSourceStatistics() }

    mutating func nextFrame(_ body: (VideoFrame) -> Void) -> FrameOutcome {
        guard next < store.count else { return .endOfStream }
        store.withFrame(next, body)
        next += 1
        return .delivered
    }
}
