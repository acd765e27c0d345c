import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `gatespeed demo` with `mqtt.url` set, as a child process, against a real broker.
@Suite(.serialized) struct MQTTDemoEndToEndTests {
    /// The `gatespeed` built beside this test binary, else the default debug build.
    static let binary: String = {
        let sibling = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("gatespeed").path
        if FileManager.default.isExecutableFile(atPath: sibling) { return sibling }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/gatespeed").path
    }()

    @Test func theLastWillSaysOfflineAfterKill9AndResultsReachTheBroker() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "build first: \(Self.binary)")
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
        demo.executableURL = URL(fileURLWithPath: Self.binary)
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
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "build first: \(Self.binary)")
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
            process.executableURL = URL(fileURLWithPath: Self.binary)
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
