import Glibc
import GateSpeedPlatform
@testable import V4L2Camera

/// A scripted camera behind the device seam, in the spirit of swift-system's syscall mocks:
/// it records every call, offers scripted formats/sizes/intervals/controls, serves scripted
/// frames into real (heap) buffers it "maps", and can be unplugged, time out or refuse formats.
final class FakeV4L2Device: V4L2DeviceIO {
    enum Call: Equatable {
        case open(String), close, queryCapability, enumerateFormat(Int), enumerateFrameSize(PixelFormat, Int)
        case enumerateFrameInterval(PixelFormat, Int, Int, Int), getFormat, setFormat(PixelFormat, Int, Int)
        case getFrameInterval, setFrameInterval(Fraction), requestBuffers(Int), queryBuffer(Int), queueBuffer(Int)
        case dequeueBuffer, streamOn, streamOff, queryControl(UInt32), getControl(UInt32), setControl(UInt32, Int32)
        case map(Int), unmap(Int), poll
    }

    /// What the next poll/dequeue serves.
    enum Event {
        /// A frame: `fill` is written over the whole buffer, then `payload` (if any) at its start.
        /// `bytesUsed` defaults to the payload size for compressed formats, else the image size.
        case frame(sequence: UInt32, timestamp: Double, fill: UInt8 = 0x10, payload: [UInt8]? = nil,
                   flags: UInt32 = DequeuedBuffer.timestampMonotonic, bytesUsed: Int? = nil)
        /// poll times out.
        case timeout
        /// poll fails with this errno (ENODEV for an unplug).
        case failure(Int32)
    }

    struct IntervalKey: Hashable { let format: PixelFormat; let width: Int; let height: Int }

    // MARK: Script
    var capability = DeviceCapability(driver: "uvcvideo", card: "Fake Webcam", busInfo: "usb-0000:00:14.0-1",
                                      deviceCapabilities: DeviceCapability.videoCapture | DeviceCapability.streaming)
    var capabilityByPath: [String: DeviceCapability] = [:]
    var formats: [FormatDescriptor] = []
    var sizes: [PixelFormat: [FrameSizeOffer]] = [:]
    var intervals: [IntervalKey: [FrameIntervalOffer]] = [:]
    /// S_FMT answers these with the first offered format that is not refused (as drivers do).
    var refusedFormats: Set<PixelFormat> = []
    var supportsFrameIntervals = true
    var supportsStreamParameters = true
    var grantedBuffers: Int?
    var controls: [UInt32: (info: ControlInfo, value: Int32)] = [:]
    var events: [Event] = []
    /// Unplugged: open fails with ENOENT, everything else with ENODEV.
    var unplugged = false
    /// Paths that exist (nil: any).
    var existingPaths: Set<String>?
    var clock: TestClock?

    // MARK: Record
    private(set) var calls: [Call] = []
    private(set) var openTimes: [Double] = []
    private(set) var mapped: [Int: (address: UnsafeMutableRawPointer, length: Int)] = [:]
    private var queued: [Int] = []
    private var current: CaptureFormat?
    private var interval = Fraction(1, 30)
    private var isOpen = false

    init(offering formats: [PixelFormat] = [], width: Int = 640, height: Int = 480, rates: [Int] = [30]) {
        for format in formats {
            self.formats.append(FormatDescriptor(format: format, description: "fake \(format)"))
            sizes[format] = [.discrete(width: width, height: height)]
            intervals[IntervalKey(format: format, width: width, height: height)] = rates.map { .discrete(Fraction(1, $0)) }
        }
    }

    deinit { for buffer in mapped.values { buffer.address.deallocate() } }

    var setFormatCalls: [Call] { calls.filter { if case .setFormat = $0 { return true } else { return false } } }
    var setControlCalls: [Call] { calls.filter { if case .setControl = $0 { return true } else { return false } } }
    var openCount: Int { openTimes.count }

    private func check(_ operation: String) throws(V4L2Error) {
        if unplugged { throw V4L2Error(operation, errno: Errno(ENODEV)) }
        if !isOpen { throw V4L2Error(operation, errno: Errno(EBADF)) }
    }

