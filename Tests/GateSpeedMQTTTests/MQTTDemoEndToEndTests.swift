import GateSpeedTestSupport
import Foundation
import Testing
@testable import GateSpeedMQTT
#if canImport(Glibc)
import Glibc
#endif

/// `gatespeed demo` with `mqtt.url` set, as a child process, against a real broker.
@Suite(.serialized) struct MQTTDemoEndToEndTests {

    @Test func theLastWillSaysOfflineAfterKill9AndResultsReachTheBroker() throws {
        try #require(FileManager.default.isExecutableFile(atPath: BuiltBinary.gatespeed), "build first: \(BuiltBinary.gatespeed)")
        let broker = try TestBroker()
        let directory = broker.directory + "/station"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try "\(TestBroker.password)\n".write(toFile: directory + "/password", atomically: true, encoding: .utf8)
        let config = """
        {"mqtt": {"url": "\(broker.url)", "username": "\(TestBroker.user)", "password_file": "\(directory)/password",
                  "station": "course7"},
         "clips": {"enabled": false}}
        """
        try config.write(toFile: directory + "/config.json", atomically: true, encoding: .utf8)
        let watcher = try TestSubscriber(broker: broker, patterns: ["gatespeed/course7/#"])
        let demo = Process()
        demo.executableURL = URL(fileURLWithPath: BuiltBinary.gatespeed)
        demo.arguments = ["demo", "--config", directory + "/config.json", "--seconds", "600", "--output", directory + "/out"]
        demo.standardOutput = FileHandle.nullDevice
        demo.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try demo.run()
        defer { if demo.isRunning { kill(demo.processIdentifier, SIGKILL); demo.waitUntilExit() } }
        #expect(watcher.waitFor(seconds: 60) { $0.contains { $0.topic == "gatespeed/course7/status" && $0.payload == "online" } })
        // The demo's first runs finish within about 25 s of simulated (real-cadence) time.
        #expect(watcher.waitFor(seconds: 90) { $0.contains { $0.topic == "gatespeed/course7/result" } })
        #expect(watcher.messages.contains { $0.topic == "gatespeed/course7/event" && $0.payload.hasPrefix("{\"event\":\"start\"") })
        kill(demo.processIdentifier, SIGKILL)
        demo.waitUntilExit()
        #expect(watcher.waitFor(seconds: 30) { $0.last == .init(topic: "gatespeed/course7/status", payload: "offline") })
    }

