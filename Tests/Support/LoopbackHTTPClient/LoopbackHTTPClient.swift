#if canImport(Glibc)
import Glibc
#endif

/// Why a loopback request failed.
public struct LoopbackError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// A response as read off the socket.
public struct LoopbackResponse: Sendable {
    public var status: Int
    /// Header names in lower case.
    public var headers: [String: String]
    /// The body, de-chunked.
    public var body: [UInt8]
    public var text: String { String(decoding: body, as: UTF8.self) }
}

/// One TCP connection to 127.0.0.1, blocking, every read bounded by a timeout (so a test that
/// goes wrong fails instead of hanging).
public final class LoopbackConnection {
    public let fd: Int32
    /// What has arrived and not been taken yet.
    public private(set) var received: [UInt8] = []

    /// Connects; `receiveBufferBytes` (when set) makes the kernel's receive buffer small, for a client that reads slowly.
    public init(port: UInt16, receiveBufferBytes: Int32? = nil) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw LoopbackError("socket: \(errno)") }
        if var size = receiveBufferBytes {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let code = errno
            Glibc.close(fd)
            throw LoopbackError("connect to port \(port): errno \(code)")
        }
    }

    deinit { Glibc.close(fd) }

    public func send(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw LoopbackError("send: errno \(errno)") }
            sent += count
        }
    }

    public func send(_ text: String) throws { try send(Array(text.utf8)) }

    /// Reads what arrives within `timeoutSeconds` (at least one read); false at the end of the stream.
    @discardableResult
    public func receiveSome(timeoutSeconds: Double) throws -> Bool {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&poller, 1, Int32(timeoutSeconds * 1000))
        guard ready > 0 else { return true }
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count < 0 { throw LoopbackError("recv: errno \(errno)") }
        if count == 0 { return false }
        received += chunk[0..<count]
        return true
    }

    /// Reads until `received` contains `marker` (true) or `timeoutSeconds` pass or the stream ends (false).
    public func receive(until marker: String, timeoutSeconds: Double) throws -> Bool {
        let wanted = Array(marker.utf8)
        let deadline = Self.now() + timeoutSeconds
        while Self.now() < deadline {
            if received.firstRange(of: wanted) != nil { return true }
            guard try receiveSome(timeoutSeconds: min(0.2, max(0, deadline - Self.now()))) else {
                return received.firstRange(of: wanted) != nil
            }
        }
        return received.firstRange(of: wanted) != nil
    }

    /// Reads to the end of the stream (or the timeout).
    public func receiveAll(timeoutSeconds: Double) throws {
        let deadline = Self.now() + timeoutSeconds
        while Self.now() < deadline, try receiveSome(timeoutSeconds: 0.2) {}
    }

    public var receivedText: String { String(decoding: received, as: UTF8.self) }

    public static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

/// Whole requests over a fresh connection each (`Connection: close`).
public enum LoopbackHTTP {
    public static func request(port: UInt16, _ method: String, _ path: String, headers: [String: String] = [:],
                               body: [UInt8] = [], timeoutSeconds: Double = 20) throws -> LoopbackResponse {
        let connection = try LoopbackConnection(port: port)
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" || method == "PUT" { head += "Content-Length: \(body.count)\r\n" }
        try connection.send(Array((head + "\r\n").utf8) + body)
        try connection.receiveAll(timeoutSeconds: timeoutSeconds)
        return try parse(connection.received)
    }

    public static func get(port: UInt16, _ path: String, headers: [String: String] = [:]) throws -> LoopbackResponse {
        try request(port: port, "GET", path, headers: headers)
    }

    /// Parses a complete response (status line, headers, body; chunked bodies de-chunked).
    public static func parse(_ bytes: [UInt8]) throws -> LoopbackResponse {
        guard let end = bytes.firstRange(of: Array("\r\n\r\n".utf8)) else {
            throw LoopbackError("no complete response head in \(bytes.count) bytes")
        }
        let head = String(decoding: bytes[..<end.lowerBound], as: UTF8.self)
        var lines = head.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw LoopbackError("bad status line") }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].drop { $0 == " " }
            headers[name] = String(value)
        }
        var body = Array(bytes[end.upperBound...])
        if headers["transfer-encoding"]?.lowercased() == "chunked" { body = dechunk(body) }
        return LoopbackResponse(status: status, headers: headers, body: body)
    }

    /// The data of a chunked body (as far as it goes).
    public static func dechunk(_ bytes: [UInt8]) -> [UInt8] {
        var data: [UInt8] = [], index = 0
        while let lineEnd = bytes[index...].firstRange(of: Array("\r\n".utf8)) {
            let sizeText = String(decoding: bytes[index..<lineEnd.lowerBound], as: UTF8.self)
            guard let size = Int(sizeText.split(separator: ";").first.map(String.init) ?? "", radix: 16), size > 0 else { break }
            let start = lineEnd.upperBound
            guard start + size <= bytes.count else { data += bytes[start...]; break }
            data += bytes[start..<start + size]
            index = min(bytes.count, start + size + 2)
        }
        return data
    }
}