    // MARK: V4L2DeviceIO

    func open(path: String) throws(V4L2Error) {
        calls.append(.open(path))
        openTimes.append(clock?.now ?? 0)
        if unplugged || !(existingPaths?.contains(path) ?? true) { throw V4L2Error("open \(path)", errno: Errno(ENOENT)) }
        isOpen = true
        current = nil
    }

    func close() {
        calls.append(.close)
        isOpen = false
        queued = []
    }

    func queryCapability() throws(V4L2Error) -> DeviceCapability {
        calls.append(.queryCapability)
        try check("VIDIOC_QUERYCAP")
        if let path = lastOpenedPath, let byPath = capabilityByPath[path] { return byPath }
        return capability
    }

    private var lastOpenedPath: String? {
        for call in calls.reversed() { if case .open(let path) = call { return path } }
        return nil
    }

    func enumerateFormat(index: Int) throws(V4L2Error) -> FormatDescriptor? {
        calls.append(.enumerateFormat(index))
        try check("VIDIOC_ENUM_FMT")
        return index < formats.count ? formats[index] : nil
    }

    func enumerateFrameSize(format: PixelFormat, index: Int) throws(V4L2Error) -> FrameSizeOffer? {
        calls.append(.enumerateFrameSize(format, index))
        try check("VIDIOC_ENUM_FRAMESIZES")
        guard let list = sizes[format] else { return nil }
        return index < list.count ? list[index] : nil
    }

    func enumerateFrameInterval(format: PixelFormat, width: Int, height: Int,
                                index: Int) throws(V4L2Error) -> FrameIntervalOffer? {
        calls.append(.enumerateFrameInterval(format, width, height, index))
        try check("VIDIOC_ENUM_FRAMEINTERVALS")
        guard supportsFrameIntervals else { throw V4L2Error("VIDIOC_ENUM_FRAMEINTERVALS", errno: Errno(ENOTTY)) }
        let list = intervals[IntervalKey(format: format, width: width, height: height)] ?? []
        return index < list.count ? list[index] : nil
    }

    func getFormat() throws(V4L2Error) -> CaptureFormat {
        calls.append(.getFormat)
        try check("VIDIOC_G_FMT")
        guard let current else { throw V4L2Error("VIDIOC_G_FMT", errno: Errno(EINVAL)) }
        return current
    }

    func setFormat(_ format: PixelFormat, width: Int, height: Int) throws(V4L2Error) -> CaptureFormat {
        calls.append(.setFormat(format, width, height))
        try check("VIDIOC_S_FMT")
        var chosen = format
        if refusedFormats.contains(format) || !formats.contains(where: { $0.format == format }) {
            guard let other = formats.first(where: { !refusedFormats.contains($0.format) }) else {
                throw V4L2Error("VIDIOC_S_FMT", errno: Errno(EINVAL))
            }
            chosen = other.format
        }
        let bytesPerLine: Int
        let sizeImage: Int
        switch chosen {
        case .yuyv: bytesPerLine = width * 2; sizeImage = width * height * 2
        case .nv12, .yu12: bytesPerLine = width; sizeImage = width * height * 3 / 2
        case .mjpeg, .jpeg: bytesPerLine = 0; sizeImage = width * height
        default: bytesPerLine = width; sizeImage = width * height
        }
        let set = CaptureFormat(format: chosen, width: width, height: height, bytesPerLine: bytesPerLine, sizeImage: sizeImage)
        current = set
        return set
    }

    func getFrameInterval() throws(V4L2Error) -> Fraction {
        calls.append(.getFrameInterval)
        try check("VIDIOC_G_PARM")
        guard supportsStreamParameters else { throw V4L2Error("VIDIOC_G_PARM", errno: Errno(ENOTTY)) }
        return interval
    }

    func setFrameInterval(_ wanted: Fraction) throws(V4L2Error) -> Fraction {
        calls.append(.setFrameInterval(wanted))
        try check("VIDIOC_S_PARM")
        guard supportsStreamParameters else { throw V4L2Error("VIDIOC_S_PARM", errno: Errno(ENOTTY)) }
        interval = wanted
        return wanted
    }

