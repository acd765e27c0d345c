import Testing
@testable import GateSpeedMQTT

@Suite struct ClubScoreboardTests {
    static func apply(_ board: inout ClubScoreboard, _ topic: String, _ payload: String) -> Bool {
        board.apply(topic: topic, payload: Array(payload.utf8))
    }

    @Test func oneColumnPerStationWithStatusTallyAndLatestRunsNewestFirst() {
        var board = ClubScoreboard()
        #expect(Self.apply(&board, "gatespeed/b/status", "online"))
        #expect(Self.apply(&board, "gatespeed/a/result",
                           #"{"event":"result","t":12.5,"valid":true,"speed_kmh":31.2,"pass":true,"uncertainty_kmh":0.4}"#))
        // The same run again on the event topic (and after a reconnect) is one run.
        #expect(!Self.apply(&board, "gatespeed/a/event",
                            #"{"event":"result","t":12.5,"valid":true,"speed_kmh":31.2,"pass":true,"uncertainty_kmh":0.4}"#))
        #expect(Self.apply(&board, "gatespeed/a/event", #"{"event":"invalid","t":20,"reason":"timeout"}"#))
        #expect(Self.apply(&board, "gatespeed/a/scoreboard", #"{"runs":1,"passes":1,"avg_kmh":31.2}"#))
        #expect(Self.apply(&board, "gatespeed/b/status", "offline"))
        #expect(!Self.apply(&board, "gatespeed/a/event", #"{"event":"start","t":21,"post":1}"#))
        let a = board.stations["a"]
        #expect(a?.latest.map(\.verdict) == ["INVALID timeout", "PASS"])
        #expect(a?.latest.last?.speedKmh == 31.2 && a?.latest.last?.uncertaintyKmh == 0.4)
        #expect(a?.runs == 1 && a?.passes == 1 && a?.averageKmh == 31.2)
        #expect(board.stations["b"]?.online == false)
        #expect(board.json.hasPrefix(#"{"stations":[{"avg_kmh":31.2"#))
    }

    @Test func hostileMessagesChangeNothing() {
        var board = ClubScoreboard()
        for (topic, payload) in [("gatespeed/a+b/status", "online"), ("other/a/status", "online"), ("gatespeed/a/b/status", "online"),
                                 ("gatespeed/a/result", "not json"), ("gatespeed/a/result", #"{"event":"result","t":1}"#),
                                 ("gatespeed/a/result", #"{"event":"result","t":"x","speed_kmh":3}"#), ("gatespeed/a/command", "rearm")] {
            #expect(!Self.apply(&board, topic, payload), "\(topic) \(payload)")
        }
        #expect(board.stations.count <= 1)
        for index in 0..<100 { _ = Self.apply(&board, "gatespeed/s\(index)/status", "online") }
        #expect(board.stations.count == 64, "a bounded number of columns")
    }

    @Test func thePageFetchesNothingAndEscapesItsData() {
        let page = ScoreboardPage.html(initialJSON: #"{"stations":[{"name":"</script><b>"}]}"#)
        #expect(!page.contains("</script><b>"))
        #expect(!page.contains("http://") && !page.contains("https://") && !page.contains("src="))
        #expect(page.contains("EventSource('/events')"))
    }
}
