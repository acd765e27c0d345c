/// One image plane (luma or a chroma plane) in memory owned by whoever produced the frame.
///
/// Sample `(x, y)` (pixels, top-left origin) is the byte at
/// `base + y * rowStride + x * pixelStride`. `pixelStride` is 1 for planar formats,
/// 2 for the luma of packed YUYV and for NV12's interleaved chroma, 4 for YUYV chroma.
/// Not `Sendable`: the memory is lent for the duration of a closure, so a view must not be
/// handed to another thread, which could read it after the lender took it back.
public struct Plane {
    /// Address of sample (0, 0).
    public let base: UnsafeRawPointer
    /// Samples per row.
    public let width: Int
    /// Rows.
    public let height: Int
    /// Bytes from one row to the next.
    public let rowStride: Int
    /// Bytes from one sample to the next within a row.
    public let pixelStride: Int

    public init(base: UnsafeRawPointer, width: Int, height: Int, rowStride: Int, pixelStride: Int = 1) {
        precondition(width > 0 && height > 0, "a plane has at least one sample")
        precondition(pixelStride >= 1 && rowStride >= width * pixelStride - (pixelStride - 1),
                     "strides must cover the row")
        self.base = base
        self.width = width
        self.height = height
        self.rowStride = rowStride
        self.pixelStride = pixelStride
    }

    /// The sample at pixel `(x, y)`; no bounds check beyond a debug assertion.
    @inline(__always)
    public func sample(x: Int, y: Int) -> UInt8 {
        assert(x >= 0 && x < width && y >= 0 && y < height)
        return base.load(fromByteOffset: y * rowStride + x * pixelStride, as: UInt8.self)
    }

    /// Byte offset of pixel `(x, y)` from `base`.
    @inline(__always)
    public func offset(x: Int, y: Int) -> Int { y * rowStride + x * pixelStride }
}
