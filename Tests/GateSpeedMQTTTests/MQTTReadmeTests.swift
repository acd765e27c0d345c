import Foundation
import GateSpeedPlatform
import GateSpeedConfig
import Testing

@Suite struct MQTTReadmeTests {
    /// The README's `mqtt` example is a config that loads, with every key the section has.
    @Test func theReadmeExampleLoads() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOfFile: root.path + "/README.md", encoding: .utf8)
        let start = try #require(readme.range(of: "```json\n\"mqtt\": {"))
        let end = try #require(readme.range(of: "\n```", range: start.upperBound..<readme.endIndex))
        let block = String(readme[readme.index(start.lowerBound, offsetBy: "```json\n".count)..<end.lowerBound])
        let config = try GateSpeedConfig.parse(json: "{" + block + "}", source: "README.md")
        #expect(config.mqtt.url == "mqtts://broker.club.lan:8883")
        #expect(config.mqtt.station == "course1" && config.mqtt.passwordFile != nil && config.mqtt.caFile != nil)
        for key in ConfigKeys.all where key.path.hasPrefix("mqtt.") { #expect(block.contains("\"\(key.name)\""), "\(key.path)") }
    }
}
