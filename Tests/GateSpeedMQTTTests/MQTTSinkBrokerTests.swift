import Foundation
import GateSpeedPlatform
import GateSpeedCore
import GateSpeedJournal
import MosquittoClient
import Synchronization
import Testing
@testable import GateSpeedMQTT

/// The MQTT sink against a real mosquitto (started by each test on a free loopback port, with
/// a password file): retained messages, the journal backlog across a broker restart, commands,
/// Home Assistant discovery, TLS.
@Suite(.serialized) struct MQTTSinkBrokerTests {
    /// A sink on a temporary journal, fed the way the event sink feeds it.
    final class Station: @unchecked Sendable {
        let directory: String
        let journal: ResultsJournal
        let sink: MQTTResultsSink
        let log = CapturedLog()
        let commands = Locked<[MQTTCommand]>([])
        let faults = Locked<[String?]>([])
        private var t = 10.0
        /// A directory given by the test outlives the station (a restart reads its journal).
        private let ownsDirectory: Bool

        init(broker: TestBroker, station: String = "course1", password: String = TestBroker.password,
             directory: String? = nil) throws {
            self.directory = directory ?? NSTemporaryDirectory() + "gatespeed-station-\(UUID().uuidString)"
            ownsDirectory = directory == nil
            try FileManager.default.createDirectory(atPath: self.directory, withIntermediateDirectories: true)
            journal = ResultsJournal(path: self.directory + "/results.jsonl")
            var connection = MQTTConnectionSettings(endpoint: broker.endpoint, clientID: "gatespeed-" + station)
            connection.username = TestBroker.user
            connection.password = password
            connection.initialBackoffSeconds = 0.1
            connection.maximumBackoffSeconds = 0.5
            if broker.tls { connection.caFile = broker.caFile }
            let log = self.log, commands = self.commands, faults = self.faults
            sink = try MQTTResultsSink(settings: .init(connection: connection, station: station,
                                                       journalPath: self.directory + "/results.jsonl",
                                                       readJournal: { JournalTail.read(path: $0, from: $1) }),
                                       log: Log(level: .debug, write: { log.append($0) }),
                                       onFault: { fault in faults.withLock { $0.append(fault) } },
                                       onCommand: { command in commands.withLock { $0.append(command) } })
            try sink.start()
        }

        /// A result: journalled, then its line and the session line observed (as `EventSink` does).
        @discardableResult
        func result(speed: Double) -> Double {
            t += 5
            let state = journal.append(RunResult(t: t, direction: .leftToRight, elapsedSeconds: 3, speedKmh: speed,
                                                 pass: speed >= 30, announcement: "\(Int(speed)) kilometres per hour.",
                                                 crossingTimes: [], uncertaintyKmh: 0.2))
            let line = JournalTail.read(path: journal.path, from: 0)?.entries.last?.line ?? ""
            sink.observe(line)
            sink.observe("{\"event\":\"session\",\"t\":\(t),\"runs\":\(state.scoreboard.runs),\"passes\":\(state.scoreboard.passes),"
                         + "\"avg_kmh\":\(state.scoreboard.averageKmh)}")
            return t
        }

        func stop() { sink.stop() }

        deinit { if ownsDirectory { try? FileManager.default.removeItem(atPath: directory) } }
    }

    static func times(_ payloads: [String]) -> [Double] {
        payloads.compactMap { payload -> Double? in
            guard let object = MQTTResultsSink.jsonObject(payload), object["event"] as? String == "result" else { return nil }
            return MQTTResultsSink.number(object["t"])
        }
    }

