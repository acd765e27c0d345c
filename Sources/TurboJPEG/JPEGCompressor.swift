import CTurboJPEG
import GateSpeedFrames

/// Why a JPEG could not be made or read: TurboJPEG's own message.
public struct JPEGError: Error, Sendable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }

    /// The library's message for `handle` (or its global one), prefixed with what failed.
    static func library(_ what: String, _ handle: tjhandle?) -> JPEGError {
        let text = tjGetErrorStr2(handle).map { String(cString: $0) } ?? "unknown error"
        return JPEGError("\(what): \(text)")
    }
}

/// Compresses I420 images to baseline JPEG (4:2:0) with libjpeg-turbo, straight from the
/// planes (no colour conversion, no copy). The output buffer is allocated once per image size
/// and reused (`TJFLAG_NOREALLOC`), so a compression allocates nothing but the bytes it returns.
/// Not thread-safe: one compressor per thread (the live view's encoding thread).
public final class JPEGCompressor {
    /// 1 (worst) ... 100 (best).
    public let quality: Int32
    private let handle: tjhandle
    private var buffer: UnsafeMutablePointer<UInt8>?
    private var capacity = 0
    private var bufferSize: (width: Int, height: Int) = (0, 0)

    public init(quality: Int = 75) throws(JPEGError) {
        guard let handle = tjInitCompress() else { throw JPEGError.library("tjInitCompress", nil) }
        self.handle = handle
        self.quality = Int32(max(1, min(100, quality)))
    }

    deinit {
        if let buffer { tjFree(buffer) }
        tjDestroy(handle)
    }

    /// The JPEG of `image`, whose planes are read in place.
    public func compress(_ image: I420Image) throws(JPEGError) -> [UInt8] {
        let width = image.width, height = image.height
        if bufferSize != (width, height) {
            if let buffer { tjFree(buffer) }
            buffer = nil
            let size = tjBufSize(Int32(width), Int32(height), gs_tj_samp_420())
            guard size > 0, size < UInt(Int32.max), let allocated = tjAlloc(Int32(size)) else {
                throw JPEGError("no JPEG buffer for \(width)x\(height) (\(size) bytes)")
            }
            buffer = allocated
            capacity = Int(size)
            bufferSize = (width, height)
        }
        guard let buffer else { throw JPEGError("no JPEG buffer") }
        var output: UnsafeMutablePointer<UInt8>? = buffer
        var size = UInt(capacity)
        let flags = gs_tj_flag_norealloc() | gs_tj_flag_fastdct()
        let result: Int32 = image.bytes.withUnsafeBufferPointer { pixels in
            guard let base = pixels.baseAddress else { return -1 }
            var planes: [UnsafePointer<UInt8>?] = [base, base + image.blueOffset, base + image.redOffset]
            var strides: [Int32] = [Int32(width), Int32(image.chromaWidth), Int32(image.chromaWidth)]
            return planes.withUnsafeMutableBufferPointer { planePointers in
                strides.withUnsafeMutableBufferPointer { stridePointers in
                    tjCompressFromYUVPlanes(handle, planePointers.baseAddress, Int32(width), stridePointers.baseAddress,
                                            Int32(height), gs_tj_samp_420(), &output, &size, quality, flags)
                }
            }
        }
        guard result == 0, let output else { throw JPEGError.library("tjCompressFromYUVPlanes", handle) }
        return Array(UnsafeBufferPointer(start: output, count: Int(min(size, UInt(capacity)))))
    }
}

/// Reads a JPEG's header: its size, for checks and tests.
public enum JPEGHeader {
    /// Width and height of the JPEG in `bytes`, or an error when it is not one TurboJPEG reads.
    public static func dimensions(of bytes: [UInt8]) throws(JPEGError) -> (width: Int, height: Int) {
        guard let handle = tjInitDecompress() else { throw JPEGError.library("tjInitDecompress", nil) }
        defer { tjDestroy(handle) }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colourspace: Int32 = 0
        let result = bytes.withUnsafeBufferPointer { jpeg in
            tjDecompressHeader3(handle, jpeg.baseAddress, UInt(jpeg.count), &width, &height, &subsampling, &colourspace)
        }
        guard result == 0 else { throw JPEGError.library("tjDecompressHeader3", handle) }
        return (Int(width), Int(height))
    }
}
