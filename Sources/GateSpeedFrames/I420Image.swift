/// An owned planar YUV 4:2:0 image (I420: Y plane, then Cb, then Cr, no padding).
///
/// This is what the recording path works on: the recorder copies each camera frame into
/// one of a pool of these (a copy, not an allocation, once the pool is warm), draws the
/// overlay on it and hands it to the encoder. Width and height are even.
public struct I420Image: Sendable {
    public let width: Int
    public let height: Int
    /// Y (width x height), then Cb and Cr (each width/2 x height/2).
    public var bytes: [UInt8]
    /// Timestamp of the frame it was copied from, seconds on the source's clock.
    public var timestamp: Double

    public init(width: Int, height: Int, timestamp: Double = 0) {
        precondition(width > 0 && height > 0 && width % 2 == 0 && height % 2 == 0, "I420 needs even, positive sizes")
        self.width = width
        self.height = height
        self.timestamp = timestamp
        bytes = [UInt8](repeating: 0, count: width * height * 3 / 2)
        // Neutral chroma: a grey image, not a green one.
        for i in (width * height)..<bytes.count { bytes[i] = 128 }
    }

    public var lumaCount: Int { width * height }
    public var chromaWidth: Int { width / 2 }
    public var chromaHeight: Int { height / 2 }
    public var blueOffset: Int { lumaCount }
    public var redOffset: Int { lumaCount + chromaWidth * chromaHeight }

    /// Copies `frame` into this image (same size required), converting whatever layout the
    /// source had: grey (neutral chroma), packed 4:2:2, semi-planar or planar 4:2:0.
    /// Returns false when the sizes differ.
    @discardableResult
    public mutating func copy(from frame: VideoFrame) -> Bool {
        guard frame.width == width, frame.height == height else { return false }
        timestamp = frame.timestamp
        let w = width, h = height, cw = chromaWidth, ch = chromaHeight
        let blueAt = blueOffset, redAt = redOffset
        bytes.withUnsafeMutableBufferPointer { out in
            let luma = frame.luma
            for y in 0..<h {
                let row = luma.base + y * luma.rowStride
                let dst = y * w
                if luma.pixelStride == 1 {
                    out.baseAddress!.advanced(by: dst).update(from: row.assumingMemoryBound(to: UInt8.self), count: w)
                } else {
                    for x in 0..<w { out[dst + x] = row.load(fromByteOffset: x * luma.pixelStride, as: UInt8.self) }
                }
            }
            if let cb = frame.chromaBlue, let cr = frame.chromaRed {
                // Vertical subsampling of the source chroma: 2 for 4:2:0, 1 for 4:2:2.
                let rowStep = max(1, (h + cb.height - 1) / cb.height)
                let yStep = rowStep >= 2 ? 1 : 2
                for y in 0..<ch {
                    let sy = min(cb.height - 1, y * yStep)
                    for x in 0..<cw {
                        let sx = min(cb.width - 1, x)
                        out[blueAt + y * cw + x] = cb.sample(x: sx, y: sy)
                        out[redAt + y * cw + x] = cr.sample(x: sx, y: sy)
                    }
                }
            } else {
                for i in blueAt..<(redAt + cw * ch) { out[i] = 128 }
            }
        }
        return true
    }

    /// Calls `body` with a frame view over this image's own memory.
    public func withVideoFrame<R>(sequence: UInt64 = 0, _ body: (VideoFrame) throws -> R) rethrows -> R {
        try bytes.withUnsafeBytes { raw in
            let base = raw.baseAddress!
            let frame = VideoFrame(
                luma: Plane(base: base, width: width, height: height, rowStride: width),
                chromaBlue: Plane(base: base + blueOffset, width: chromaWidth, height: chromaHeight, rowStride: chromaWidth),
                chromaRed: Plane(base: base + redOffset, width: chromaWidth, height: chromaHeight, rowStride: chromaWidth),
                timestamp: timestamp, sequence: sequence)
            return try body(frame)
        }
    }
}
