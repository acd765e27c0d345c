import CV4L2
import Glibc
import GateSpeedPlatform

/// The real device: V4L2 calls through libc or through libv4l2.
///
/// Why two paths (CSI cameras on a Raspberry Pi versus USB webcams):
/// - A Pi CSI camera (libcamera stack) has no ready-to-use V4L2 capture node; its /dev/video*
///   nodes are the raw Unicam/ISP pieces that need libcamera to drive them. libcamera's
///   compatibility layer `v4l2-compat.so`, loaded with `LD_PRELOAD` by the `libcamerify`
///   wrapper, emulates a V4L2 camera by *interposing the libc symbols* `open`, `openat`,
///   `dup`, `close`, `ioctl`, `mmap` and `munmap` (found with `dlsym(RTLD_NEXT, ...)`).
///   Only calls that go through those symbols reach it.
/// - libv4l2 does not call those symbols for device access: v4l-utils'
///   `libv4lsyscall-priv.h` defines `SYS_OPEN`, `SYS_IOCTL`, `SYS_MMAP`, `SYS_MUNMAP` and
///   `SYS_CLOSE` as `syscall(SYS_openat, ...)`, `syscall(SYS_ioctl, ...)`, `syscall(SYS_mmap2, ...)`
///   and so on, which enter the kernel directly. So `v4l2_open("/dev/video0")` under
///   libcamerify opens the real Unicam node behind the shim's back (raw Bayer, no ISP), and
///   `v4l2_ioctl` on an fd the shim handed out (an eventfd) fails. Hence: raw libc calls for
///   CSI cameras under libcamerify (`CameraIOMode.raw`; `auto` picks it when LD_PRELOAD
///   names v4l2-compat/libcamera).
/// - The compat layer implements only QUERYCAP, ENUM_FMT, ENUM_FRAMESIZES, G/S/TRY_FMT,
///   priorities, inputs, REQBUFS, QUERYBUF, (PREPARE_BUF,) QBUF, DQBUF, (EXPBUF,) STREAMON/OFF
///   in the versions read; everything else is ENOTTY. The camera source therefore treats
///   frame intervals, S_PARM and controls as optional.
/// - USB (UVC) webcams work either way; libv4l2 adds per-camera quirk fixes (upside-down
///   sensors, software white balance for some cheap ones) and conversions. The source only
///   negotiates formats the camera really offers (not libv4l2's emulated ones) and decodes
///   MJPEG itself with libv4lconvert, so both backends deliver the same frames.
public struct KernelV4L2Device: V4L2DeviceIO, Sendable {
    public enum Backend: String, Sendable {
        case raw
        case libv4l2
    }

    public let backend: Backend
    private var fd: Int32 = -1

    public init(backend: Backend) { self.backend = backend }

    public var ioDescription: String { backend == .raw ? "raw ioctl" : "libv4l2" }

    /// The backend `mode` picks in this process's environment.
    public init(mode: CameraIOMode, environment: [String: String]) {
        self.init(backend: mode.resolved(environment: environment))
    }

    public mutating func open(path: String) throws(V4L2Error) {
        close()
        let flags = O_RDWR | O_NONBLOCK | O_CLOEXEC
        let opened = backend == .raw ? gs_sys_open(path, flags) : gs_v4l2_open(path, flags)
        if opened < 0 { throw V4L2Error("open \(path)", errno: .current) }
        fd = opened
    }

    public mutating func close() {
        guard fd >= 0 else { return }
        _ = backend == .raw ? Glibc.close(fd) : v4l2_close(fd)
        fd = -1
    }

    /// One ioctl, retried on EINTR.
    private func call<T>(_ request: UInt, _ name: String, _ argument: inout T) throws(V4L2Error) {
        while true {
            let result = withUnsafeMutablePointer(to: &argument) { pointer in
                backend == .raw ? gs_sys_ioctl(fd, request, pointer) : gs_v4l2_ioctl(fd, request, pointer)
            }
            if result >= 0 { return }
            let code = errno
            if code != EINTR { throw V4L2Error(name, errno: Errno(code)) }
        }
    }

    /// Like `call`, but EINVAL (end of an enumeration) gives false.
    private func enumerate<T>(_ request: UInt, _ name: String, _ argument: inout T) throws(V4L2Error) -> Bool {
        do {
            try call(request, name, &argument)
            return true
        } catch {
            if error.errno == .invalidArgument { return false }
            throw error
        }
    }

    private static let capture = UInt32(V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue)
    private static let mmapMemory = UInt32(V4L2_MEMORY_MMAP.rawValue)

    public func queryCapability() throws(V4L2Error) -> DeviceCapability {
        var cap = v4l2_capability()
        try call(GS_VIDIOC_QUERYCAP, "VIDIOC_QUERYCAP", &cap)
        let caps = cap.capabilities & UInt32(V4L2_CAP_DEVICE_CAPS) != 0 ? cap.device_caps : cap.capabilities
        return DeviceCapability(driver: cString(&cap.driver), card: cString(&cap.card),
                                busInfo: cString(&cap.bus_info), deviceCapabilities: caps)
    }

