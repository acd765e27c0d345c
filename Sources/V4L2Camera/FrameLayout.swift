import GateSpeedFrames

/// Where the planes of one captured image lie in its buffer, for each capturable format.
/// Building a frame is pointer arithmetic only: the luma is never copied.
struct FrameLayout: Equatable {
    let format: PixelFormat
    let width: Int
    let height: Int
    /// Bytes per row of the first plane as the driver reported it (or the natural one).
    let bytesPerLine: Int

    /// Nil when the format is not one the source captures or the size is unusable.
    init?(_ captured: CaptureFormat) {
        guard captured.width > 1, captured.height > 1 else { return nil }
        let natural: Int
        switch captured.format {
        case .grey, .nv12, .yu12: natural = captured.width
        case .yuyv: natural = captured.width * 2
        case .mjpeg, .jpeg: natural = captured.width  // decoded into a packed YU12 buffer
        default: return nil
        }
        format = captured.format
        width = captured.width
        height = captured.height
        bytesPerLine = captured.format.isCompressed ? natural : max(natural, captured.bytesPerLine)
    }

    /// Bytes one image needs in its buffer (for compressed formats: in the decoded buffer).
    var imageBytes: Int {
        switch format {
        case .grey: return bytesPerLine * height
        case .yuyv: return bytesPerLine * height
        default: return bytesPerLine * height + 2 * (bytesPerLine / 2) * ((height + 1) / 2)
        }
    }

    /// The frame view over an image at `base` (a mapped buffer, or the decode buffer for MJPEG).
    @inline(__always)
    func frame(at base: UnsafeRawPointer, timestamp: Double, sequence: UInt64) -> VideoFrame {
        let w = width, h = height, stride = bytesPerLine
        switch format {
        case .grey:
            return VideoFrame(luma: Plane(base: base, width: w, height: h, rowStride: stride),
                              timestamp: timestamp, sequence: sequence)
        case .yuyv:
            // Y0 U Y1 V: luma every 2 bytes; Cb at 1, Cr at 3, every 4 bytes; full height (4:2:2).
            return VideoFrame(luma: Plane(base: base, width: w, height: h, rowStride: stride, pixelStride: 2),
                              chromaBlue: Plane(base: base + 1, width: w / 2, height: h, rowStride: stride, pixelStride: 4),
                              chromaRed: Plane(base: base + 3, width: w / 2, height: h, rowStride: stride, pixelStride: 4),
                              timestamp: timestamp, sequence: sequence)
        case .nv12:
            let chroma = base + stride * h
            return VideoFrame(luma: Plane(base: base, width: w, height: h, rowStride: stride),
                              chromaBlue: Plane(base: chroma, width: w / 2, height: h / 2, rowStride: stride, pixelStride: 2),
                              chromaRed: Plane(base: chroma + 1, width: w / 2, height: h / 2, rowStride: stride, pixelStride: 2),
                              timestamp: timestamp, sequence: sequence)
        default:
            // YU12 (and decoded MJPEG): Y, then Cb, then Cr at half the stride and half the height.
            let chromaStride = stride / 2, chromaRows = (h + 1) / 2
            let blue = base + stride * h
            return VideoFrame(luma: Plane(base: base, width: w, height: h, rowStride: stride),
                              chromaBlue: Plane(base: blue, width: w / 2, height: h / 2, rowStride: chromaStride),
                              chromaRed: Plane(base: blue + chromaStride * chromaRows, width: w / 2, height: h / 2,
                                               rowStride: chromaStride),
                              timestamp: timestamp, sequence: sequence)
        }
    }
}
