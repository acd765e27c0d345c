import GateSpeedPlatform
import Glibc

/// A failed device call: which operation and the `errno` it set.
public struct V4L2Error: Error, Sendable, Equatable, CustomStringConvertible {
    /// The call that failed, e.g. "VIDIOC_DQBUF" or "open".
    public let operation: String
    public let code: Int32

    public init(_ operation: String, code: Int32) {
        self.operation = operation
        self.code = code
    }

    /// The device is gone or broken (unplugged, driver reset): reopen later.
    public var isDeviceLost: Bool {
        code == ENODEV || code == EIO || code == ENXIO || code == EBADF || code == ENOENT
    }

    /// The device does not implement this call (or this index is past the end of a list).
    public var isUnsupported: Bool { code == ENOTTY || code == EINVAL || code == ENOSYS }

    /// The system's text for the errno, e.g. "No such device".
    public var message: String { Errno(code).description }

    public var description: String { "\(operation) failed: \(message)" }
}
