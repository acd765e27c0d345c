import GateSpeedPlatform
import Glibc

/// A failed device call: which operation and the `Errno` it set.
public struct V4L2Error: Error, Sendable, Equatable, CustomStringConvertible {
    /// The call that failed, e.g. "VIDIOC_DQBUF" or "open".
    public let operation: String
    public let errno: Errno

    public init(_ operation: String, errno: Errno) {
        self.operation = operation
        self.errno = errno
    }

    /// The device is gone or broken (unplugged, driver reset): reopen later.
    public var isDeviceLost: Bool {
        [ENODEV, EIO, ENXIO, EBADF, ENOENT].contains(errno.rawValue)
    }

    /// The device does not implement this call (or this index is past the end of a list).
    public var isUnsupported: Bool { [ENOTTY, EINVAL, ENOSYS].contains(errno.rawValue) }

    /// The system's text for the errno, e.g. "No such device".
    public var message: String { errno.description }

    public var description: String { "\(operation) failed: \(message)" }
}
