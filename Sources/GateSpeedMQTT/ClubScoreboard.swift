import Foundation

/// What the club scoreboard shows: every station seen on the broker (one column per course),
/// its online status, session scoreboard and latest runs, built from the stations' topics
/// (`gatespeed/+/status`, `…/event`, `…/result`, `…/scoreboard`). Not thread-safe; the
/// scoreboard command keeps it under a lock.
public struct ClubScoreboard: Sendable, Equatable {
    public struct Run: Sendable, Equatable {
        /// Seconds on the station's clock.
        public var t: Double
        /// km/h; nil for an invalid run.
        public var speedKmh: Double?
        /// ± km/h (the ~95 % half-width).
        public var uncertaintyKmh: Double?
        /// `PASS`, `FAIL` or the invalid run's reason.
        public var verdict: String
    }

    public struct Station: Sendable, Equatable {
        public var name: String
        public var online: Bool?
        public var runs: Int = 0
        public var passes: Int = 0
        public var averageKmh: Double = 0
        /// Newest first, at most `ClubScoreboard.runsKept`.
        public var latest: [Run] = []
    }

    public static let runsKept = 8
    public private(set) var stations: [String: Station] = [:]

    public init() {}

    /// Takes one message; true when what the page shows changed.
    @discardableResult
    public mutating func apply(topic: String, payload: [UInt8]) -> Bool {
        let parts = topic.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, parts[0] == MQTTTopics.root, MQTTTopics.isValidStation(parts[1]) else { return false }
        let name = parts[1]
        guard stations[name] != nil || stations.count < 64 else { return false }
        var station = stations[name] ?? Station(name: name)
        let before = station
        let text = String(decoding: payload.prefix(16 * 1024), as: UTF8.self)
        switch parts[2] {
        case "status":
            if text == MQTTTopics.online { station.online = true } else if text == MQTTTopics.offline { station.online = false }
        case "scoreboard":
            guard let object = MQTTResultsSink.jsonObject(text) else { return false }
            station.runs = max(0, min(1_000_000, (object["runs"] as? Int) ?? station.runs))
            station.passes = max(0, min(1_000_000, (object["passes"] as? Int) ?? station.passes))
            if let average = MQTTResultsSink.number(object["avg_kmh"]), average.isFinite { station.averageKmh = average }
        case "result", "event":
            guard let object = MQTTResultsSink.jsonObject(text), let run = Self.run(object) else { return false }
            if !station.latest.contains(run) {
                station.latest.insert(run, at: 0)
                station.latest.sort { $0.t > $1.t }
                if station.latest.count > Self.runsKept { station.latest.removeLast(station.latest.count - Self.runsKept) }
            }
        default:
            return false
        }
        stations[name] = station
        return station != before
    }

    static func run(_ object: [String: Any]) -> Run? {
        guard let event = object["event"] as? String, let t = MQTTResultsSink.number(object["t"]), t.isFinite else { return nil }
        switch event {
        case "result":
            guard let speed = MQTTResultsSink.number(object["speed_kmh"]), speed.isFinite else { return nil }
            return Run(t: t, speedKmh: speed, uncertaintyKmh: MQTTResultsSink.number(object["uncertainty_kmh"]),
                       verdict: (object["pass"] as? Bool) == true ? "PASS" : "FAIL")
        case "invalid":
            let reason = (object["reason"] as? String).map { String($0.prefix(32)) } ?? "invalid"
            return Run(t: t, speedKmh: nil, uncertaintyKmh: nil, verdict: "INVALID " + reason)
        default:
            return nil
        }
    }

    /// The page's data: `{"stations":[{"name":…,"online":…,"runs":…,"passes":…,"avg_kmh":…,
    /// "latest":[{"t":…,"speed_kmh":…,"uncertainty_kmh":…,"verdict":…}]}]}`, stations by name.
    public var json: String {
        let list: [[String: Any]] = stations.values.sorted { $0.name < $1.name }.map { station in
            [
                "name": station.name,
                "online": station.online.map { $0 as Any } ?? NSNull(),
                "runs": station.runs, "passes": station.passes, "avg_kmh": station.averageKmh,
                "latest": station.latest.map { run -> [String: Any] in
                    ["t": run.t, "speed_kmh": run.speedKmh.map { $0 as Any } ?? NSNull(),
                     "uncertainty_kmh": run.uncertaintyKmh.map { $0 as Any } ?? NSNull(), "verdict": run.verdict]
                },
            ]
        }
        let data = (try? JSONSerialization.data(withJSONObject: ["stations": list], options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