    @Test func hostileMQTTValuesExitWithStatus2NamingTheKey() throws {
        try #require(FileManager.default.isExecutableFile(atPath: BuiltBinary.gatespeed), "build first: \(BuiltBinary.gatespeed)")
        let directory = NSTemporaryDirectory() + "gatespeed-mqtt-config-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let cases: [(String, String)] = [
            (#"{"mqtt": {"url": "http://broker"}}"#, "mqtt.url"),
            (#"{"mqtt": {"url": "mqtt://broker:70000"}}"#, "mqtt.url"),
            (#"{"mqtt": {"url": "mqtt://a/b"}}"#, "mqtt.url"),
            (#"{"mqtt": {"url": "mqtt://broker", "station": "a/#"}}"#, "mqtt.station"),
            (#"{"mqtt": {"url": "mqtt://broker", "password_file": "/nonexistent/pw"}}"#, "mqtt.password_file"),
            (#"{"mqtt": {"url": "mqtt://broker", "ca_file": "/etc/hostname"}}"#, "mqtt.ca_file"),
            (#"{"mqtt": {"url": "mqtt://broker", "passwd": "x"}}"#, "mqtt.passwd"),
        ]
        for (config, key) in cases {
            try config.write(toFile: directory + "/config.json", atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: BuiltBinary.gatespeed)
            process.arguments = ["run", "--config", directory + "/config.json", "--check-config"]
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 2, "\(config)")
            #expect(text.contains(key), "\(config): \(text)")
        }
    }
}

/// Three `demo` stations into one `gatespeed scoreboard`, read over HTTP as the page reads it.
@Suite(.serialized) struct ClubScoreboardEndToEndTests {
    @Test func threeDemoStationsShowOnOneScoreboard() throws {
        let binary = BuiltBinary.gatespeed
        try #require(FileManager.default.isExecutableFile(atPath: binary), "build first: \(binary)")
        let broker = try TestBroker()
        let directory = broker.directory + "/club"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try "\(TestBroker.password)\n".write(toFile: directory + "/password", atomically: true, encoding: .utf8)
        let port = try TestBroker.freePort()
        let scoreboard = Process()
        scoreboard.executableURL = URL(fileURLWithPath: binary)
        scoreboard.arguments = ["scoreboard", "--mqtt", broker.url, "--listen", "127.0.0.1:\(port)",
                                "--username", TestBroker.user, "--password-file", directory + "/password"]
        scoreboard.standardOutput = FileHandle.nullDevice
        scoreboard.standardError = FileHandle.nullDevice
        try scoreboard.run()
        defer { kill(scoreboard.processIdentifier, SIGKILL); scoreboard.waitUntilExit() }
        var demos: [Process] = []
        defer { for demo in demos where demo.isRunning { kill(demo.processIdentifier, SIGKILL); demo.waitUntilExit() } }
        for course in 1...3 {
            let config = """
            {"mqtt": {"url": "\(broker.url)", "username": "\(TestBroker.user)", "password_file": "\(directory)/password",
                      "station": "course\(course)"}, "clips": {"enabled": false}}
            """
            try config.write(toFile: directory + "/config\(course).json", atomically: true, encoding: .utf8)
            let demo = Process()
            demo.executableURL = URL(fileURLWithPath: binary)
            demo.arguments = ["demo", "--config", directory + "/config\(course).json", "--seconds", "30", "--fast",
                              "--output", directory + "/out\(course)"]
            demo.standardOutput = FileHandle.nullDevice
            demo.standardError = FileHandle.nullDevice
            try demo.run()
            demos.append(demo)
        }
        func stations() -> [[String: Any]] {
            guard let text = try? Self.get(port: port, path: "/api/scoreboard"),
                  let object = MQTTResultsSink.jsonObject(text) else { return [] }
            return object["stations"] as? [[String: Any]] ?? []
        }
        #expect(eventually(seconds: 120) {
            let list = stations()
            return list.count == 3 && list.allSatisfy { ($0["latest"] as? [Any])?.isEmpty == false }
        })
        for demo in demos { demo.waitUntilExit() }
        #expect(eventually { stations().allSatisfy { $0["online"] as? Bool == false } }, "each demo's end says offline")
        let list = stations()
        #expect(list.map { $0["name"] as? String } == ["course1", "course2", "course3"])
        for station in list {
            let latest = station["latest"] as? [[String: Any]] ?? []
            #expect(latest.allSatisfy { ["PASS", "FAIL"].contains($0["verdict"] as? String) || ($0["verdict"] as? String)?.hasPrefix("INVALID") == true })
            #expect(latest.contains { $0["speed_kmh"] is Double && $0["uncertainty_kmh"] is Double })
            #expect(station["runs"] as? Int == latest.filter { $0["speed_kmh"] is Double }.count)
        }
        let page = try Self.get(port: port, path: "/")
        #expect(page.contains("course2") && page.contains("EventSource('/events')"))
    }

    /// `curl`, for a plain GET (the scoreboard's HTTP is the pages' adapter, tested on its own).
    static func get(port: Int32, path: String) throws -> String {
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        curl.arguments = ["-s", "-m", "5", "http://127.0.0.1:\(port)\(path)"]
        let output = Pipe()
        curl.standardOutput = output
        curl.standardError = FileHandle.nullDevice
        try curl.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        curl.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
