import CFFmpeg

/// How a decoded picture's memory is handed to the frame loop.
enum DecodedFrameLayout: Equatable {
    /// 8-bit planar YUV: luma, Cb and Cr planes; chroma half width, and half (4:2:0)
    /// or full (4:2:2) height.
    case planar(chromaHalfHeight: Bool)
    /// 8-bit luma plane plus one interleaved chroma plane (NV12/NV21 4:2:0, NV16 4:2:2).
    case semiPlanar(blueFirst: Bool, chromaHalfHeight: Bool)
    /// 8-bit luma usable as is, no chroma given (GRAY8, 4:4:4, 4:1:1 ...).
    case lumaOnly
    /// Anything else: converted with libswscale to I420.
    case converted

    init(_ format: AVPixelFormat) {
        switch format {
        case AV_PIX_FMT_YUV420P, AV_PIX_FMT_YUVJ420P: self = .planar(chromaHalfHeight: true)
        case AV_PIX_FMT_YUV422P, AV_PIX_FMT_YUVJ422P: self = .planar(chromaHalfHeight: false)
        case AV_PIX_FMT_NV12: self = .semiPlanar(blueFirst: true, chromaHalfHeight: true)
        case AV_PIX_FMT_NV21: self = .semiPlanar(blueFirst: false, chromaHalfHeight: true)
        case AV_PIX_FMT_NV16: self = .semiPlanar(blueFirst: true, chromaHalfHeight: false)
        case AV_PIX_FMT_GRAY8, AV_PIX_FMT_YUV444P, AV_PIX_FMT_YUVJ444P, AV_PIX_FMT_YUV440P,
             AV_PIX_FMT_YUVJ440P, AV_PIX_FMT_YUV411P, AV_PIX_FMT_YUVJ411P, AV_PIX_FMT_YUV410P:
            self = .lumaOnly
        default: self = .converted
        }
    }
}
