import Foundation
import GateSpeedWeb
import Testing

/// What `/api/status` and `/api/runs` make of the event lines.
@Suite struct RunBoardTests {
    static let first = #"{"event":"result","t":12.5,"valid":true,"direction":"left_to_right","elapsed_s":3.1,"speed_kmh":32.5,"pass":true,"announcement":"x","uncertainty_kmh":0.4,"close_call":false}"#
    static let second = #"{"event":"result","t":30,"valid":true,"direction":"right_to_left","elapsed_s":3.7,"speed_kmh":27.5,"pass":false,"announcement":"y","uncertainty_kmh":0.5,"close_call":false}"#
    static let invalid = #"{"event":"invalid","t":40,"reason":"timeout","announcement":"z"}"#

    @Test func resultsCountAndGetTheirClips() throws {
        let web = try PagesUnderTest("board")
        web.pages.observe(line: Self.first)
        web.pages.observe(line: Self.second)
        // The first run's clip was never written (disk full); the second's comes after its result.
        web.pages.observe(line: #"{"event":"clip","t":33,"path":"\#(web.clips)/2026-12-01/session-1/run-0002-27kmh-fail.mp4","kind":"run"}"#)
        web.pages.observe(line: #"{"event":"clip","t":34,"path":"\#(web.clips)/2026-12-01/session-1/highlight-0001.mp4","kind":"highlight"}"#)
        let runs = try #require(try JSONSerialization.jsonObject(with: Data(try web.get("/api/runs").body)) as? [[String: Any]])
        #expect(runs.count == 2)
        #expect(runs[0]["clip"] is NSNull)
        #expect(runs[1]["clip"] as? String == "/clips/2026-12-01/session-1/run-0002-27kmh-fail.mp4")
        #expect(runs[1]["speed_kmh"] as? Double == 27.5)
        var status = try PagesUnderTest.object(try web.get("/api/status"))
        var board = try #require(status["scoreboard"] as? [String: Any])
        #expect(board["runs"] as? Int == 2)
        #expect(board["passes"] as? Int == 1)
        #expect(board["avg_kmh"] as? Double == 30)
        #expect((status["last"] as? [String: Any])?["t"] as? Double == 30)
        web.pages.observe(line: Self.invalid)
        status = try PagesUnderTest.object(try web.get("/api/status"))
        #expect((status["last"] as? [String: Any])?["reason"] as? String == "timeout")
        // A new session starts from zero.
        web.pages.observe(line: #"{"event":"session","t":50,"runs":0,"passes":0,"avg_kmh":0}"#)
        status = try PagesUnderTest.object(try web.get("/api/status"))
        board = try #require(status["scoreboard"] as? [String: Any])
        #expect(board["runs"] as? Int == 0)
        #expect(status["last"] is NSNull)
        #expect(try web.get("/api/runs").text == "[]")
    }

    @Test func theRestoredTallyIsTheStart() throws {
        let web = try PagesUnderTest("board-restored") { $0.tally = RunBoard.Tally(runs: 4, passes: 3, totalKmh: 120) }
        let board = try #require(try PagesUnderTest.object(try web.get("/api/status"))["scoreboard"] as? [String: Any])
        #expect(board["runs"] as? Int == 4)
        #expect(board["avg_kmh"] as? Double == 30)
    }

    @Test func clipURLsAreOnlyForClipsUnderTheFolder() {
        let board = RunBoard(clipsDirectory: "/var/lib/gatespeed/clips")
        #expect(board.clipURL(forPath: "/var/lib/gatespeed/clips/2026-12-01/session-1/a b.mp4")
            == "/clips/2026-12-01/session-1/a%20b.mp4")
        #expect(board.clipURL(forPath: "/elsewhere/a.mp4") == nil)
        #expect(board.clipURL(forPath: "/var/lib/gatespeed/clips/../x.mp4") == nil)
    }
}

/// Pairing's rules, time as a parameter.
@Suite struct PairingTests {
    @Test func aPressCompletesOnlyWithinTheWindow() {
        let pairing = Pairing(fixedToken: nil, windowSeconds: 30)
        let id = pairing.begin(now: 100)
        #expect(pairing.claim(id, now: 110) == .waiting)
        #expect(!pairing.buttonPressed(now: 131), "31 s later: expired")
        #expect(pairing.claim(id, now: 131) == .unknown)
        let second = pairing.begin(now: 200)
        #expect(pairing.buttonPressed(now: 229))
        guard case .token(let token) = pairing.claim(second, now: 230) else {
            Issue.record("no token")
            return
        }
        #expect(pairing.authorizes("Bearer \(token)", now: 0))
        #expect(pairing.authorizes("bearer \(token)", now: 0))
        #expect(!pairing.authorizes(token, now: 0))
        #expect(!pairing.authorizes("Bearer \(token)x", now: 0))
        #expect(!pairing.authorizes(nil, now: 0))
        pairing.revokeAll()
        #expect(!pairing.authorizes("Bearer \(token)", now: 0))
    }

    @Test func theFixedTokenAlwaysWorks() {
        let pairing = Pairing(fixedToken: "fixed-token-0123456789")
        #expect(pairing.authorizes("Bearer fixed-token-0123456789", now: 0))
        #expect(!pairing.authorizes("Bearer fixed-token-012345678", now: 0))
        pairing.revokeAll()
        #expect(pairing.authorizes("Bearer fixed-token-0123456789", now: 0))
    }

    @Test func aFloodOfRequestsKeepsOnlyTheNewest() {
        let pairing = Pairing(fixedToken: nil)
        let ids = (0..<20).map { _ in pairing.begin(now: 5) }
        #expect(pairing.claim(ids[0], now: 5) == .unknown)
        #expect(pairing.claim(ids[19], now: 5) == .waiting)
    }
}
