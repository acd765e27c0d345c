import GateSpeedPlatform
import CMicroHTTPD
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// An HTTP/1.1 server on libmicrohttpd: a listening thread and one thread per connection (at
/// most `maximumConnections`), all of ordinary priority (started by `WorkerThread`), never the caller's.
/// The handler runs on the connection's thread with the whole request read; a body over
/// `maximumBodyBytes` is answered 413 without reaching it. A stream is pulled on its own
/// connection's thread, so a client that stops reading holds up nothing but its connection,
/// which the idle timeout closes.
public final class HTTPServer: Sendable {
    public typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse

    /// The port listened on (the one picked when the settings said 0).
    public let port: UInt16
    /// The daemon's address (`Int(bitPattern:)`), 0 once stopped.
    private let daemon: Mutex<Int>
    private let context: Unmanaged<ServerContext>

    private init(port: UInt16, daemon: OpaquePointer, context: Unmanaged<ServerContext>) {
        self.port = port
        self.daemon = Mutex(Int(bitPattern: daemon))
        self.context = context
    }

    deinit { stop() }

    /// Starts listening; the handler is called for every request until `stop()`.
    public static func start(_ settings: HTTPServerSettings, handler: @escaping Handler) throws(HTTPServerError) -> HTTPServer {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = settings.port.bigEndian
        let host = settings.host == "localhost" ? "127.0.0.1" : settings.host
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
            throw HTTPServerError("cannot listen on \"\(settings.host)\": not an IPv4 address (such as 0.0.0.0 or 127.0.0.1)")
        }
        guard settings.maximumConnections > 0, settings.maximumConnectionsPerClient > 0, settings.idleTimeoutSeconds > 0,
              settings.threadStackBytes >= 64 * 1024, settings.maximumBodyBytes >= 0 else {
            throw HTTPServerError("the server's limits must be positive")
        }
        let context = Unmanaged.passRetained(ServerContext(settings: settings, handler: handler))
        final class Started: @unchecked Sendable { var daemon: OpaquePointer?; var error: Errno? }
        let started = Started()
        // libmicrohttpd's threads descend from this one and inherit its ordinary priority.
        do {
            try WorkerThread.runAndWait(name: "gatespeed-http", priority: .normal) { _ in
            started.daemon = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                    gs_mhd_start(socketAddress, { cls, connection, url, method, _, upload, uploadSize, requestContext in
                        guard let cls, let connection, let url, let method, let uploadSize, let requestContext else {
                            return MHD_Result.NO
                        }
                        return Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
                            .access(connection, url: url, method: method, upload: upload, uploadSize: uploadSize,
                                    requestContext: requestContext)
                    }, context.toOpaque(), { _, _, requestContext, _ in
                        guard let requestContext, let state = requestContext.pointee else { return }
                        Unmanaged<RequestState>.fromOpaque(state).release()
                        requestContext.pointee = nil
                    }, nil, UInt32(clamping: settings.maximumConnections), UInt32(clamping: settings.maximumConnectionsPerClient),
                    UInt32(clamping: settings.idleTimeoutSeconds), settings.threadStackBytes)
                }
            }
            if started.daemon == nil, errno != 0 { started.error = .current }
            }
        } catch {
            throw HTTPServerError("cannot create a thread (\(error))")
        }
        guard let daemon = started.daemon else {
            context.release()
            let reason = started.error?.description ?? "libmicrohttpd refused to start"
            throw HTTPServerError("cannot listen on \(settings.host):\(settings.port) (\(reason))")
        }
        return HTTPServer(port: gs_mhd_bound_port(daemon), daemon: daemon, context: context)
    }

    /// Stops listening, ends every open stream (within `streamPollSeconds`), waits for the
    /// connection threads. Idempotent.
    public func stop() {
        guard let daemon = OpaquePointer(bitPattern: daemon.withLock({ daemon in defer { daemon = 0 }; return daemon })) else {
            return
        }
        context.takeUnretainedValue().stopping.store(true, ordering: .releasing)
        MHD_stop_daemon(daemon)
        context.release()
    }
}

/// What every connection thread shares: the handler, the settings and the stop flag.
final class ServerContext: Sendable {
    let settings: HTTPServerSettings
    let handler: HTTPServer.Handler
    let stopping = Atomic<Bool>(false)

    init(settings: HTTPServerSettings, handler: @escaping HTTPServer.Handler) {
        self.settings = settings
        self.handler = handler
    }

