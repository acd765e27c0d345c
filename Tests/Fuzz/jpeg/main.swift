// libFuzzer target: the camera's JPEG path: one MJPEG frame as a V4L2 camera delivers it,
// decoded by the MJPEG converter (libv4lconvert) into the frame buffer.
@testable import V4L2Camera

let converter = MJPEGConverter(width: 64, height: 48, format: .mjpeg)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJPEG(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let converter else { return 0 }
    _ = converter.decode(UnsafeRawPointer(data), count: size)
    return 0
}
