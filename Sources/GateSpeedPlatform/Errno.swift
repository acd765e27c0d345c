#if canImport(Glibc)
import Glibc
#endif

/// A POSIX error number, in the style of swift-system's `Errno`: the one carrier of errno
/// values for every module (`DurableFileError`, the camera, GPIO, WAV files, the streams).
public struct Errno: RawRepresentable, Error, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int32

    public init(rawValue: Int32) { self.rawValue = rawValue }
    public init(_ rawValue: Int32) { self.rawValue = rawValue }

    /// The calling thread's `errno` now.
    public static var current: Errno { Errno(errno) }

    /// The system's text, e.g. "No space left on device" (never empty).
    public var description: String {
        guard let text = strerror(rawValue) else { return "errno \(rawValue)" }
        return String(cString: text)
    }

    public static let interrupted = Errno(EINTR)
    public static let wouldBlock = Errno(EAGAIN)
    public static let ioError = Errno(EIO)
    public static let permissionDenied = Errno(EPERM)
    public static let accessDenied = Errno(EACCES)
    public static let noSpace = Errno(ENOSPC)
    public static let busy = Errno(EBUSY)
    public static let noDevice = Errno(ENODEV)
    public static let exists = Errno(EEXIST)
    public static let noEntry = Errno(ENOENT)
    public static let notDirectory = Errno(ENOTDIR)
    public static let invalidArgument = Errno(EINVAL)

    /// The system's text and the number, for messages where the number helps a search:
    /// "No such device (errno 19)".
    public var numbered: String { "\(description) (errno \(rawValue))" }
}

/// An open file descriptor, in the style of swift-system's `FileDescriptor`: a plain value
/// (no ownership); its owner closes it.
public struct FileDescriptor: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int32

    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// One write(2) as the seam for tests (fail with ENOSPC, write short): returns what
    /// write(2) returns and leaves `errno` set on failure.
    public typealias WriteCall = (_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int

    /// write(2) itself.
    public static func systemWrite(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
        Glibc.write(fd, bytes.baseAddress, bytes.count)
    }

    /// The one write-all loop: writes every byte, continuing partial writes, retrying EINTR and
    /// waiting out EAGAIN (a descriptor someone made non-blocking) with poll(2). A write of
    /// 0 bytes makes no progress and counts as EIO.
    public func writeAll(_ bytes: UnsafeRawBufferPointer, using write: WriteCall = FileDescriptor.systemWrite) throws(Errno) {
        var offset = 0
        while offset < bytes.count {
            let written = write(rawValue, UnsafeRawBufferPointer(rebasing: bytes[offset...]))
            if written > 0 {
                offset += written
                continue
            }
            let code = written < 0 ? errno : EIO
            if code == EINTR { continue }
            if code == EAGAIN || code == EWOULDBLOCK {
                var request = pollfd(fd: rawValue, events: Int16(POLLOUT), revents: 0)
                if poll(&request, 1, -1) >= 0 || errno == EINTR { continue }
            }
            throw Errno(code)
        }
    }

    /// `writeAll` of an array of bytes.
    public func writeAll(_ bytes: [UInt8], using write: WriteCall = FileDescriptor.systemWrite) throws(Errno) {
        var failure: Errno?
        bytes.withUnsafeBytes { raw in
            do throws(Errno) { try writeAll(raw, using: write) } catch { failure = error }
        }
        if let failure { throw failure }
    }
}