    public func enumerateFormat(index: Int) throws(V4L2Error) -> FormatDescriptor? {
        var desc = v4l2_fmtdesc()
        desc.index = UInt32(index)
        desc.type = Self.capture
        guard try enumerate(GS_VIDIOC_ENUM_FMT, "VIDIOC_ENUM_FMT", &desc) else { return nil }
        return FormatDescriptor(format: PixelFormat(code: desc.pixelformat), description: cString(&desc.description),
                                isEmulated: desc.flags & UInt32(V4L2_FMT_FLAG_EMULATED) != 0)
    }

    public func enumerateFrameSize(format: PixelFormat, index: Int) throws(V4L2Error) -> FrameSizeOffer? {
        var size = v4l2_frmsizeenum()
        size.index = UInt32(index)
        size.pixel_format = format.code
        guard try enumerate(GS_VIDIOC_ENUM_FRAMESIZES, "VIDIOC_ENUM_FRAMESIZES", &size) else { return nil }
        if size.type == UInt32(V4L2_FRMSIZE_TYPE_DISCRETE.rawValue) {
            return .discrete(width: Int(size.discrete.width), height: Int(size.discrete.height))
        }
        let s = size.stepwise
        return .stepwise(minWidth: Int(s.min_width), maxWidth: Int(s.max_width), stepWidth: max(1, Int(s.step_width)),
                         minHeight: Int(s.min_height), maxHeight: Int(s.max_height), stepHeight: max(1, Int(s.step_height)))
    }

    public func enumerateFrameInterval(format: PixelFormat, width: Int, height: Int,
                                       index: Int) throws(V4L2Error) -> FrameIntervalOffer? {
        var interval = v4l2_frmivalenum()
        interval.index = UInt32(index)
        interval.pixel_format = format.code
        interval.width = UInt32(width)
        interval.height = UInt32(height)
        guard try enumerate(GS_VIDIOC_ENUM_FRAMEINTERVALS, "VIDIOC_ENUM_FRAMEINTERVALS", &interval) else { return nil }
        if interval.type == UInt32(V4L2_FRMIVAL_TYPE_DISCRETE.rawValue) {
            return .discrete(Fraction(Int(interval.discrete.numerator), Int(interval.discrete.denominator)))
        }
        let s = interval.stepwise
        return .stepwise(min: Fraction(Int(s.min.numerator), Int(s.min.denominator)),
                         max: Fraction(Int(s.max.numerator), Int(s.max.denominator)),
                         step: Fraction(Int(s.step.numerator), Int(s.step.denominator)))
    }

    public func getFormat() throws(V4L2Error) -> CaptureFormat {
        var format = v4l2_format()
        format.type = Self.capture
        try call(GS_VIDIOC_G_FMT, "VIDIOC_G_FMT", &format)
        return Self.captureFormat(format)
    }

    public func setFormat(_ pixelFormat: PixelFormat, width: Int, height: Int) throws(V4L2Error) -> CaptureFormat {
        var format = v4l2_format()
        format.type = Self.capture
        format.fmt.pix.width = UInt32(width)
        format.fmt.pix.height = UInt32(height)
        format.fmt.pix.pixelformat = pixelFormat.code
        format.fmt.pix.field = UInt32(V4L2_FIELD_NONE.rawValue)
        try call(GS_VIDIOC_S_FMT, "VIDIOC_S_FMT", &format)
        return Self.captureFormat(format)
    }

    private static func captureFormat(_ format: v4l2_format) -> CaptureFormat {
        let pix = format.fmt.pix
        return CaptureFormat(format: PixelFormat(code: pix.pixelformat), width: Int(pix.width), height: Int(pix.height),
                             bytesPerLine: Int(pix.bytesperline), sizeImage: Int(pix.sizeimage))
    }

    public func getFrameInterval() throws(V4L2Error) -> Fraction {
        var parm = v4l2_streamparm()
        parm.type = Self.capture
        try call(GS_VIDIOC_G_PARM, "VIDIOC_G_PARM", &parm)
        let t = parm.parm.capture.timeperframe
        return Fraction(Int(t.numerator), Int(t.denominator))
    }

    public func setFrameInterval(_ interval: Fraction) throws(V4L2Error) -> Fraction {
        var parm = v4l2_streamparm()
        parm.type = Self.capture
        parm.parm.capture.timeperframe = v4l2_fract(numerator: UInt32(interval.numerator),
                                                    denominator: UInt32(interval.denominator))
        try call(GS_VIDIOC_S_PARM, "VIDIOC_S_PARM", &parm)
        let t = parm.parm.capture.timeperframe
        return Fraction(Int(t.numerator), Int(t.denominator))
    }

