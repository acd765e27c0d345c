import Foundation
import Testing
@testable import V4L2Camera

/// A temporary directory standing in for /dev, with video nodes and v4l stable-name links.
private final class FakeDevRoot {
    let path: String

    init(nodes: [String], byID: [String: String] = [:], byPath: [String: String] = [:]) throws {
        path = NSTemporaryDirectory() + "gatespeed-dev-" + UUID().uuidString
        let manager = FileManager.default
        try manager.createDirectory(atPath: path + "/v4l/by-id", withIntermediateDirectories: true)
        try manager.createDirectory(atPath: path + "/v4l/by-path", withIntermediateDirectories: true)
        for node in nodes { _ = manager.createFile(atPath: path + "/" + node, contents: nil) }
        for (name, node) in byID { try manager.createSymbolicLink(atPath: path + "/v4l/by-id/" + name, withDestinationPath: "../../" + node) }
        for (name, node) in byPath { try manager.createSymbolicLink(atPath: path + "/v4l/by-path/" + name, withDestinationPath: "../../" + node) }
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

@Suite struct DeviceNamingTests {
    private let webcamID = "usb-046d_HD_Webcam_C525_A1B2C3D4-video-index0"
    private let webcamBus = "pci-0000:00:14.0-usb-0:1:1.0-video-index0"

    @Test func resolvesPathsBareNodesAndStableNames() throws {
        let root = try FakeDevRoot(nodes: ["video0", "video2"], byID: [webcamID: "video2"], byPath: [webcamBus: "video2"])
        #expect(DevicePathResolver.resolve("/dev/video5", deviceRoot: root.path) == "/dev/video5")
        #expect(DevicePathResolver.resolve("video0", deviceRoot: root.path) == root.path + "/video0")
        #expect(DevicePathResolver.resolve(webcamID, deviceRoot: root.path) == root.path + "/v4l/by-id/" + webcamID)
        #expect(DevicePathResolver.resolve(webcamBus, deviceRoot: root.path) == root.path + "/v4l/by-path/" + webcamBus)
        // Unplugged cameras: the path their name would have.
        #expect(DevicePathResolver.resolve("usb-Gone-video-index0", deviceRoot: root.path)
                == root.path + "/v4l/by-id/usb-Gone-video-index0")
        #expect(DevicePathResolver.resolve("platform-fe801000.csi-video-index0", deviceRoot: root.path)
                == root.path + "/v4l/by-path/platform-fe801000.csi-video-index0")
        #expect(DevicePathResolver.resolve("video7", deviceRoot: root.path) == root.path + "/video7")
        let stable = DevicePathResolver.stableNames(for: root.path + "/video2", deviceRoot: root.path)
        #expect(stable.byID == root.path + "/v4l/by-id/" + webcamID)
        #expect(stable.byPath == root.path + "/v4l/by-path/" + webcamBus)
        #expect(DevicePathResolver.stableNames(for: root.path + "/video0", deviceRoot: root.path).byID == nil)
    }

    @Test func sourceOpensTheStableNameItWasGiven() throws {
        let root = try FakeDevRoot(nodes: ["video2"], byID: [webcamID: "video2"])
        let device = FakeV4L2Device(offering: [.yuyv])
        let log = LogRecorder()
        let source = makeSource(device, settings: CameraSettings(device: webcamID), log: log, deviceRoot: root.path)
        #expect(device.calls.first == .open(root.path + "/v4l/by-id/" + webcamID))
        #expect(source.faultReason == nil)
        #expect(log.lines.first?.hasPrefix("camera \(webcamID): 640x480 YUYV") == true)
    }

    @Test func catalogListsCapturingCamerasOnly() throws {
        let root = try FakeDevRoot(nodes: ["video0", "video1", "video10", "media0"], byID: [webcamID: "video0"])
        let metadata = DeviceCapability(driver: "uvcvideo", card: "Fake Webcam", busInfo: "usb-1",
                                        deviceCapabilities: 0x0080_0000 | DeviceCapability.streaming)
        let encoder = DeviceCapability(driver: "bcm2835-codec", card: "bcm2835-codec-encode", busInfo: "platform:bcm2835-codec",
                                       deviceCapabilities: DeviceCapability.videoM2MMultiplanar | DeviceCapability.streaming)
        let cameras = CameraCatalog.list(deviceRoot: root.path) { () -> FakeV4L2Device in
            let device = FakeV4L2Device(offering: [.yuyv, .mjpeg], rates: [30, 15])
            device.sizes[.mjpeg] = [.discrete(width: 640, height: 480), .discrete(width: 1280, height: 720)]
            device.intervals[.init(format: .mjpeg, width: 1280, height: 720)] = [.discrete(Fraction(1, 30))]
            device.capabilityByPath = [root.path + "/video1": metadata, root.path + "/video10": encoder]
            return device
        }
        #expect(cameras.map(\.path) == [root.path + "/video0"])
        let camera = try #require(cameras.first)
        #expect(camera.card == "Fake Webcam" && camera.driver == "uvcvideo" && camera.bus == "usb-0000:00:14.0-1")
        #expect(camera.stableName == root.path + "/v4l/by-id/" + webcamID)
        #expect(camera.formats.map(\.format) == [.yuyv, .mjpeg])
        #expect(camera.formats[0].sizes == [.init(size: .discrete(width: 640, height: 480), framesPerSecond: [30, 15])])
        let text = camera.describe()
        #expect(text.hasPrefix("\(root.path)/video0: Fake Webcam (uvcvideo, usb-0000:00:14.0-1)"))
        #expect(text.contains("  YUYV (fake YUYV): 640x480 @ 30/15 fps"))
        #expect(text.contains("  MJPG (fake MJPG): 640x480 @ 30/15 fps, 1280x720 @ 30 fps"))
        #expect(text.contains("  by-id: \(root.path)/v4l/by-id/\(webcamID)"))
    }

    @Test func catalogOfAnEmptyDevIsEmpty() throws {
        let root = try FakeDevRoot(nodes: ["null", "media0"])
        #expect(CameraCatalog.list(deviceRoot: root.path) { FakeV4L2Device() }.isEmpty)
        #expect(CameraCatalog.list(deviceRoot: root.path + "/missing") { FakeV4L2Device() }.isEmpty)
    }

    /// The real raw backend on a "video0" that is a plain file: QUERYCAP fails, so it is skipped.
    @Test func catalogSkipsNodesThatAreNotV4L2() throws {
        let root = try FakeDevRoot(nodes: ["video0"])
        #expect(CameraCatalog.list(deviceRoot: root.path) { KernelV4L2Device(backend: .raw) }.isEmpty)
    }
}
