import GateSpeedPlatform
import Foundation
import GateSpeedFrames

/// A V4L2 camera as a frame source: negotiated format, mmap streaming, driver timestamps,
/// dropped-frame counting, exposure locking, and reopening with backoff when it is lost.
///
/// Generic over the device seam so the frame loop has no existentials; the real one is
/// `V4L2CameraSource<KernelV4L2Device>` (see `init(settings:log:)`). Not thread-safe: create
/// it, call `nextFrame` and the control methods from one thread (the capture loop's).
///
/// Never throws and never crashes on a camera problem: a missing device at start-up, an
/// unplug (ENODEV/EIO) or ~2 s without a frame give one log line and `.fault(reason:)`;
/// later calls reopen after 0.5 s, 1 s, 2 s, 4 s, then every 8 s, logging again only when the
/// reason changes and when the camera is back.
public final class V4L2CameraSource<Device: V4L2DeviceIO>: FrameSource {
    public let settings: CameraSettings
    public private(set) var statistics = FrameSourceStatistics()
    /// True when the last frame's timestamp was the driver's CLOCK_MONOTONIC one.
    public private(set) var timestampsAreMonotonic = true

    private var device: Device
    private let environment: CameraEnvironment
    private var stream: CaptureStream?
    private var backoff: ReconnectBackoff?
    private var lastSequence: UInt32?
    private var controls = CameraControlLock()
    private var controlsLocked = false
    private var warnedAboutClock = false

    public init(settings: CameraSettings, device: Device, environment: CameraEnvironment) {
        self.settings = settings
        self.device = device
        self.environment = environment
        switch startStream() {
        case .success(let started):
            stream = started
            environment.log.info("camera \(settings.device): \(describe(started))")
        case .failure(let fault):
            backoff = ReconnectBackoff(lostAt: environment.now(), reason: fault.reason)
            environment.log.warning("camera \(settings.device) unavailable: \(fault.reason); retrying with backoff")
        }
    }

    deinit { stream?.stop(device: &device) }

    /// "640x480 YUYV at 30 fps (HD Webcam C525, uvcvideo, via libv4l2)", noting a size change.
    private func describe(_ started: CaptureStream) -> String {
        var details = [started.capability.card, started.capability.driver]
        if !device.ioDescription.isEmpty { details.append("via " + device.ioDescription) }
        let layout = started.layout
        if layout.width != settings.width || layout.height != settings.height {
            details.append("\(settings.width)x\(settings.height) not offered")
        }
        return "\(started.summary) (\(details.joined(separator: ", ")))"
    }

    /// Size of the frames delivered; the configured size while the camera has never been (or
    /// is not currently) open. Each `VideoFrame` carries its own size, which is authoritative.
    public var frameWidth: Int { stream?.layout.width ?? settings.width }
    public var frameHeight: Int { stream?.layout.height ?? settings.height }
    public var nominalFramesPerSecond: Double { stream?.framesPerSecond ?? 0 }
    /// The negotiated pixel format; nil while the camera is unavailable.
    public var pixelFormat: PixelFormat? { stream?.layout.format }
    /// The fault reason while the camera is unavailable, else nil.
    public var faultReason: String? { backoff?.reason }

    public func nextFrame(_ body: (VideoFrame) -> Void) -> FrameOutcome {
        if let outcome = reconnectIfDue() { return outcome }
        guard let stream else { return .fault(reason: backoff?.reason ?? "camera not open") }
        do {
            switch try device.poll(timeout: environment.dequeueTimeout) {
            case .interrupted: return .skipped
            case .timedOut:
                return lose("no frame for \(CaptureStream.rateText(environment.dequeueTimeout)) s")
            case .ready: break
            }
            guard let buffer = try device.dequeueBuffer() else { return .skipped }
            let outcome = deliver(buffer, from: stream, to: body)
            if buffer.index >= 0 && buffer.index < stream.buffers.count { try device.queueBuffer(index: buffer.index) }
            return outcome
        } catch {
            // ENODEV/EIO on unplug; anything else from these calls also means the stream is broken.
            return lose(error.description)
        }
    }

