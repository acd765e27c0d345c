import Testing
@testable import GateSpeedMQTT
import MosquittoClient

@Suite struct MQTTTopicsTests {
    @Test func stationNamesAreTopicSafe() {
        #expect(MQTTTopics.isValidStation("course-1_B"))
        #expect(!MQTTTopics.isValidStation("a/b"))
        #expect(!MQTTTopics.isValidStation("a+"))
        #expect(!MQTTTopics.isValidStation("#"))
        #expect(!MQTTTopics.isValidStation(""))
        #expect(!MQTTTopics.isValidStation(String(repeating: "x", count: 65)))
        #expect(MQTTTopics.station(fromHostName: "pi.local") == "pi")
        #expect(MQTTTopics.station(fromHostName: "my box") == "my-box")
    }

    @Test func onlyTheFourCommandsAreCommands() {
        #expect(MQTTCommand(payload: Array("rearm".utf8)) == .rearm)
        #expect(MQTTCommand(payload: Array(" new_session\n".utf8)) == .newSession)
        #expect(MQTTCommand(payload: Array("reboot".utf8)) == nil)
        #expect(MQTTCommand(payload: Array("REARM".utf8)) == nil)
    }

    @Test func brokerURLs() throws {
        #expect(try MQTTEndpoint.parse("mqtt://broker").get() == MQTTEndpoint(host: "broker", port: 1883, tls: false))
        #expect(try MQTTEndpoint.parse("mqtts://broker:8884").get() == MQTTEndpoint(host: "broker", port: 8884, tls: true))
        #expect(try MQTTEndpoint.parse("mqtt://[::1]:1").get() == MQTTEndpoint(host: "::1", port: 1, tls: false))
        for bad in ["http://x", "mqtt://", "mqtt://x:0", "mqtt://x:99999", "mqtt://u:p@x", "mqtt://x/path", "mqtt://x:1e3"] {
            #expect(throws: EndpointProblem.self) { try MQTTEndpoint.parse(bad).get() }
        }
    }

    @Test func backoffDoublesToItsLimitAndResets() {
        var backoff = MQTTBackoff(first: 0.5, longest: 3)
        #expect([backoff.failed(), backoff.failed(), backoff.failed(), backoff.failed()] == [0.5, 1, 2, 3])
        backoff.succeeded()
        #expect(backoff.failed() == 0.5)
    }
}
