import Glibc
import Testing
import GateSpeedPlatform
@testable import V4L2Camera

/// The real backends, on what this machine has: no camera.
@Suite struct KernelDeviceTests {
    @Test(arguments: [KernelV4L2Device.Backend.raw, .libv4l2])
    func missingNodeFailsWithENOENT(backend: KernelV4L2Device.Backend) {
        var device = KernelV4L2Device(backend: backend)
        #expect(throws: V4L2Error("open /nonexistent/video0", errno: Errno(ENOENT))) {
            try device.open(path: "/nonexistent/video0")
        }
    }

    @Test func anErrorCarriesThePlatformErrnoAndSaysItsText() {
        let lost = V4L2Error("VIDIOC_DQBUF", errno: .noDevice)
        #expect(lost.isDeviceLost && !lost.isUnsupported)
        #expect(lost.description == "VIDIOC_DQBUF failed: No such device")
        #expect(V4L2Error("VIDIOC_ENUM_FRAMEINTERVALS", errno: Errno(ENOTTY)).isUnsupported)
    }

    @Test func nonVideoNodeRefusesV4L2Calls() throws {
        var device = KernelV4L2Device(backend: .raw)
        try device.open(path: "/dev/null")
        defer { device.close() }
        #expect(throws: V4L2Error("VIDIOC_QUERYCAP", errno: Errno(ENOTTY))) { _ = try device.queryCapability() }
    }

    /// libv4l2's v4l2_open itself asks for the capabilities and fails on a non-V4L2 node.
    @Test func libv4l2RefusesANonVideoNodeAtOpen() {
        var device = KernelV4L2Device(backend: .libv4l2)
        #expect(throws: V4L2Error("open /dev/null", errno: Errno(ENOTTY))) { try device.open(path: "/dev/null") }
    }

    @Test func detachedConverterDecodesAJPEG() throws {
        let converter = try #require(MJPEGConverter(width: 16, height: 16, format: .mjpeg))
        let decoded = tinyGreyJPEG.withUnsafeBytes { converter.decode($0.baseAddress!, count: $0.count) }
        #expect(decoded)
        let luma = converter.output.load(fromByteOffset: 16 * 8 + 8, as: UInt8.self)
        #expect(luma >= 92 && luma <= 98)
        #expect(MJPEGConverter(width: 15, height: 16, format: .mjpeg) == nil)
    }

    @Test func pixelFormatCodesMatchV4L2() {
        #expect(PixelFormat.yuyv.code == 0x5659_5559)
        #expect(PixelFormat.mjpeg.description == "MJPG")
        #expect(PixelFormat(code: 0x3231_5559) == .yu12)
    }
}
