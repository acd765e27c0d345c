import Foundation
import GateSpeedWeb
import LoopbackHTTPClient
import Testing

/// `/events`: every event line as one `data:` line, per client bounded, never waiting for a client.
@Suite struct EventStreamTests {
    static func openEvents(_ port: UInt16, receiveBufferBytes: Int32? = nil) throws -> LoopbackConnection {
        let connection = try LoopbackConnection(port: port, receiveBufferBytes: receiveBufferBytes)
        try connection.send("GET /events HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n")
        return connection
    }

    @Test func eventLinesArriveAsServerSentEvents() throws {
        let web = try PagesUnderTest("sse")
        let client = try Self.openEvents(web.port)
        #expect(try client.receive(until: ": connected", timeoutSeconds: 10))
        #expect(client.receivedText.contains("retry: "))
        #expect(client.receivedText.lowercased().contains("content-type: text/event-stream"))
        web.pages.observe(line: #"{"event":"ready","t":1.5}"#)
        web.pages.observe(line: #"{"event":"start","t":2,"post":1,"direction":"left_to_right"}"#)
        #expect(try client.receive(until: "left_to_right", timeoutSeconds: 10))
        let text = client.receivedText
        #expect(text.contains("data: {\"event\":\"ready\",\"t\":1.5}\n\n"))
        let ready = try #require(text.range(of: "ready")), start = try #require(text.range(of: "left_to_right"))
        #expect(ready.lowerBound < start.lowerBound)
    }

    @Test func keepaliveCommentsFlowWhileNothingHappens() throws {
        let events = EventBroadcast(keepaliveSeconds: 0.2)
        let pages = try WebPages.start(WebSetup(server: .init(host: "127.0.0.1", port: 0)), events: events)
        defer { pages.stop() }
        let client = try Self.openEvents(pages.port)
        #expect(try client.receive(until: ": keepalive", timeoutSeconds: 10))
    }

    /// A client that opens `/events` and never reads: publishing goes on at once for everyone
    /// else (the event sink is never held up), and the stalled client only loses its own lines.
    @Test func aStalledClientNeitherBlocksPublishingNorOtherClients() throws {
        // The server closes a connection idle for `idleTimeoutSeconds` (30 s by default): on a loaded
        // machine publishing 5,000 lines can outlast that, and the stalled client would be closed by
        // that rule, which is not what this test is about. It asserts the broadcast never drops them.
        let web = try PagesUnderTest("sse-stalled") { $0.server.idleTimeoutSeconds = 600 }
        let stalled = try Self.openEvents(web.port, receiveBufferBytes: 2048)
        #expect(try stalled.receive(until: ": connected", timeoutSeconds: 10))
        let reader = try Self.openEvents(web.port)
        #expect(try reader.receive(until: ": connected", timeoutSeconds: 10))
        let padding = String(repeating: "x", count: 400)
        let lines = 5_000
        let pages = web.pages
        let publishing = Thread {
            for n in 0..<lines { pages.observe(line: #"{"event":"post","t":\#(n),"pad":"\#(padding)"}"#) }
        }
        publishing.start()
        // The reader gets the last line although the stalled client holds megabytes it never took.
        #expect(try reader.receive(until: "\"t\":\(lines - 1),", timeoutSeconds: 60))
        #expect(web.pages.events.clientCount == 2)
        // Other requests are answered meanwhile.
        #expect(try web.get("/api/status").status == 200)
        withExtendedLifetime(stalled) {}
    }

    @Test func tooManyClientsAreTurnedAway() throws {
        let events = EventBroadcast(maximumClients: 2)
        let pages = try WebPages.start(WebSetup(server: .init(host: "127.0.0.1", port: 0)), events: events)
        defer { pages.stop() }
        let first = try Self.openEvents(pages.port), second = try Self.openEvents(pages.port)
        #expect(try first.receive(until: ": connected", timeoutSeconds: 10))
        #expect(try second.receive(until: ": connected", timeoutSeconds: 10))
        #expect(try LoopbackHTTP.get(port: pages.port, "/events").status == 503)
    }
}

/// `/live.jpg` and `/live.mjpeg` through the LiveFeed seam.
@Suite struct LiveViewTests {
    @Test func theStillIsTheNewestFrameAndWatchingIsCounted() throws {
        let web = try PagesUnderTest("live")
        #expect(try web.get("/live.jpg").status == 503, "no frame yet")
        web.live.publish()
        web.live.publish()
        let still = try web.get("/live.jpg")
        #expect(still.status == 200)
        #expect(still.headers["content-type"] == "image/jpeg")
        #expect(still.body == FakeLiveFeed.jpeg(2))
        #expect(web.live.viewers.load(ordering: .relaxed) == 0)
    }

    @Test func theStreamSendsEachNewFrameAsAPart() throws {
        let web = try PagesUnderTest("mjpeg")
        let viewer = try LoopbackConnection(port: web.port)
        try viewer.send("GET /live.mjpeg HTTP/1.1\r\nHost: x\r\n\r\n")
        web.live.publish()
        #expect(try viewer.receive(until: "frame 1", timeoutSeconds: 10))
        #expect(web.live.viewers.load(ordering: .relaxed) == 1)
        web.live.publish()
        #expect(try viewer.receive(until: "frame 2", timeoutSeconds: 10))
        let text = viewer.receivedText
        #expect(text.contains("multipart/x-mixed-replace; boundary=gatespeedframe"))
        #expect(text.contains("--gatespeedframe\r\nContent-Type: image/jpeg\r\nContent-Length: 11\r\n\r\n"))
        withExtendedLifetime(viewer) {}
    }

    /// A viewer that never reads its MJPEG stream does not keep others from the view.
    @Test func aStalledViewerDoesNotHoldUpOthers() throws {
        let web = try PagesUnderTest("mjpeg-stalled")
        let stalled = try LoopbackConnection(port: web.port, receiveBufferBytes: 2048)
        try stalled.send("GET /live.mjpeg HTTP/1.1\r\nHost: x\r\n\r\n")
        for _ in 0..<200 {
            web.live.publish()
            usleep(1_000)
        }
        for _ in 0..<10 {
            web.live.publish()
            #expect(try web.get("/live.jpg").status == 200)
            #expect(try web.get("/api/status").status == 200)
        }
        withExtendedLifetime(stalled) {}
    }
}
