import LoopbackHTTPClient
import MicroHTTPServer
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Starts a server on a free loopback port for one test.
func withServer(_ configure: (inout HTTPServerSettings) -> Void = { _ in },
                handler: @escaping HTTPServer.Handler, _ body: (HTTPServer) throws -> Void) throws {
    var settings = HTTPServerSettings(host: "127.0.0.1", port: 0)
    configure(&settings)
    let server = try HTTPServer.start(settings, handler: handler)
    defer { server.stop() }
    try body(server)
}

@Suite struct HTTPServerTests {
    @Test func requestReachesTheHandlerDecoded() throws {
        let seen = Mutex<HTTPRequest?>(nil)
        try withServer(handler: { request in
            seen.withLock { $0 = request }
            return .text("hello", headers: [("X-Thing", "1")])
        }) { server in
            #expect(server.port != 0)
            let response = try LoopbackHTTP.get(port: server.port, "/clips/a%20b.mp4?name=x%26y&n=2",
                                                headers: ["X-Custom": "Value"])
            #expect(response.status == 200)
            #expect(response.text == "hello")
            #expect(response.headers["x-thing"] == "1")
            #expect(response.headers["content-type"] == "text/plain; charset=utf-8")
            let request = try #require(seen.withLock { $0 })
            #expect(request.method == "GET")
            #expect(request.path == "/clips/a b.mp4")
            #expect(request.pathSegments == ["clips", "a b.mp4"])
            #expect(request.query == ["name": "x&y", "n": "2"])
            #expect(request.header("X-CUSTOM") == "Value")
        }
    }

    @Test func bodyWithinTheLimitArrivesWhole() throws {
        let body = Array(repeating: UInt8(ascii: "z"), count: 3000)
        try withServer({ $0.maximumBodyBytes = 4096 }, handler: { request in
            .text("\(request.method) \(request.body.count) \(request.body == body)")
        }) { server in
            let response = try LoopbackHTTP.request(port: server.port, "PUT", "/api/course", body: body)
            #expect(response.status == 200)
            #expect(response.text == "PUT 3000 true")
        }
    }

    @Test func oversizeBodyIsAnswered413WithoutReachingTheHandler() throws {
        let calls = Atomic<Int>(0)
        try withServer({ $0.maximumBodyBytes = 1024 }, handler: { _ in
            calls.add(1, ordering: .relaxed)
            return .text("ok")
        }) { server in
            // Declared too large: refused before the body is read.
            let declared = try LoopbackHTTP.request(port: server.port, "POST", "/api/x",
                                                    body: Array(repeating: 1, count: 5000))
            #expect(declared.status == 413)
            // Chunked, no length given: refused once it passes the limit.
            let connection = try LoopbackConnection(port: server.port)
            var request = "POST /api/x HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
            for _ in 0..<3 { request += "400\r\n" + String(repeating: "a", count: 1024) + "\r\n" }
            request += "0\r\n\r\n"
            try connection.send(request)
            try connection.receiveAll(timeoutSeconds: 10)
            #expect(try LoopbackHTTP.parse(connection.received).status == 413)
            #expect(calls.load(ordering: .relaxed) == 0)
            // The server goes on answering.
            #expect(try LoopbackHTTP.request(port: server.port, "POST", "/api/x", body: [1, 2]).status == 200)
            #expect(calls.load(ordering: .relaxed) == 1)
        }
    }

    @Test func fileBodyHonoursRange() throws {
        let path = "/tmp/microhttp-range-\(getpid()).bin"
        let content = (0..<10_000).map { UInt8($0 % 251) }
        let written = content.withUnsafeBytes { raw -> Int in
            let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            defer { close(fd) }
            return write(fd, raw.baseAddress, raw.count)
        }
        #expect(written == content.count)
        defer { unlink(path) }
        try withServer(handler: { request in
            let fd = open(path, O_RDONLY)
            return .file(HTTPFile(descriptor: fd, size: UInt64(content.count)), contentType: "video/mp4", request: request)
        }) { server in
            let whole = try LoopbackHTTP.get(port: server.port, "/f")
            #expect(whole.status == 200)
            #expect(whole.body == content)
            #expect(whole.headers["accept-ranges"] == "bytes")
            let part = try LoopbackHTTP.get(port: server.port, "/f", headers: ["Range": "bytes=100-199"])
            #expect(part.status == 206)
            #expect(part.headers["content-range"] == "bytes 100-199/10000")
            #expect(part.body == Array(content[100..<200]))
            let open = try LoopbackHTTP.get(port: server.port, "/f", headers: ["Range": "bytes=9990-"])
            #expect(open.status == 206)
            #expect(open.body == Array(content[9990...]))
            let outside = try LoopbackHTTP.get(port: server.port, "/f", headers: ["Range": "bytes=20000-"])
            #expect(outside.status == 416)
            #expect(outside.headers["content-range"] == "bytes */10000")
        }
    }

    @Test func rangeHeaderParsing() {
        #expect(ByteRange.parse(nil, size: 100) == .whole)
        #expect(ByteRange.parse("bytes=0-", size: 100) == .partial(start: 0, length: 100))
        #expect(ByteRange.parse("bytes=10-19", size: 100) == .partial(start: 10, length: 10))
        #expect(ByteRange.parse("bytes=90-500", size: 100) == .partial(start: 90, length: 10))
        #expect(ByteRange.parse("bytes=-30", size: 100) == .partial(start: 70, length: 30))
        #expect(ByteRange.parse("bytes=-300", size: 100) == .partial(start: 0, length: 100))
        #expect(ByteRange.parse("bytes=100-", size: 100) == .unsatisfiable)
        #expect(ByteRange.parse("bytes=-0", size: 100) == .unsatisfiable)
        #expect(ByteRange.parse("bytes=0-1,5-6", size: 100) == .whole)
        #expect(ByteRange.parse("bytes=20-10", size: 100) == .whole)
        #expect(ByteRange.parse("items=0-1", size: 100) == .whole)
        #expect(ByteRange.parse("bytes=99999999999999999999999-", size: 100) == .whole)
    }

    @Test func badHostIsRefused() {
        #expect(throws: HTTPServerError.self) {
            _ = try HTTPServer.start(HTTPServerSettings(host: "not-an-address", port: 0)) { _ in .text("") }
        }
    }
}
