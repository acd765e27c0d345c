import Foundation
import GateSpeedWeb
import LoopbackHTTPClient
import Synchronization
import Testing

/// Paired tokens over real requests on loopback: kept across a restart of the pages, revoked
/// from outside (what `gatespeed pair --revoke` does) and then refused with 401.
@Suite struct TokenRevocationRoutesTests {
    /// A monotonic clock the test moves (seconds).
    final class TestClock: Sendable {
        let seconds = Mutex<Double>(1000)
        func advance(_ by: Double) { seconds.withLock { $0 += by } }
        var now: Double { seconds.withLock { $0 } }
    }

    private func pages(_ name: String, file: TokenFile, clock: TestClock) throws -> PagesUnderTest {
        try PagesUnderTest(name) { setup in
            setup.token = nil
            setup.pairing = Pairing(fixedToken: nil, tokenFile: file)
            setup.clock = { clock.now }
        }
    }

    /// Pairs over HTTP as a phone does; the token.
    private func pair(_ web: PagesUnderTest, clock: TestClock) throws -> String {
        let started = try LoopbackHTTP.request(port: web.port, "POST", "/api/pair", headers: ["User-Agent": "TestPhone/2.0"], body: [])
        let id = try #require(try PagesUnderTest.object(started)["id"] as? String)
        #expect(web.pages.buttonPressed(now: clock.now))
        return try #require(try PagesUnderTest.object(try web.get("/api/pair/\(id)"))["token"] as? String)
    }

    @Test func aPairedPhoneKeepsItsTokenAcrossARestartUntilRevoked() throws {
        let file = TokenFile(path: temporaryFolder("routes-revoke") + "/web-tokens.json")
        let clock = TestClock()
        var token = ""
        do {
            let first = try pages("routes-revoke-1", file: file, clock: clock)
            token = try pair(first, clock: clock)
            #expect(try first.send("POST", "/api/highlight", token: token).status == 202)
        }
        let restarted = try pages("routes-revoke-2", file: file, clock: clock)
        #expect(try restarted.send("POST", "/api/highlight", token: token).status == 202, "kept across the restart")
        #expect(restarted.pages.pairing.tokens.map(\.label) == ["TestPhone/2.0"])
        try TokenFile(path: file.path).save([])
        clock.advance(Pairing.fileCheckSeconds)
        #expect(try restarted.send("POST", "/api/highlight", token: token).status == 401)
        #expect(restarted.counter.count("highlight") == 1)
    }
}