    public func requestBuffers(count: Int) throws(V4L2Error) -> Int {
        var request = v4l2_requestbuffers()
        request.count = UInt32(count)
        request.type = Self.capture
        request.memory = Self.mmapMemory
        try call(GS_VIDIOC_REQBUFS, "VIDIOC_REQBUFS", &request)
        return Int(request.count)
    }

    public func queryBuffer(index: Int) throws(V4L2Error) -> BufferLocation {
        var buffer = emptyBuffer(index: index)
        try call(GS_VIDIOC_QUERYBUF, "VIDIOC_QUERYBUF", &buffer)
        return BufferLocation(index: index, offset: Int(buffer.m.offset), length: Int(buffer.length))
    }

    public func queueBuffer(index: Int) throws(V4L2Error) {
        var buffer = emptyBuffer(index: index)
        try call(GS_VIDIOC_QBUF, "VIDIOC_QBUF", &buffer)
    }

    public func dequeueBuffer() throws(V4L2Error) -> DequeuedBuffer? {
        var buffer = emptyBuffer(index: 0)
        do {
            try call(GS_VIDIOC_DQBUF, "VIDIOC_DQBUF", &buffer)
        } catch {
            if error.errno == .wouldBlock { return nil }
            throw error
        }
        let seconds = Double(buffer.timestamp.tv_sec) + Double(buffer.timestamp.tv_usec) * 1e-6
        return DequeuedBuffer(index: Int(buffer.index), bytesUsed: Int(buffer.bytesused), timestamp: seconds,
                              sequence: buffer.sequence, flags: buffer.flags)
    }

    private func emptyBuffer(index: Int) -> v4l2_buffer {
        var buffer = v4l2_buffer()
        buffer.index = UInt32(index)
        buffer.type = Self.capture
        buffer.memory = Self.mmapMemory
        return buffer
    }

    public func streamOn() throws(V4L2Error) {
        var type = Int32(Self.capture)
        try call(GS_VIDIOC_STREAMON, "VIDIOC_STREAMON", &type)
    }

    public func streamOff() throws(V4L2Error) {
        var type = Int32(Self.capture)
        try call(GS_VIDIOC_STREAMOFF, "VIDIOC_STREAMOFF", &type)
    }

    public func queryControl(id: UInt32) throws(V4L2Error) -> ControlInfo? {
        var query = v4l2_queryctrl()
        query.id = id
        guard try enumerate(GS_VIDIOC_QUERYCTRL, "VIDIOC_QUERYCTRL", &query) else { return nil }
        return ControlInfo(id: id, name: cString(&query.name), minimum: query.minimum, maximum: query.maximum,
                           defaultValue: query.default_value, flags: query.flags)
    }

    public func getControl(id: UInt32) throws(V4L2Error) -> Int32 {
        var control = v4l2_control(id: id, value: 0)
        try call(GS_VIDIOC_G_CTRL, "VIDIOC_G_CTRL", &control)
        return control.value
    }

    public func setControl(id: UInt32, value: Int32) throws(V4L2Error) {
        var control = v4l2_control(id: id, value: value)
        try call(GS_VIDIOC_S_CTRL, "VIDIOC_S_CTRL", &control)
    }

    public func map(_ location: BufferLocation) throws(V4L2Error) -> UnsafeMutableRawPointer {
        let protection = PROT_READ | PROT_WRITE
        let address: UnsafeMutableRawPointer? = backend == .raw
            ? mmap(nil, location.length, protection, MAP_SHARED, fd, off_t(location.offset))
            : v4l2_mmap(nil, location.length, protection, MAP_SHARED, fd, Int64(location.offset))
        guard let address, address != gs_map_failed() else { throw V4L2Error("mmap", errno: .current) }
        return address
    }

    public func unmap(_ address: UnsafeMutableRawPointer, length: Int) {
        _ = backend == .raw ? munmap(address, length) : v4l2_munmap(address, length)
    }

    public func poll(timeout: Double) throws(V4L2Error) -> PollResult {
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let result = Glibc.poll(&descriptor, 1, Int32(max(0, timeout * 1000).rounded()))
        if result < 0 {
            if errno == EINTR { return .interrupted }
            throw V4L2Error("poll", errno: .current)
        }
        if result == 0 { return .timedOut }
        if descriptor.revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 && descriptor.revents & Int16(POLLIN) == 0 {
            throw V4L2Error("poll", errno: .noDevice)
        }
        return .ready
    }
}

/// A NUL-terminated C char array (imported as a tuple) as a String.
func cString<T>(_ tuple: inout T) -> String {
    withUnsafeBytes(of: &tuple) { raw in
        let bytes = raw.prefix { $0 != 0 }
        return String(decoding: bytes, as: UTF8.self)
    }
}
