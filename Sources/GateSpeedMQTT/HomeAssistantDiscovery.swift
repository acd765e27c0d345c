import Foundation

/// Home Assistant MQTT discovery for one station: retained config messages under
/// `homeassistant/<component>/<node_id>/<object_id>/config`, all with the same `device` block
/// (one device per station) and the station's status topic as availability
/// (`payload_available` `online`, `payload_not_available` `offline`). See
/// https://www.home-assistant.io/integrations/mqtt/ ("MQTT Discovery") and the sensor,
/// binary sensor and button pages.
public struct HomeAssistantDiscovery: Sendable {
    public let topics: MQTTTopics

    public init(topics: MQTTTopics) { self.topics = topics }

    /// The node id in the discovery topics and the prefix of every `unique_id`.
    public var nodeID: String { "gatespeed_" + topics.station.replacingOccurrences(of: "-", with: "_") }

    /// One config message: its topic and its JSON payload (sorted keys).
    public struct Message: Sendable, Equatable {
        public let topic: String
        public let payload: String
    }

    public var messages: [Message] {
        var messages: [Message] = []
        func add(_ component: String, _ objectID: String, _ name: String, _ extra: [String: Any]) {
            var config: [String: Any] = [
                "name": name,
                "unique_id": "\(nodeID)_\(objectID)",
                "availability_topic": topics.status,
                "payload_available": MQTTTopics.online,
                "payload_not_available": MQTTTopics.offline,
                "device": device,
            ]
            for (key, value) in extra { config[key] = value }
            let data = (try? JSONSerialization.data(withJSONObject: config, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
            messages.append(Message(topic: "\(MQTTTopics.discoveryPrefix)/\(component)/\(nodeID)/\(objectID)/config",
                                    payload: String(decoding: data, as: UTF8.self)))
        }
        add("sensor", "last_speed", "Last speed", [
            "state_topic": topics.result,
            "value_template": "{{ value_json.speed_kmh if value_json.event == 'result' else none }}",
            "device_class": "speed", "state_class": "measurement", "unit_of_measurement": "km/h",
            "json_attributes_topic": topics.result,
        ])
        add("binary_sensor", "last_verdict", "Last verdict", [
            "state_topic": topics.result,
            "value_template": "{{ 'ON' if value_json.pass is defined and value_json.pass else 'OFF' }}",
            "payload_on": "ON", "payload_off": "OFF",
        ])
        add("sensor", "runs", "Runs", [
            "state_topic": topics.scoreboard, "value_template": "{{ value_json.runs }}",
            "state_class": "total_increasing",
        ])
        add("sensor", "passes", "Passes", [
            "state_topic": topics.scoreboard, "value_template": "{{ value_json.passes }}",
            "state_class": "total_increasing",
        ])
        for (command, name) in [(MQTTCommand.rearm, "Re-arm"), (.recalibrate, "Recalibrate"), (.highlight, "Highlight")] {
            add("button", command.rawValue, name, [
                "command_topic": topics.command, "payload_press": command.rawValue,
            ])
        }
        return messages
    }

    private var device: [String: Any] {
        ["identifiers": [nodeID], "name": "GateSpeed \(topics.station)", "manufacturer": "GateSpeed",
         "model": "Slalom timing gate"]
    }
}