    /// Hands one dequeued buffer to `body` (or counts it as corrupt). The caller re-queues it.
    private func deliver(_ buffer: DequeuedBuffer, from stream: CaptureStream, to body: (VideoFrame) -> Void) -> FrameOutcome {
        countDrops(before: buffer.sequence)
        checkClock(buffer)
        guard buffer.index >= 0, buffer.index < stream.buffers.count, !buffer.isDamaged else {
            statistics.corrupt += 1
            return .skipped
        }
        let layout = stream.layout
        let address = UnsafeRawPointer(stream.buffers[buffer.index].address)
        let image: UnsafeRawPointer
        if let converter = stream.converter {
            let count = min(buffer.bytesUsed, stream.buffers[buffer.index].length)
            guard converter.decode(address, count: count) else {
                statistics.corrupt += 1
                return .skipped
            }
            image = UnsafeRawPointer(converter.output)
        } else {
            guard buffer.bytesUsed == 0 || buffer.bytesUsed >= layout.imageBytes else {
                statistics.corrupt += 1
                return .skipped
            }
            image = address
        }
        body(layout.frame(at: image, timestamp: buffer.timestamp, sequence: UInt64(buffer.sequence)))
        statistics.delivered += 1
        return .delivered
    }

    /// A jump in the driver's sequence numbers is frames it dropped.
    private func countDrops(before sequence: UInt32) {
        if let last = lastSequence, sequence > last, sequence - last > 1 {
            statistics.dropped += Int(sequence - last - 1)
        }
        lastSequence = sequence
    }

    private func checkClock(_ buffer: DequeuedBuffer) {
        timestampsAreMonotonic = buffer.hasMonotonicTimestamp
        if !timestampsAreMonotonic && !warnedAboutClock {
            warnedAboutClock = true
            environment.log.warning("camera \(settings.device): driver timestamps are not CLOCK_MONOTONIC (buffer flags 0x\(String(buffer.flags, radix: 16))); using them anyway")
        }
    }

    // MARK: Loss and reconnection

    /// Tears the stream down, enters the fault state and says so once.
    private func lose(_ reason: String) -> FrameOutcome {
        stream?.stop(device: &device)
        stream = nil
        lastSequence = nil
        backoff = ReconnectBackoff(lostAt: environment.now(), reason: reason)
        environment.log.warning("camera \(settings.device) lost: \(reason); reopening with backoff")
        return .fault(reason: reason)
    }

    /// While faulted: waits (at most `longestWait`) and, when an attempt is due, reopens.
    /// Nil when streaming (again) and a frame should be read.
    private func reconnectIfDue() -> FrameOutcome? {
        guard var state = backoff else { return nil }
        let wait = state.nextAttemptAt - environment.now()
        if wait > 0 {
            environment.sleep(min(wait, environment.longestWait))
            if environment.now() < state.nextAttemptAt { return .fault(reason: state.reason) }
        }
        switch startStream() {
        case .success(let started):
            state.attemptSucceeded()
            stream = started
            backoff = nil
            let attempts = state.attempts == 1 ? "1 attempt" : "\(state.attempts) attempts"
            environment.log.info("camera \(settings.device) back after \(attempts): \(started.summary)")
            if controlsLocked { _ = controls.lock(device) }
            return nil
        case .failure(let fault):
            if state.attemptFailed(at: environment.now(), reason: fault.reason) {
                environment.log.warning("camera \(settings.device) still unavailable: \(fault.reason)")
            }
            backoff = state
            return .fault(reason: fault.reason)
        }
    }

    private func startStream() -> Result<CaptureStream, CameraFault> {
        let path = DevicePathResolver.resolve(settings.device, deviceRoot: environment.deviceRoot)
        do {
            return .success(try CaptureStream.start(device: &device, path: path, settings: settings))
        } catch {
            return .failure(error)
        }
    }

    // MARK: Controls

    /// After calibration: auto exposure to manual (keeping the current exposure), exposure
    /// priority off (a steady frame rate), auto gain and auto white balance off, where the
    /// camera offers those controls. Returns what changed (empty when nothing could be).
    /// The lock is re-applied if the camera is reopened.
    @discardableResult
    public func lockExposureAndWhiteBalance() -> [ControlChange] {
        controlsLocked = true
        guard stream != nil else { return [] }
        return controls.lock(device)
    }

    /// On recalibration: back to the automatic settings `lock` replaced (or the driver's
    /// defaults). Returns what changed.
    @discardableResult
    public func restoreAutomaticControls() -> [ControlChange] {
        controlsLocked = false
        guard stream != nil else { return [] }
        return controls.restore(device)
    }
}

extension V4L2CameraSource where Device == KernelV4L2Device {
    /// The real camera, with the backend `settings.io` picks in this process's environment.
    public convenience init(settings: CameraSettings, log: Log) {
        let device = KernelV4L2Device(mode: settings.io, environment: ProcessInfo.processInfo.environment)
        self.init(settings: settings, device: device, environment: CameraEnvironment(log: log))
    }
}
