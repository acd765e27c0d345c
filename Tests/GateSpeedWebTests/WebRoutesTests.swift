import Foundation
import GateSpeedPlatform
import GateSpeedWeb
import LoopbackHTTPClient
import Testing

@Suite struct WebRoutesTests {
    @Test func readOnlyPathsAnswerWithoutAToken() throws {
        let web = try PagesUnderTest("routes")
        let page = try web.get("/")
        #expect(page.status == 200)
        #expect(page.headers["content-type"]?.hasPrefix("text/html") == true)
        let status = try web.get("/api/status")
        #expect(status.status == 200)
        #expect(status.headers["content-type"] == "application/json")
        let object = try PagesUnderTest.object(status)
        #expect(object["phase"] as? String == "calibrating")
        #expect((object["scoreboard"] as? [String: Any])?["runs"] as? Int == 0)
        #expect(object["last"] is NSNull)
        #expect((object["faults"] as? [Any])?.isEmpty == true)
        #expect(try web.get("/api/runs").text == "[]")
        #expect(try web.get("/nothing-here").status == 404)
        #expect(try web.get("/api/nothing").status == 404)
        #expect(try web.get("/api/rearm").status == 405)
        #expect(try web.send("DELETE", "/api/status").status == 404)
    }

    @Test func theAssetsHandedOverAreServed() throws {
        let web = try PagesUnderTest("assets") { setup in
            setup.assets = ["/": WebAsset(contentType: "text/html; charset=utf-8", text: "<p>the page</p>"),
                            "/app.js": WebAsset(contentType: "text/javascript", text: "let x = 1")]
        }
        #expect(try web.get("/").text == "<p>the page</p>")
        #expect(try web.get("/index.html").text == "<p>the page</p>")
        let script = try web.get("/app.js")
        #expect(script.text == "let x = 1")
        #expect(script.headers["content-type"] == "text/javascript")
    }

    @Test func statusCarriesPhaseAndFaults() throws {
        let web = try PagesUnderTest("faults") { setup in
            setup.status = {
                var status = ServiceStatus(phase: .fault)
                status.set(.camera, "no frame for 2 s")
                return status
            }
        }
        let object = try PagesUnderTest.object(try web.get("/api/status"))
        #expect(object["phase"] as? String == "fault")
        #expect(object["faults"] as? [String] == ["camera: no frame for 2 s"])
    }

    @Test func changesNeedTheToken() throws {
        let web = try PagesUnderTest("auth")
        for path in ["/api/rearm", "/api/recalibrate", "/api/highlight", "/api/session", "/api/walkthrough"] {
            let refused = try web.send("POST", path, token: nil)
            #expect(refused.status == 401, "\(path)")
            #expect(refused.headers["www-authenticate"]?.hasPrefix("Bearer") == true)
            #expect(try web.send("POST", path, token: "wrong-token-0123456789").status == 401, "\(path)")
        }
        #expect(try web.send("PUT", "/api/course", body: "{}", token: nil).status == 401)
        #expect(web.counter.count("rearm") == 0)
        #expect(try web.send("POST", "/api/rearm").status == 202)
        #expect(try web.send("POST", "/api/recalibrate").status == 202)
        #expect(try web.send("POST", "/api/highlight").status == 202)
        #expect(try web.send("POST", "/api/session").status == 202)
        #expect(["rearm", "recalibrate", "highlight", "session"].map(web.counter.count) == [1, 1, 1, 1])
        // The wrong method for a known path, even with the token.
        #expect(try web.send("PUT", "/api/rearm").status == 405)
    }

    @Test func pairingByTheButtonGivesATokenOnce() throws {
        let web = try PagesUnderTest("pairing") { $0.token = nil }
        #expect(try web.send("POST", "/api/highlight", token: nil).status == 401)
        let started = try web.send("POST", "/api/pair", token: nil)
        #expect(started.status == 201)
        let id = try #require(try PagesUnderTest.object(started)["id"] as? String)
        #expect(try web.get("/api/pair/\(id)").status == 202)
        #expect(try PagesUnderTest.object(try web.get("/api/status"))["pairing"] as? Bool == true)
        #expect(web.pages.buttonPressed(now: EventBroadcast.now()))
        let collected = try web.get("/api/pair/\(id)")
        #expect(collected.status == 200)
        let token = try #require(try PagesUnderTest.object(collected)["token"] as? String)
        #expect(token.count == 64)
        #expect(try web.get("/api/pair/\(id)").status == 404, "the token is given once")
        #expect(try web.get("/api/pair/not-an-id").status == 404)
        #expect(try web.send("POST", "/api/highlight", token: token).status == 202)
        #expect(web.counter.count("highlight") == 1)
        // A press with nothing waiting is not a pairing (the button keeps its meaning).
        #expect(!web.pages.buttonPressed(now: EventBroadcast.now()))
    }

    @Test func anOversizeBodyIsRefused413() throws {
        let web = try PagesUnderTest("oversize")
        let huge = String(repeating: " ", count: 70 * 1024) + "{}"
        #expect(try web.send("PUT", "/api/course", body: huge).status == 413)
        #expect(web.recorded.prepared.withLock { $0.isEmpty })
    }

    @Test func walkthroughIsHandedOn() throws {
        let web = try PagesUnderTest("walkthrough")
        #expect(try web.send("POST", "/api/walkthrough", body: #"{"seconds": 45}"#).status == 202)
        #expect(try web.send("POST", "/api/walkthrough", body: #"{"seconds": 1e9}"#).status == 422)
        #expect(web.recorded.walkthroughs.withLock { $0 } == [45])
    }
}
