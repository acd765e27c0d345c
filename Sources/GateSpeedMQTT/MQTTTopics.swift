/// The topics of one station (shared/interfaces.md, "Results over MQTT").
public struct MQTTTopics: Sendable, Equatable {
    public let station: String

    public init(station: String) { self.station = station }

    public static let root = "gatespeed"
    /// Where Home Assistant announces itself (`online` after it starts).
    public static let homeAssistantStatus = "homeassistant/status"
    public static let discoveryPrefix = "homeassistant"

    public var status: String { "\(Self.root)/\(station)/status" }
    public var event: String { "\(Self.root)/\(station)/event" }
    public var result: String { "\(Self.root)/\(station)/result" }
    public var scoreboard: String { "\(Self.root)/\(station)/scoreboard" }
    public var command: String { "\(Self.root)/\(station)/command" }

    public static let online = "online"
    public static let offline = "offline"

    /// A station name that is safe in a topic, a Home Assistant id and a file name:
    /// 1 … 64 of `A-Z a-z 0-9 _ -`.
    public static func isValidStation(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 64 && name.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        }
    }

    /// The host name made topic-safe (other characters become `-`), for the default station.
    public static func station(fromHostName host: String) -> String {
        let first = host.split(separator: ".").first.map(String.init) ?? host
        var name = String(first.unicodeScalars.prefix(64).map { scalar -> Character in
            let text = Character(scalar)
            return isValidStation(String(text)) ? text : "-"
        })
        if name.isEmpty { name = "gatespeed" }
        return name
    }
}

/// What the command topic accepts; anything else is logged and ignored.
public enum MQTTCommand: String, Sendable, CaseIterable {
    case rearm, recalibrate, highlight
    case newSession = "new_session"

    /// The command in `payload` (surrounding white space ignored), or nil.
    public init?(payload: [UInt8]) {
        guard payload.count <= 64 else { return nil }
        let text = String(decoding: payload, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        self.init(rawValue: text)
    }
}
