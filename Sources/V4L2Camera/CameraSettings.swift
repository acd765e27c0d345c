/// Which library carries the V4L2 calls. See `KernelV4L2Device` for why both exist.
public enum CameraIOMode: String, Sendable, CaseIterable {
    /// Raw when running under libcamera's V4L2 compatibility shim, else libv4l2.
    case auto
    /// libc `open`/`ioctl`/`mmap`: the only path an LD_PRELOAD shim (libcamerify) can see.
    case raw
    /// libv4l2 `v4l2_open`/`v4l2_ioctl`/`v4l2_mmap`: best for USB webcams.
    case libv4l2

    /// The concrete backend for this mode, given the process environment.
    /// `auto` picks raw when LD_PRELOAD names libcamera's v4l2-compat shim.
    public func resolved(environment: [String: String]) -> KernelV4L2Device.Backend {
        switch self {
        case .raw: return .raw
        case .libv4l2: return .libv4l2
        case .auto:
            let preload = (environment["LD_PRELOAD"] ?? "").lowercased()
            return preload.contains("v4l2-compat") || preload.contains("libcamera") ? .raw : .libv4l2
        }
    }
}

/// How to open and configure the camera.
public struct CameraSettings: Sendable, Equatable {
    /// "/dev/video0", a full stable path under /dev/v4l/by-id or /dev/v4l/by-path, or a bare
    /// name ("video0", "usb-046d_C525-video-index0") looked up in /dev, then by-id, then by-path.
    public var device: String
    /// Requested frame size in pixels; the nearest offered size is used when it is not offered.
    public var width: Int
    public var height: Int
    /// Requested rate; nil = the highest offered at the chosen size.
    public var framesPerSecond: Double?
    public var io: CameraIOMode
    /// mmap buffers to request; at least 4 are always requested.
    public var bufferCount: Int

    public init(device: String = "/dev/video0", width: Int = 640, height: Int = 480,
                framesPerSecond: Double? = nil, io: CameraIOMode = .auto, bufferCount: Int = 4) {
        self.device = device
        self.width = width
        self.height = height
        self.framesPerSecond = framesPerSecond
        self.io = io
        self.bufferCount = bufferCount
    }

    /// Buffers actually requested.
    public var requestedBufferCount: Int { max(4, bufferCount) }
}
