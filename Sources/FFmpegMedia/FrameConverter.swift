import CFFmpeg

/// Converts decoded pictures of any pixel format to I420 with libswscale, into one buffer
/// reused from frame to frame (reallocated only when the picture size changes).
final class FrameConverter {
    private var scaler: OpaquePointer?
    private var buffer: UnsafeMutablePointer<UInt8>?
    /// Plane starts and row strides of `buffer`, for sws_scale (kept to avoid per-frame arrays).
    private var destinations: [UnsafeMutablePointer<UInt8>?] = [nil, nil, nil, nil]
    private var destinationStrides: [Int32] = [0, 0, 0, 0]
    private(set) var width = 0
    private(set) var height = 0

    var chromaWidth: Int { (width + 1) / 2 }
    var chromaHeight: Int { (height + 1) / 2 }

    deinit {
        sws_freeContext(scaler)
        buffer?.deallocate()
    }

    /// Converts `frame`; returns the base of the I420 buffer (Y, then Cb, then Cr, no row
    /// padding), or nil when libswscale cannot convert this format.
    func convert(_ frame: UnsafeMutablePointer<AVFrame>) -> UnsafeMutablePointer<UInt8>? {
        let w = Int(frame.pointee.width), h = Int(frame.pointee.height)
        guard w > 0, h > 0 else { return nil }
        scaler = sws_getCachedContext(scaler, Int32(w), Int32(h), AVPixelFormat(rawValue: frame.pointee.format),
                                      Int32(w), Int32(h), AV_PIX_FMT_YUV420P, SWS_BILINEAR, nil, nil, nil)
        guard let scaler else { return nil }
        if w != width || h != height || buffer == nil {
            buffer?.deallocate()
            width = w
            height = h
            let allocated = UnsafeMutablePointer<UInt8>.allocate(capacity: w * h + 2 * chromaWidth * chromaHeight)
            buffer = allocated
            destinations = [allocated, allocated + w * h, allocated + w * h + chromaWidth * chromaHeight, nil]
            destinationStrides = [Int32(w), Int32(chromaWidth), Int32(chromaWidth), 0]
        }
        guard let buffer else { return nil }
        let rows = withUnsafePointer(to: &frame.pointee.data) { data in
            data.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { sources in
                withUnsafePointer(to: &frame.pointee.linesize) { linesize in
                    linesize.withMemoryRebound(to: Int32.self, capacity: 8) { sourceStrides in
                        sws_scale(scaler, sources, sourceStrides, 0, Int32(h), destinations, destinationStrides)
                    }
                }
            }
        }
        return rows > 0 ? buffer : nil
    }
}
