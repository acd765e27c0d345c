import LoopbackHTTPClient
import MicroHTTPServer
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite struct HTTPStreamTests {
    @Test func streamChunksArriveInOrderAndTheEndIsTold() throws {
        let finished = Atomic<Int>(0)
        let produced = Atomic<Int>(0)
        try withServer(handler: { _ in
            .stream(HTTPStream(next: { _ in
                let n = produced.add(1, ordering: .relaxed).newValue
                if n % 2 == 0 { return .wait }
                return n > 9 ? .end : .data(Array("data: \(n)\n\n".utf8))
            }, finished: { finished.add(1, ordering: .relaxed) }), contentType: "text/event-stream")
        }) { server in
            let response = try LoopbackHTTP.get(port: server.port, "/events")
            #expect(response.status == 200)
            #expect(response.headers["content-type"] == "text/event-stream")
            #expect(response.text == "data: 1\n\ndata: 3\n\ndata: 5\n\ndata: 7\n\ndata: 9\n\n")
            for _ in 0..<50 where finished.load(ordering: .relaxed) == 0 { usleep(20_000) }
            #expect(finished.load(ordering: .relaxed) == 1)
        }
    }

    /// A client that opens a stream and never reads holds only its own connection: other
    /// requests are answered meanwhile, and the server still stops.
    @Test func stalledStreamReaderCostsOnlyItsConnection() throws {
        let big = [UInt8](repeating: 0x55, count: 64 * 1024)
        let pulls = Atomic<Int>(0)
        var settings = HTTPServerSettings(host: "127.0.0.1", port: 0)
        settings.idleTimeoutSeconds = 60
        let server = try HTTPServer.start(settings) { request in
            if request.path == "/stream" {
                return .stream(HTTPStream(next: { _ in
                    pulls.add(1, ordering: .relaxed)
                    return .data(big)
                }), contentType: "multipart/x-mixed-replace; boundary=frame")
            }
            return .text("fine")
        }
        let stalled = try LoopbackConnection(port: server.port, receiveBufferBytes: 4096)
        try stalled.send("GET /stream HTTP/1.1\r\nHost: x\r\n\r\n")
        // The stalled reader's socket fills; the producer is then no longer pulled for it.
        var previous = -1
        for _ in 0..<100 {
            usleep(50_000)
            let now = pulls.load(ordering: .relaxed)
            if now == previous { break }
            previous = now
        }
        let stuckAt = pulls.load(ordering: .relaxed)
        #expect(stuckAt < 1000)
        for _ in 0..<20 {
            let response = try LoopbackHTTP.get(port: server.port, "/status", headers: [:])
            #expect(response.status == 200)
            #expect(response.text == "fine")
        }
        #expect(pulls.load(ordering: .relaxed) <= stuckAt + 2)
        server.stop()
        withExtendedLifetime(stalled) {}
    }

    /// The server's threads are ordinary ones even when started from a thread with raised
    /// priority (the frame loop's): SCHED_OTHER and nice 0.
    @Test func connectionThreadsDoNotInheritARaisedPriority() throws {
        let outcome = RaisedStart()
        var thread = pthread_t()
        // Raise a thread of our own (as the frame loop does), then start the server from it.
        pthread_create(&thread, nil, { argument in
            guard let argument else { return nil }
            Unmanaged<RaisedStart>.fromOpaque(argument).takeRetainedValue().run()
            return nil
        }, Unmanaged.passRetained(outcome).toOpaque())
        pthread_join(thread, nil)
        let server = try #require(outcome.server)
        defer { server.stop() }
        #expect(try LoopbackHTTP.get(port: server.port, "/").status == 200)
        let seen = try #require(outcome.observed.withLock { $0 })
        if outcome.raised {
            #expect(seen.policy == SCHED_OTHER)
            #expect(seen.nice == 0)
        }
    }
}

/// Raises the calling thread (SCHED_FIFO, else nice -5), starts a server there and keeps what
/// the server's connection thread then runs at.
final class RaisedStart: @unchecked Sendable {
    var raised = false
    var server: HTTPServer?
    let observed = Mutex<(policy: Int32, nice: Int32)?>(nil)

    func run() {
        var parameters = sched_param()
        parameters.sched_priority = 5
        let fifo = pthread_setschedparam(pthread_self(), SCHED_FIFO, &parameters) == 0
        let niced = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, -5) == 0
        raised = fifo || niced
        server = try? HTTPServer.start(HTTPServerSettings(host: "127.0.0.1", port: 0)) { [self] _ in
            var policy: Int32 = 0
            var parameters = sched_param()
            pthread_getschedparam(pthread_self(), &policy, &parameters)
            let nice = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
            observed.withLock { $0 = (policy, nice) }
            return .text("ok")
        }
    }
}
