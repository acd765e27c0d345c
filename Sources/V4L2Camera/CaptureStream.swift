import GateSpeedCore

/// Why the camera cannot be used right now, as one line for the log.
struct CameraFault: Error, Equatable {
    let reason: String
    init(_ reason: String) { self.reason = reason }
    init(_ error: V4L2Error) { reason = error.description }
}

/// One open, configured, streaming camera: the negotiated format, the mmapped buffers and
/// the MJPEG decoder when needed. Created by `start`, undone by `stop`.
struct CaptureStream {
    struct MappedBuffer {
        let address: UnsafeMutableRawPointer
        let length: Int
    }

    let path: String
    let capability: DeviceCapability
    let layout: FrameLayout
    /// Nominal rate after S_PARM (0 when the driver does not say).
    let framesPerSecond: Double
    let buffers: [MappedBuffer]
    let converter: MJPEGConverter?

    /// Opens `path`, negotiates the format and rate, maps the buffers, queues them and starts
    /// streaming. On failure everything done so far is undone and the device is closed.
    static func start<Device: V4L2DeviceIO>(device: inout Device, path: String,
                                            settings: CameraSettings) throws(CameraFault) -> CaptureStream {
        do {
            try device.open(path: path)
        } catch {
            throw CameraFault("cannot open \(path): \(error.message)")
        }
        var mapped: [MappedBuffer] = []
        do {
            return try configure(device: device, path: path, settings: settings, mapped: &mapped)
        } catch {
            for buffer in mapped { device.unmap(buffer.address, length: buffer.length) }
            _ = try? device.requestBuffers(count: 0)
            device.close()
            throw error
        }
    }

    private static func configure<Device: V4L2DeviceIO>(device: Device, path: String, settings: CameraSettings,
                                                        mapped: inout [MappedBuffer]) throws(CameraFault) -> CaptureStream {
        do {
            let capability = try device.queryCapability()
            guard capability.isStreamingCamera else {
                throw CameraFault("\(path) (\(capability.driver)) is not a streaming video capture device")
            }
            let offers = try FormatNegotiation.readOffers(from: device)
            let candidates = FormatNegotiation.candidates(offers: offers, width: settings.width, height: settings.height)
            let offered = offers.map(\.format.description).joined(separator: ", ")
            guard !candidates.isEmpty else {
                throw CameraFault("\(path) offers none of GREY, YUYV, NV12, YU12, MJPG (it has: \(offered.isEmpty ? "nothing" : offered))")
            }
            guard let (format, layout) = try setFirstAccepted(candidates, device: device) else {
                throw CameraFault("\(path) refused every usable format (offered: \(offered))")
            }
            let rate = try setFrameRate(device: device, format: format, settings: settings)
            let converter: MJPEGConverter?
            if format.format.isCompressed {
                guard let made = MJPEGConverter(width: format.width, height: format.height, format: format.format) else {
                    throw CameraFault("cannot set up MJPEG decoding at \(format.width)x\(format.height)")
                }
                converter = made
            } else {
                converter = nil
            }
            let granted = try device.requestBuffers(count: settings.requestedBufferCount)
            guard granted >= 2 else { throw CameraFault("\(path) granted only \(granted) capture buffers") }
            for index in 0..<granted {
                let location = try device.queryBuffer(index: index)
                guard format.format.isCompressed || location.length >= layout.imageBytes else {
                    throw CameraFault("\(path) buffer \(index) holds \(location.length) bytes, a frame needs \(layout.imageBytes)")
                }
                mapped.append(MappedBuffer(address: try device.map(location), length: location.length))
            }
            for index in 0..<granted { try device.queueBuffer(index: index) }
            try device.streamOn()
            return CaptureStream(path: path, capability: capability, layout: layout, framesPerSecond: rate,
                                 buffers: mapped, converter: converter)
        } catch let error as V4L2Error {
            throw CameraFault(error)
        } catch let fault as CameraFault {
            throw fault
        } catch {
            throw CameraFault("\(error)")
        }
    }

    /// Tries S_FMT with each candidate; the first the driver keeps (same pixel format back) wins.
    private static func setFirstAccepted<Device: V4L2DeviceIO>(
        _ candidates: [FormatCandidate], device: Device) throws(V4L2Error) -> (CaptureFormat, FrameLayout)? {
        for candidate in candidates {
            let actual: CaptureFormat
            do {
                actual = try device.setFormat(candidate.format, width: candidate.width, height: candidate.height)
            } catch {
                if error.isUnsupported { continue }
                throw error
            }
            guard actual.format == candidate.format, let layout = FrameLayout(actual) else { continue }
            if actual.format.isCompressed && (actual.width % 2 != 0 || actual.height % 2 != 0) { continue }
            return (actual, layout)
        }
        return nil
    }

    /// Sets the best offered interval (S_PARM) and returns the nominal rate, 0 when unknown.
    /// Drivers without frame intervals or S_PARM (libcamera's compat layer) are fine.
    private static func setFrameRate<Device: V4L2DeviceIO>(device: Device, format: CaptureFormat,
                                                           settings: CameraSettings) throws(V4L2Error) -> Double {
        let offers = try FormatNegotiation.readIntervals(from: device, format: format.format,
                                                         width: format.width, height: format.height)
        var wanted = FormatNegotiation.bestInterval(in: offers, framesPerSecond: settings.framesPerSecond)
        if wanted == nil, let rate = settings.framesPerSecond, rate > 0 {
            wanted = Fraction(1000, Int((rate * 1000).rounded()))
        }
        if let wanted {
            do {
                let set = try device.setFrameInterval(wanted)
                if set.numerator > 0 && set.denominator > 0 { return set.framesPerSecond }
            } catch {
                if !error.isUnsupported { throw error }
            }
        }
        if let current = try? device.getFrameInterval(), current.numerator > 0, current.denominator > 0 {
            return current.framesPerSecond
        }
        return wanted?.framesPerSecond ?? 0
    }

    /// Stops streaming, unmaps, frees the buffers and closes; errors are ignored (the device
    /// may already be gone).
    func stop<Device: V4L2DeviceIO>(device: inout Device) {
        _ = try? device.streamOff()
        for buffer in buffers { device.unmap(buffer.address, length: buffer.length) }
        _ = try? device.requestBuffers(count: 0)
        device.close()
    }

    /// "640x480 YUYV at 30 fps", for log lines.
    var summary: String {
        let rate = framesPerSecond > 0 ? " at \(Self.rateText(framesPerSecond)) fps" : ""
        return "\(layout.width)x\(layout.height) \(layout.format)\(rate)"
    }

    /// "30", "29.97", "7.5" (`DecimalFormat.trimmed`, which never traps on a driver's odd rate).
    static func rateText(_ rate: Double) -> String {
        DecimalFormat.trimmed(rate, maxDecimals: 2)
    }
}
