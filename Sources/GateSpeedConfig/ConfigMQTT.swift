/// The `mqtt` section: results, status and Home Assistant discovery to an MQTT broker
/// (shared/interfaces.md, "Results over MQTT"). Off unless `mqtt.url` is set.
extension GateSpeedConfig {
    public struct MQTT: Sendable, Equatable {
        /// `mqtt://HOST[:PORT]` or `mqtts://HOST[:PORT]`, or nil: no MQTT.
        public var url: String? = nil
        public var username: String? = nil
        /// A file holding the password (its first line); the password itself is never in the config.
        public var passwordFile: String? = nil
        /// PEM file of the CA that signed the broker's certificate (mqtts).
        public var caFile: String? = nil
        /// The station's name in the topics; nil: the host name (made topic-safe).
        public var station: String? = nil
        public init() {}
    }
}

extension ConfigKeys {
    public enum MQTT {
        public static let url = ConfigKey(
            "mqtt.url", .text, nullable: true, default: "null",
            "The MQTT broker results, status and Home Assistant discovery go to: `mqtt://HOST[:PORT]` "
                + "(port 1883 by default) or `mqtts://HOST[:PORT]` (TLS, 8883); null turns MQTT off.")
        public static let username = ConfigKey(
            "mqtt.username", .text, nullable: true, default: "null", "The user name given to the broker.")
        public static let passwordFile = ConfigKey(
            "mqtt.password_file", .text, nullable: true, default: "null",
            "A file whose first line is the broker password (keep it readable by the service only); "
                + "the password is never written in the config.")
        public static let caFile = ConfigKey(
            "mqtt.ca_file", .text, nullable: true, default: "null",
            "PEM file of the certificate authority that signed the broker's certificate (mqtts); "
                + "null trusts the system's authorities.")
        public static let station = ConfigKey(
            "mqtt.station", .text, nullable: true, default: "null", defaultWords: nil,
            "This station's name in the topics (`gatespeed/STATION/…`): 1 … 64 of A–Z, a–z, 0–9, `_` and `-`; "
                + "null uses the host name.")

        static let all: [ConfigKey] = [url, username, passwordFile, caFile, station]
    }
}

extension GateSpeedConfig {
    static func mqtt(_ reader: ConfigObjectReader) throws(ConfigError) -> MQTT {
        typealias Key = ConfigKeys.MQTT
        var mqtt = MQTT()
        mqtt.url = try reader.optionalString(Key.url, default: nil)
        if let url = mqtt.url {
            let scheme = url.hasPrefix("mqtt://") || url.hasPrefix("mqtts://")
            guard scheme, url.count <= 300, !url.contains(where: { $0.isWhitespace }) else {
                throw reader.error(Key.url.name, "\"\(MessageText.clipped(url))\" must be mqtt://HOST[:PORT] or mqtts://HOST[:PORT]")
            }
        }
        mqtt.username = try reader.optionalString(Key.username, default: nil)
        if let name = mqtt.username, name.utf8.count > 256 || name.contains(where: { $0.isNewline }) {
            throw reader.error(Key.username.name, "must be one line of at most 256 bytes")
        }
        mqtt.passwordFile = try reader.optionalString(Key.passwordFile, default: nil)
        mqtt.caFile = try reader.optionalString(Key.caFile, default: nil)
        mqtt.station = try reader.optionalString(Key.station, default: nil)
        if let station = mqtt.station, !isTopicSafe(station) {
            throw reader.error(Key.station.name, "\"\(MessageText.clipped(station))\" must be 1 … 64 of A–Z, a–z, 0–9, _ and - "
                               + "(no /, +, # or spaces: it is part of the topics)")
        }
        return mqtt
    }

    /// 1 … 64 of `A-Z a-z 0-9 _ -`.
    static func isTopicSafe(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 64 && name.utf8.allSatisfy { byte in
            (0x61...0x7a).contains(byte) || (0x41...0x5a).contains(byte) || (0x30...0x39).contains(byte) || byte == 0x5f || byte == 0x2d
        }
    }
}