    /// libmicrohttpd's access handler: first call (headers in) creates the request's state, the
    /// following ones bring the body, the last (no more data) answers.
    func access(_ connection: OpaquePointer, url: UnsafePointer<CChar>, method: UnsafePointer<CChar>,
                upload: UnsafePointer<CChar>?, uploadSize: UnsafeMutablePointer<Int>,
                requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> MHD_Result {
        guard let existing = requestContext.pointee else {
            let state = RequestState(method: String(cString: method), path: String(cString: url),
                                     headers: Self.values(of: connection, kind: MHD_ValueKind.HEADER_KIND),
                                     query: Self.values(of: connection, kind: MHD_ValueKind.GET_ARGUMENT_KIND))
            requestContext.pointee = Unmanaged.passRetained(state).toOpaque()
            if let declared = state.headers["content-length"].flatMap({ Int($0.trimmingSpaces) }),
               declared > settings.maximumBodyBytes {
                // Refused before a byte of it is read; the library closes the connection after.
                state.answered = true
                return queue(tooLarge(), on: connection)
            }
            return MHD_Result.YES
        }
        let state = Unmanaged<RequestState>.fromOpaque(existing).takeUnretainedValue()
        if uploadSize.pointee > 0 {
            if !state.tooLarge, let upload {
                if state.body.count + uploadSize.pointee > settings.maximumBodyBytes {
                    state.tooLarge = true
                    state.body = []
                } else {
                    upload.withMemoryRebound(to: UInt8.self, capacity: uploadSize.pointee) { bytes in
                        state.body.append(contentsOf: UnsafeBufferPointer(start: bytes, count: uploadSize.pointee))
                    }
                }
            }
            uploadSize.pointee = 0
            return MHD_Result.YES
        }
        guard !state.answered else { return MHD_Result.YES }
        state.answered = true
        if state.tooLarge { return queue(tooLarge(), on: connection) }
        let request = HTTPRequest(method: state.method, path: state.path, query: state.query, headers: state.headers,
                                  body: state.body)
        return queue(handler(request), on: connection)
    }

    private func tooLarge() -> HTTPResponse {
        .text("the request body is larger than \(settings.maximumBodyBytes) bytes\n", status: 413)
    }

    private func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
        guard let made = makeResponse(response.body) else {
            let fallback = MHD_create_response_from_buffer(0, nil, MHD_ResponseMemoryMode.RESPMEM_PERSISTENT)
            defer { MHD_destroy_response(fallback) }
            return MHD_queue_response(connection, 500, fallback)
        }
        defer { MHD_destroy_response(made) }
        for header in response.headers where Self.isSafeHeader(header) {
            _ = MHD_add_response_header(made, header.name, header.value)
        }
        let status = (100...599).contains(response.status) ? UInt32(response.status) : 500
        return MHD_queue_response(connection, status, made)
    }

    /// No CR, LF or NUL in a header (they would split the response).
    private static func isSafeHeader(_ header: (name: String, value: String)) -> Bool {
        !(header.name + header.value).utf8.contains { $0 == 13 || $0 == 10 || $0 == 0 } && !header.name.isEmpty
    }

    private func makeResponse(_ body: HTTPBody) -> OpaquePointer? {
        switch body {
        case .bytes(let bytes):
            return bytes.withUnsafeBytes { raw in
                MHD_create_response_from_buffer(raw.count, UnsafeMutableRawPointer(mutating: raw.baseAddress),
                                                MHD_ResponseMemoryMode.RESPMEM_MUST_COPY)
            }
        case .file(let file, let offset, let length):
            guard let fd = file.take() else { return nil }
            guard let response = MHD_create_response_from_fd_at_offset64(length, fd, offset) else {
                close(fd)
                return nil
            }
            return response
        case .stream(let stream):
            let state = Unmanaged.passRetained(StreamState(stream: stream, context: self))
            let response = MHD_create_response_from_callback(gs_mhd_size_unknown, 32 * 1024, { cls, _, buffer, capacity in
                guard let cls, let buffer else { return gs_mhd_reader_end_with_error }
                return Unmanaged<StreamState>.fromOpaque(cls).takeUnretainedValue().fill(buffer, capacity: capacity)
            }, state.toOpaque(), { cls in
                guard let cls else { return }
                Unmanaged<StreamState>.fromOpaque(cls).takeRetainedValue().stream.finished()
            })
            if response == nil {
                state.release()
                stream.finished()
            }
            return response
        }
    }

    /// The connection's values of one kind (headers or query arguments); header names in lower case.
    private static func values(of connection: OpaquePointer, kind: MHD_ValueKind) -> [String: String] {
        final class Collected { var values: [String: String] = [:]; let lowercase: Bool; init(_ l: Bool) { lowercase = l } }
        let collected = Collected(kind == MHD_ValueKind.HEADER_KIND)
        withExtendedLifetime(collected) {
            _ = MHD_get_connection_values(connection, kind, { cls, _, key, value in
                guard let cls, let key else { return MHD_Result.YES }
                let collected = Unmanaged<Collected>.fromOpaque(cls).takeUnretainedValue()
                let name = collected.lowercase ? String(cString: key).lowercased() : String(cString: key)
                let text = value.map { String(cString: $0) } ?? ""
                if let earlier = collected.values[name], collected.lowercase {
                    collected.values[name] = earlier + ", " + text
                } else {
                    collected.values[name] = text
                }
                return MHD_Result.YES
            }, Unmanaged.passUnretained(collected).toOpaque())
        }
        return collected.values
    }
}

/// One request while it is read; only its connection's thread touches it.
final class RequestState {
    let method: String
    let path: String
    let headers: [String: String]
    let query: [String: String]
    var body: [UInt8] = []
    var tooLarge = false
    var answered = false

    init(method: String, path: String, headers: [String: String], query: [String: String]) {
        self.method = method
        self.path = path
        self.headers = headers
        self.query = query
    }
}

/// A stream being sent: at most one chunk of the producer's is held here.
final class StreamState {
    let stream: HTTPStream
    private let context: ServerContext
    private var pending: [UInt8] = []
    private var sent = 0

    init(stream: HTTPStream, context: ServerContext) {
        self.stream = stream
        self.context = context
    }

    /// libmicrohttpd's reader: copies up to `capacity` bytes of the pending chunk, pulling the next
    /// one (waiting, in slices of `streamPollSeconds`) when it is used up.
    func fill(_ buffer: UnsafeMutablePointer<CChar>, capacity: Int) -> Int {
        while sent >= pending.count {
            if context.stopping.load(ordering: .acquiring) { return gs_mhd_reader_end_with_error }
            switch stream.next(context.settings.streamPollSeconds) {
            case .data(let bytes):
                pending = bytes
                sent = 0
            case .wait:
                continue
            case .end:
                return gs_mhd_reader_end_of_stream
            }
        }
        let count = min(capacity, pending.count - sent)
        pending.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            UnsafeMutableRawPointer(buffer).copyMemory(from: base + sent, byteCount: count)
        }
        sent += count
        return count
    }
}
