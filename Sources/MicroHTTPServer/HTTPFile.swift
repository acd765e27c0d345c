#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// An open file to send as a body. It owns the descriptor: the server hands it to the library
/// (which closes it when the response is over); a file that is never sent is closed when the
/// last reference goes.
public final class HTTPFile: Sendable {
    private let descriptor: Mutex<Int32?>
    /// The file's size, bytes.
    public let size: UInt64

    /// Takes `descriptor` (open for reading, regular file of `size` bytes).
    public init(descriptor: Int32, size: UInt64) {
        self.descriptor = Mutex(descriptor)
        self.size = size
    }

    deinit {
        if let fd = descriptor.withLock({ $0 }) { close(fd) }
    }

    /// The descriptor, once: whoever takes it closes it.
    func take() -> Int32? { descriptor.withLock { fd in defer { fd = nil }; return fd } }
}

/// A `Range: bytes=…` header against a file of known size (RFC 9110 §14): one range only,
/// which is what browsers ask for when seeking in a video.
public enum ByteRange: Equatable, Sendable {
    /// No range asked (or one this server does not do, such as several ranges): the whole file.
    case whole
    /// `length` bytes from `start` (206).
    case partial(start: UInt64, length: UInt64)
    /// A range that lies outside the file (416).
    case unsatisfiable

    /// Reads `header` (nil: no Range header) for a file of `size` bytes.
    public static func parse(_ header: String?, size: UInt64) -> ByteRange {
        guard let header else { return .whole }
        let text = header.trimmingSpaces
        guard text.lowercased().hasPrefix("bytes=") else { return .whole }
        let spec = String(text.dropFirst(6)).trimmingSpaces
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else { return .whole }
        let first = String(spec[..<dash]).trimmingSpaces, last = String(spec[spec.index(after: dash)...]).trimmingSpaces
        if first.isEmpty {
            // A suffix: the last N bytes.
            guard let count = UInt64(last) else { return .whole }
            guard count > 0, size > 0 else { return .unsatisfiable }
            let length = min(count, size)
            return .partial(start: size - length, length: length)
        }
        guard let start = UInt64(first) else { return .whole }
        guard start < size else { return .unsatisfiable }
        var end = size - 1
        if !last.isEmpty {
            guard let asked = UInt64(last), asked >= start else { return .whole }
            end = min(asked, size - 1)
        }
        return .partial(start: start, length: end - start + 1)
    }
}

extension HTTPResponse {
    /// `file` as `contentType`, honouring the request's `Range` (206 with `Content-Range`, 416
    /// for a range outside the file); `Accept-Ranges: bytes` always.
    public static func file(_ file: HTTPFile, contentType: String, request: HTTPRequest,
                            headers: [(name: String, value: String)] = []) -> HTTPResponse {
        let common: [(name: String, value: String)] = [("Content-Type", contentType), ("Accept-Ranges", "bytes")] + headers
        switch ByteRange.parse(request.header("range"), size: file.size) {
        case .whole:
            return HTTPResponse(status: 200, headers: common, body: .file(file, offset: 0, length: file.size))
        case .partial(let start, let length):
            return HTTPResponse(status: 206,
                                headers: common + [("Content-Range", "bytes \(start)-\(start + length - 1)/\(file.size)")],
                                body: .file(file, offset: start, length: length))
        case .unsatisfiable:
            return HTTPResponse(status: 416, headers: common + [("Content-Range", "bytes */\(file.size)")])
        }
    }
}

extension String {
    var trimmingSpaces: String {
        var scalars = Substring(self)
        while scalars.first == " " || scalars.first == "\t" { scalars.removeFirst() }
        while scalars.last == " " || scalars.last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}
