import CV4L2

/// Decodes MJPEG/JPEG frames into one reusable planar YU12 buffer with libv4lconvert.
///
/// The converter is created detached from any device (see `gs_v4lconvert_create_detached`
/// in the C shim), so it works the same on the raw and the libv4l2 path and in tests. One
/// decode per frame, no allocation after creation.
final class MJPEGConverter {
    let width: Int
    let height: Int
    /// The decoded image: Y (width x height), Cb, Cr (each width/2 x height/2), no padding.
    let output: UnsafeMutableRawPointer
    let outputBytes: Int
    private let converter: OpaquePointer
    private var source: v4l2_format
    private var destination: v4l2_format

    /// Nil when libv4lconvert cannot be set up or the size is odd.
    init?(width: Int, height: Int, format: PixelFormat) {
        guard width > 1, height > 1, width % 2 == 0, height % 2 == 0,
              let converter = gs_v4lconvert_create_detached() else { return nil }
        self.converter = converter
        self.width = width
        self.height = height
        outputBytes = width * height * 3 / 2
        output = UnsafeMutableRawPointer.allocate(byteCount: outputBytes, alignment: 64)
        output.initializeMemory(as: UInt8.self, repeating: 128, count: outputBytes)
        source = v4l2_format()
        source.type = UInt32(V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue)
        source.fmt.pix.width = UInt32(width)
        source.fmt.pix.height = UInt32(height)
        source.fmt.pix.pixelformat = format.code
        source.fmt.pix.field = UInt32(V4L2_FIELD_NONE.rawValue)
        destination = source
        destination.fmt.pix.pixelformat = PixelFormat.yu12.code
        destination.fmt.pix.bytesperline = UInt32(width)
        destination.fmt.pix.sizeimage = UInt32(outputBytes)
    }

    deinit {
        v4lconvert_destroy(converter)
        output.deallocate()
    }

    /// Decodes `count` bytes at `jpeg` into `output`. False when the data is not a decodable JPEG.
    func decode(_ jpeg: UnsafeRawPointer, count: Int) -> Bool {
        guard count > 0, count <= Int(Int32.max) else { return false }
        source.fmt.pix.sizeimage = UInt32(count)
        let written = v4lconvert_convert(converter, &source, &destination,
                                         UnsafeMutablePointer(mutating: jpeg.assumingMemoryBound(to: UInt8.self)),
                                         Int32(count), output.assumingMemoryBound(to: UInt8.self), Int32(outputBytes))
        return written == outputBytes
    }

    /// libv4lconvert's description of the last failure.
    var lastError: String {
        guard let message = v4lconvert_get_error_message(converter) else { return "unknown" }
        return String(cString: message)
    }
}
