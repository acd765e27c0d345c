/// A V4L2 pixel format code (four ASCII characters packed little-endian, like `v4l2_fourcc`).
public struct PixelFormat: Sendable, Hashable, CustomStringConvertible {
    public let code: UInt32

    public init(code: UInt32) { self.code = code }

    /// From four characters, e.g. `PixelFormat("YUYV")`. Characters past four are ignored;
    /// missing ones are spaces.
    public init(_ text: StaticString) {
        var value: UInt32 = 0
        text.withUTF8Buffer { bytes in
            for i in 0..<4 { value |= UInt32(i < bytes.count ? bytes[i] : 0x20) << (8 * UInt32(i)) }
        }
        code = value
    }

    /// 8-bit greyscale: the luma plane and nothing else.
    public static let grey = PixelFormat("GREY")
    /// Packed 4:2:2, Y0 U Y1 V.
    public static let yuyv = PixelFormat("YUYV")
    /// Y plane, then interleaved Cb Cr at half width and half height.
    public static let nv12 = PixelFormat("NV12")
    /// Planar 4:2:0 (I420): Y, then Cb, then Cr (`V4L2_PIX_FMT_YUV420`).
    public static let yu12 = PixelFormat("YU12")
    /// Motion JPEG, decoded through libv4lconvert.
    public static let mjpeg = PixelFormat("MJPG")
    /// Plain JPEG, which some webcams report instead of MJPG; decoded the same way.
    public static let jpeg = PixelFormat("JPEG")

    /// The formats the camera source can capture, most preferred first: luma without a copy
    /// and without conversion first, compressed (decode per frame) last.
    public static let preferenceOrder: [PixelFormat] = [.grey, .yuyv, .nv12, .yu12, .mjpeg, .jpeg]

    /// True for the compressed formats that are decoded into a YU12 buffer.
    public var isCompressed: Bool { self == .mjpeg || self == .jpeg }

    /// The four characters, e.g. "YUYV".
    public var description: String {
        var text = ""
        for i in 0..<4 {
            let byte = UInt8(truncatingIfNeeded: code >> (8 * UInt32(i)))
            text.unicodeScalars.append(Unicode.Scalar(byte >= 0x20 && byte < 0x7f ? byte : 0x3f))
        }
        return text
    }
}
