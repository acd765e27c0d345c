/// What the handler answers: a status, headers and a body.
public struct HTTPResponse: Sendable {
    public var status: Int
    /// Sent in order; `Content-Length` (and `Transfer-Encoding` for streams) are the server's.
    public var headers: [(name: String, value: String)]
    public var body: HTTPBody

    public init(status: Int, headers: [(name: String, value: String)] = [], body: HTTPBody = .bytes([])) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A whole body of `contentType`.
    public static func bytes(_ bytes: [UInt8], status: Int = 200, contentType: String,
                             headers: [(name: String, value: String)] = []) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", contentType)] + headers, body: .bytes(bytes))
    }

    /// A UTF-8 text body (`text/plain` unless told).
    public static func text(_ text: String, status: Int = 200, contentType: String = "text/plain; charset=utf-8",
                            headers: [(name: String, value: String)] = []) -> HTTPResponse {
        bytes(Array(text.utf8), status: status, contentType: contentType, headers: headers)
    }

    /// A stream of `contentType` (SSE, multipart MJPEG) sent as the producer gives it; never cached.
    public static func stream(_ stream: HTTPStream, contentType: String,
                              headers: [(name: String, value: String)] = []) -> HTTPResponse {
        HTTPResponse(status: 200, headers: [("Content-Type", contentType), ("Cache-Control", "no-store")] + headers,
                     body: .stream(stream))
    }

    /// The value of header `name` (any case), the first if repeated.
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }
}

/// A response's body.
public enum HTTPBody: Sendable {
    /// Bytes held in memory (copied to the library once).
    case bytes([UInt8])
    /// Bytes pulled from a producer while the client reads (unknown length: chunked).
    case stream(HTTPStream)
    /// `length` bytes of an open file from `offset`, sent by the library (sendfile).
    case file(HTTPFile, offset: UInt64, length: UInt64)
}

/// What a stream's producer has for the client.
public enum HTTPStreamChunk: Sendable, Equatable {
    /// The next bytes to send.
    case data([UInt8])
    /// Nothing yet: asked again at once (after the server has checked it is not stopping).
    case wait
    /// The stream is over; the response ends.
    case end
}

/// A body produced while it is sent, pulled on the connection's own thread: a client that reads
/// slowly, or not at all, only ever holds up its own connection. The producer keeps its own
/// bounded queue (and drops for a client that falls behind); the server holds at most one
/// chunk of it at a time.
public struct HTTPStream: Sendable {
    /// The next chunk, waiting at most `timeoutSeconds` for one (then `.wait`).
    public let next: @Sendable (_ timeoutSeconds: Double) -> HTTPStreamChunk
    /// Told once when the response is over (the client left, the stream ended, the server stops).
    public let finished: @Sendable () -> Void

    public init(next: @escaping @Sendable (_ timeoutSeconds: Double) -> HTTPStreamChunk,
                finished: @escaping @Sendable () -> Void = {}) {
        self.next = next
        self.finished = finished
    }
}