    @Test func aLateSubscriberGetsTheRetainedStatusResultAndScoreboardThenOffline() throws {
        let broker = try TestBroker()
        let station = try Station(broker: broker)
        #expect(eventually { station.sink.isConnected })
        station.result(speed: 31.5)
        let last = station.result(speed: 28.25)
        let journalSize = { (try? FileManager.default.attributesOfItem(atPath: station.journal.path)[.size] as? Int) ?? -1 }
        let mark = PublishMark(journalPath: station.journal.path, station: "course1")
        #expect(eventually { mark.load() == journalSize() }, "both results acknowledged")
        #expect(station.sink.currentStatistics.liveResults == 2)
        usleep(300_000)   // the scoreboard and session event go out right behind the result
        let late = try TestSubscriber(broker: broker, patterns: ["gatespeed/#"])
        let topics = station.sink.topics
        #expect(late.waitFor { messages in
            messages.contains { $0 == .init(topic: topics.status, payload: "online") } && messages.contains { $0.topic == topics.result }
                && messages.contains { $0.topic == topics.scoreboard }
        })
        #expect(Self.times(late.payloads(on: topics.result)) == [last])
        #expect(late.payloads(on: topics.scoreboard) == ["{\"runs\":2,\"passes\":1,\"avg_kmh\":29.875}"])
        #expect(late.payloads(on: topics.event).isEmpty, "events are not retained")
        station.stop()
        #expect(late.waitFor { $0.contains { $0 == .init(topic: topics.status, payload: "offline") } })
        let again = try TestSubscriber(broker: broker, patterns: [topics.status])
        #expect(again.waitFor { $0.contains { $0 == .init(topic: topics.status, payload: "offline") } }, "offline is retained")
    }

    /// The broker restarts mid-session: the results made meanwhile are published from the
    /// journal after reconnecting, in order, none lost, none twice; the fault is shown meanwhile.
    @Test func resultsMadeWhileTheBrokerIsDownArePublishedFromTheJournalAfterwards() throws {
        let broker = try TestBroker()
        let watcher = try TestSubscriber(broker: broker, patterns: ["gatespeed/course1/event"], persistent: true)
        let station = try Station(broker: broker)
        #expect(eventually { station.sink.isConnected })
        var made: [Double] = []
        made.append(station.result(speed: 30.5))
        made.append(station.result(speed: 29))
        #expect(watcher.waitFor { Self.times($0.map(\.payload)).count == 2 })
        // The broker saves the watcher's session every second (later on a loaded machine).
        #expect(broker.waitForSave(after: Date().addingTimeInterval(0.1)))
        broker.stop()
        #expect(eventually { !station.sink.isConnected })
        for speed in [27.0, 33.0, 31.0] { made.append(station.result(speed: speed)) }
        #expect(station.faults.withLock { $0.last ?? nil } != nil, "the mqtt fault is set while the broker is away")
        try broker.start()
        #expect(eventually { station.sink.currentStatistics.replayedResults == 3 }, "\(station.sink.currentStatistics) \(station.log.text)")
        made.append(station.result(speed: 35))
        #expect(watcher.waitFor { Self.times($0.map(\.payload)).count >= 6 })
        usleep(300_000)   // a duplicate would arrive right behind
        #expect(Self.times(watcher.payloads(on: "gatespeed/course1/event")) == made)
        #expect(station.faults.withLock { $0.last ?? "still set" } == nil, "the fault clears after reconnecting")
        #expect(station.log.text.contains("retrying in"))
        let stats = station.sink.currentStatistics
        #expect(stats.liveResults == 3 && stats.replayedResults == 3)
        station.stop()
    }

    /// A restart of the station itself: results journalled while it was not running (and the
    /// broker unreachable) go out from the saved mark, and nothing already acked goes out again.
    @Test func aRestartedStationResumesAtTheSavedMark() throws {
        let broker = try TestBroker()
        let directory = NSTemporaryDirectory() + "gatespeed-station-\(UUID().uuidString)"
        let watcher = try TestSubscriber(broker: broker, patterns: ["gatespeed/course1/event"], persistent: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var made: [Double] = []
        do {
            let first = try Station(broker: broker, directory: directory)
            #expect(eventually { first.sink.isConnected })
            made.append(first.result(speed: 30))
            #expect(eventually { first.sink.currentStatistics.liveResults == 1 })
            // The broker saves the watcher's session every second (later on a loaded machine).
            #expect(broker.waitForSave(after: Date().addingTimeInterval(0.1)))
            broker.stop()
            #expect(eventually { !first.sink.isConnected })
            made.append(first.result(speed: 31))
            first.stop()
        }
        try broker.start()
        let second = try Station(broker: broker, directory: directory)
        #expect(eventually { second.sink.currentStatistics.replayedResults == 1 })
        #expect(watcher.waitFor { Self.times($0.map(\.payload)).count >= 2 })
        usleep(300_000)
        #expect(Self.times(watcher.payloads(on: "gatespeed/course1/event")) == made)
        second.stop()
    }

    @Test func onlyTheFourCommandsOnTheStationsOwnTopicAreTaken() throws {
        let broker = try TestBroker()
        let station = try Station(broker: broker)
        #expect(eventually { station.sink.isConnected })
        let remote = try TestSubscriber(broker: broker, patterns: [])
        usleep(300_000)   // the sink's subscription is made on connect
        for payload in ["rearm", "reboot", "recalibrate", "highlight", "rm -rf /", "new_session"] {
            try remote.publish("gatespeed/course1/command", payload)
        }
        try remote.publish("gatespeed/course2/command", "rearm")
        try remote.publish("gatespeed/course1/event", "rearm")
        #expect(eventually { station.commands.withLock { $0.count } == 4 })
        usleep(300_000)
        #expect(station.commands.withLock { $0 } == [.rearm, .recalibrate, .highlight, .newSession])
        #expect(station.log.text.contains("ignored command \"reboot\""))
        #expect(station.log.text.contains("ignored command \"rm -rf /\""))
        station.stop()
    }

    /// The discovery payloads against Home Assistant's MQTT discovery documentation: topic
    /// `homeassistant/<component>/<node_id>/<object_id>/config`, `unique_id`, one `device` per
    /// station, availability from the status topic; published again on `homeassistant/status` `online`.
    @Test func homeAssistantDiscoveryFollowsTheDocumentation() throws {
        let broker = try TestBroker()
        let station = try Station(broker: broker, station: "course-2")
        #expect(eventually { station.sink.isConnected })
        let homeAssistant = try TestSubscriber(broker: broker, patterns: ["homeassistant/+/+/+/config"])
        #expect(homeAssistant.waitFor { $0.count == 7 })
        var configs: [String: [String: Any]] = [:]
        for message in homeAssistant.messages {
            let parts = message.topic.split(separator: "/").map(String.init)
            #expect(parts.count == 5 && parts[0] == "homeassistant" && parts[2] == "gatespeed_course_2" && parts[4] == "config")
            #expect(["sensor", "binary_sensor", "button"].contains(parts[1]))
            #expect(parts[3].allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" })
            configs[parts[1] + "/" + parts[3]] = try #require(MQTTResultsSink.jsonObject(message.payload))
        }
        #expect(Set(configs.keys) == ["sensor/last_speed", "binary_sensor/last_verdict", "sensor/runs", "sensor/passes",
                                      "button/rearm", "button/recalibrate", "button/highlight"])
        var uniqueIDs: Set<String> = []
        for (name, config) in configs {
            uniqueIDs.insert(try #require(config["unique_id"] as? String, "\(name)"))
            #expect(config["availability_topic"] as? String == "gatespeed/course-2/status")
            #expect(config["payload_available"] as? String == "online")
            #expect(config["payload_not_available"] as? String == "offline")
            let device = try #require(config["device"] as? [String: Any])
            #expect(device["identifiers"] as? [String] == ["gatespeed_course_2"])
            #expect(device["name"] as? String == "GateSpeed course-2")
            #expect(config["name"] is String)
        }
        #expect(uniqueIDs.count == 7)
        let speed = try #require(configs["sensor/last_speed"])
        #expect(speed["state_topic"] as? String == "gatespeed/course-2/result")
        #expect(speed["json_attributes_topic"] as? String == "gatespeed/course-2/result")
        #expect(speed["device_class"] as? String == "speed")
        #expect(speed["unit_of_measurement"] as? String == "km/h")
        #expect(speed["state_class"] as? String == "measurement")
        #expect((speed["value_template"] as? String)?.contains("value_json.speed_kmh") == true)
        let verdict = try #require(configs["binary_sensor/last_verdict"])
        #expect(verdict["payload_on"] as? String == "ON" && verdict["payload_off"] as? String == "OFF")
        #expect((verdict["value_template"] as? String)?.contains("value_json.pass") == true)
        for counter in ["runs", "passes"] {
            let config = try #require(configs["sensor/" + counter])
            #expect(config["state_topic"] as? String == "gatespeed/course-2/scoreboard")
            #expect(config["value_template"] as? String == "{{ value_json.\(counter) }}")
        }
        for command in ["rearm", "recalibrate", "highlight"] {
            let button = try #require(configs["button/" + command])
            #expect(button["command_topic"] as? String == "gatespeed/course-2/command")
            #expect(button["payload_press"] as? String == command)
        }
        // Home Assistant restarted: everything again.
        try homeAssistant.publish("homeassistant/status", "online")
        #expect(homeAssistant.waitFor { $0.count == 14 })
        station.stop()
    }

    @Test func tlsWithTheTestCAAndPasswordWorksAndAWrongPasswordIsAFault() throws {
        let broker = try TestBroker(tls: true)
        let station = try Station(broker: broker)
        #expect(eventually { station.sink.isConnected })
        let subscriber = try TestSubscriber(broker: broker, patterns: ["gatespeed/course1/status"])
        #expect(subscriber.waitFor { $0.contains { $0.payload == "online" } })
        station.stop()

        let refused = try Station(broker: broker, station: "course9", password: "wrong")
        #expect(eventually { refused.log.text.contains("refused") })
        #expect(!refused.sink.isConnected)
        #expect(refused.faults.withLock { $0.last ?? nil }?.contains("refused") == true)
        refused.stop()
    }
}