    func requestBuffers(count: Int) throws(V4L2Error) -> Int {
        calls.append(.requestBuffers(count))
        try check("VIDIOC_REQBUFS")
        return count == 0 ? 0 : (grantedBuffers ?? count)
    }

    func queryBuffer(index: Int) throws(V4L2Error) -> BufferLocation {
        calls.append(.queryBuffer(index))
        try check("VIDIOC_QUERYBUF")
        let size = max(current?.sizeImage ?? 0, 4096)
        return BufferLocation(index: index, offset: index * 0x10_0000, length: size)
    }

    func queueBuffer(index: Int) throws(V4L2Error) {
        calls.append(.queueBuffer(index))
        try check("VIDIOC_QBUF")
        queued.append(index)
    }

    func dequeueBuffer() throws(V4L2Error) -> DequeuedBuffer? {
        calls.append(.dequeueBuffer)
        try check("VIDIOC_DQBUF")
        guard case let .frame(sequence, timestamp, fill, payload, flags, bytesUsed)? = events.first else { return nil }
        guard !queued.isEmpty, let buffer = mapped[queued[0]] else { throw V4L2Error("VIDIOC_DQBUF", errno: Errno(EINVAL)) }
        events.removeFirst()
        let index = queued.removeFirst()
        buffer.address.initializeMemory(as: UInt8.self, repeating: fill, count: buffer.length)
        if let payload { buffer.address.copyMemory(from: payload, byteCount: min(payload.count, buffer.length)) }
        let compressed = current?.format.isCompressed ?? false
        let used = bytesUsed ?? (compressed ? payload?.count : nil) ?? current?.sizeImage ?? buffer.length
        return DequeuedBuffer(index: index, bytesUsed: used, timestamp: timestamp, sequence: sequence, flags: flags)
    }

    func streamOn() throws(V4L2Error) {
        calls.append(.streamOn)
        try check("VIDIOC_STREAMON")
    }

    func streamOff() throws(V4L2Error) {
        calls.append(.streamOff)
        try check("VIDIOC_STREAMOFF")
    }

    func queryControl(id: UInt32) throws(V4L2Error) -> ControlInfo? {
        calls.append(.queryControl(id))
        try check("VIDIOC_QUERYCTRL")
        return controls[id]?.info
    }

    func getControl(id: UInt32) throws(V4L2Error) -> Int32 {
        calls.append(.getControl(id))
        try check("VIDIOC_G_CTRL")
        guard let control = controls[id] else { throw V4L2Error("VIDIOC_G_CTRL", errno: Errno(EINVAL)) }
        return control.value
    }

    func setControl(id: UInt32, value: Int32) throws(V4L2Error) {
        calls.append(.setControl(id, value))
        try check("VIDIOC_S_CTRL")
        guard controls[id] != nil else { throw V4L2Error("VIDIOC_S_CTRL", errno: Errno(EINVAL)) }
        controls[id]?.value = value
    }

    func map(_ location: BufferLocation) throws(V4L2Error) -> UnsafeMutableRawPointer {
        calls.append(.map(location.index))
        try check("mmap")
        let address = UnsafeMutableRawPointer.allocate(byteCount: location.length, alignment: 4096)
        mapped[location.index] = (address, location.length)
        return address
    }

    func unmap(_ address: UnsafeMutableRawPointer, length: Int) {
        guard let entry = mapped.first(where: { $0.value.address == address }) else { return }
        calls.append(.unmap(entry.key))
        entry.value.address.deallocate()
        mapped[entry.key] = nil
    }

    func poll(timeout: Double) throws(V4L2Error) -> PollResult {
        calls.append(.poll)
        try check("poll")
        switch events.first {
        case nil:
            clock?.advance(by: timeout)
            return .timedOut
        case .timeout?:
            events.removeFirst()
            clock?.advance(by: timeout)
            return .timedOut
        case .failure(let code)?:
            events.removeFirst()
            if code == ENODEV { unplugged = true }
            throw V4L2Error("poll", errno: Errno(code))
        case .frame?:
            return .ready
        }
    }
}
