import Foundation

/// One camera as `gatespeed devices` shows it.
public struct CameraDescription: Sendable, Equatable {
    public struct Size: Sendable, Equatable {
        public var size: FrameSizeOffer
        /// Offered rates at this size, highest first (empty when the driver does not say,
        /// and for size ranges).
        public var framesPerSecond: [Double]
        public init(size: FrameSizeOffer, framesPerSecond: [Double]) {
            self.size = size
            self.framesPerSecond = framesPerSecond
        }
    }

    public struct Format: Sendable, Equatable {
        public var format: PixelFormat
        public var description: String
        public var sizes: [Size]
        public init(format: PixelFormat, description: String, sizes: [Size]) {
            self.format = format
            self.description = description
            self.sizes = sizes
        }
    }

    /// The node, e.g. "/dev/video0".
    public var path: String
    public var card: String
    public var driver: String
    public var bus: String
    /// Stable name under /dev/v4l/by-id (USB cameras have one), and under by-path.
    public var stableName: String?
    public var stablePath: String?
    public var formats: [Format]

    public init(path: String, card: String, driver: String, bus: String, stableName: String?, stablePath: String?,
                formats: [Format]) {
        self.path = path
        self.card = card
        self.driver = driver
        self.bus = bus
        self.stableName = stableName
        self.stablePath = stablePath
        self.formats = formats
    }

    /// Human-readable lines, e.g.
    /// ```
    /// /dev/video0: HD Webcam C525 (uvcvideo, usb-0000:01:00.0-1.2)
    ///   by-id: /dev/v4l/by-id/usb-046d_HD_Webcam_C525-video-index0
    ///   YUYV (YUYV 4:2:2): 640x480 @ 30/15 fps, 1280x720 @ 10 fps
    /// ```
    public func describe() -> String {
        var lines = ["\(path): \(card) (\(driver), \(bus))"]
        if let stableName { lines.append("  by-id: \(stableName)") }
        if let stablePath { lines.append("  by-path: \(stablePath)") }
        if formats.isEmpty { lines.append("  no capture formats") }
        for format in formats {
            let sizes = format.sizes.map { entry -> String in
                let size: String
                switch entry.size {
                case let .discrete(w, h): size = "\(w)x\(h)"
                case let .stepwise(minW, maxW, stepW, minH, maxH, stepH):
                    size = "\(minW)x\(minH)...\(maxW)x\(maxH) step \(stepW)x\(stepH)"
                }
                let rates = entry.framesPerSecond.map(CaptureStream.rateText).joined(separator: "/")
                return rates.isEmpty ? size : "\(size) @ \(rates) fps"
            }
            let usable = PixelFormat.preferenceOrder.contains(format.format) ? "" : " (not used by gatespeed)"
            lines.append("  \(format.format) (\(format.description))\(usable): "
                         + (sizes.isEmpty ? "sizes not listed" : sizes.joined(separator: ", ")))
        }
        return lines.joined(separator: "\n")
    }
}

/// Lists the cameras on this machine for `gatespeed devices`.
public enum CameraCatalog {
    /// Every /dev/video* node that is a streaming capture camera (metadata nodes and
    /// memory-to-memory codecs are skipped), in node order. [] when there are none.
    /// Uses raw libc calls, so under libcamerify it lists what the compat layer presents.
    public static func list() -> [CameraDescription] {
        list(deviceRoot: "/dev") { KernelV4L2Device(backend: .raw) }
    }

    /// The same with an injectable device root and device (tests).
    public static func list<Device: V4L2DeviceIO>(deviceRoot: String, makeDevice: () -> Device) -> [CameraDescription] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: deviceRoot)) ?? []
        let nodes = entries.compactMap { name -> (number: Int, name: String)? in
            guard name.hasPrefix("video"), let number = Int(name.dropFirst(5)) else { return nil }
            return (number, name)
        }.sorted { $0.number < $1.number }
        return nodes.compactMap { node in
            var device = makeDevice()
            let path = deviceRoot + "/" + node.name
            defer { device.close() }
            do {
                try device.open(path: path)
                return try describe(device: device, path: path, deviceRoot: deviceRoot)
            } catch {
                return nil
            }
        }
    }

    private static func describe<Device: V4L2DeviceIO>(device: Device, path: String,
                                                       deviceRoot: String) throws(V4L2Error) -> CameraDescription? {
        let capability = try device.queryCapability()
        guard capability.isStreamingCamera else { return nil }
        var formats: [CameraDescription.Format] = []
        for offer in try FormatNegotiation.readOffers(from: device) {
            var sizes: [CameraDescription.Size] = []
            for size in offer.sizes {
                var rates: [Double] = []
                if case let .discrete(w, h) = size {
                    for interval in try FormatNegotiation.readIntervals(from: device, format: offer.format, width: w, height: h) {
                        switch interval {
                        case let .discrete(fraction): rates.append(fraction.framesPerSecond)
                        case let .stepwise(minimum, maximum, _):
                            rates.append(minimum.framesPerSecond)
                            rates.append(maximum.framesPerSecond)
                        }
                    }
                }
                sizes.append(CameraDescription.Size(size: size, framesPerSecond: rates.filter { $0 > 0 }.sorted(by: >)))
            }
            formats.append(CameraDescription.Format(format: offer.format, description: offer.descriptor.description,
                                                    sizes: sizes))
        }
        let stable = DevicePathResolver.stableNames(for: path, deviceRoot: deviceRoot)
        return CameraDescription(path: path, card: capability.card, driver: capability.driver, bus: capability.busInfo,
                                 stableName: stable.byID, stablePath: stable.byPath, formats: formats)
    }
}
