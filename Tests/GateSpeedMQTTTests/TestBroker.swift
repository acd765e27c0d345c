import Foundation
import MosquittoClient
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Debian's `mosquitto` on a free loopback port with a generated config: a password file
/// (`mosquitto_passwd -b`), persistence in its own folder (sessions survive a restart), and
/// optionally a TLS listener with a CA and server certificate made here with `openssl`.
/// `stop()` (and deinit) end the broker process.
final class TestBroker: @unchecked Sendable {
    let directory: String
    let port: Int32
    let tls: Bool
    static let user = "station", password = "s3cret-Pass"
    private var process: Process?

    init(tls: Bool = false) throws {
        directory = NSTemporaryDirectory() + "gatespeed-mqtt-\(UUID().uuidString)"
        // Started as root, mosquitto drops to its own user, which must be able to save its database here.
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o777])
        port = try Self.freePort()
        self.tls = tls
        try run("/usr/bin/mosquitto_passwd", ["-b", "-c", directory + "/passwords", Self.user, Self.password])
        try run("/usr/bin/mosquitto_passwd", ["-b", directory + "/passwords", "board", "board-pass"])
        var config = """
        listener \(port) 127.0.0.1
        allow_anonymous false
        password_file \(directory)/passwords
        persistence true
        persistence_location \(directory)/
        autosave_interval 1

        """
        if tls {
            try makeCertificates()
            config += "cafile \(directory)/ca.pem\ncertfile \(directory)/server.pem\nkeyfile \(directory)/server.key\n"
        }
        try config.write(toFile: directory + "/mosquitto.conf", atomically: true, encoding: .utf8)
        try start()
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(atPath: directory)
    }

    var caFile: String { directory + "/ca.pem" }
    var url: String { "\(tls ? "mqtts" : "mqtt")://127.0.0.1:\(port)" }
    var endpoint: MQTTEndpoint { MQTTEndpoint(host: "127.0.0.1", port: port, tls: tls) }

    /// Starts the broker and waits (up to 10 s) until it accepts connections.
    func start() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/sbin/mosquitto")
        process.arguments = ["-c", directory + "/mosquitto.conf"]
        let log = FileHandle(forWritingAtPath: directory + "/broker.log") ?? {
            FileManager.default.createFile(atPath: directory + "/broker.log", contents: nil)
            return FileHandle(forWritingAtPath: directory + "/broker.log")
        }()
        log?.seekToEndOfFile()
        process.standardOutput = log
        process.standardError = log
        try process.run()
        self.process = process
        for _ in 0..<200 {
            if Self.accepts(port: port) { return }
            usleep(50_000)
        }
        throw BrokerError(message: "mosquitto did not start: " + ((try? String(contentsOfFile: directory + "/broker.log", encoding: .utf8)) ?? ""))
    }

    /// Waits (up to 15 s) until the broker has saved its database (sessions, retained messages)
    /// after `time`: it saves every second, later on a loaded machine, and a SIGKILL loses what
    /// it has not saved. Returns whether it did.
    func waitForSave(after time: Date) -> Bool {
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline {
            let saved = (try? FileManager.default.attributesOfItem(atPath: directory + "/mosquitto.db"))?[.modificationDate] as? Date
            if let saved, saved > time { return true }
            usleep(50_000)
        }
        return false
    }

    /// SIGKILL, then waits for it to exit. (Not SIGTERM: a child inherits the test process's
    /// signal mask, where the service's tests block SIGTERM. The database is saved every second.)
    func stop() {
        guard let process else { return }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        self.process = nil
    }

    private func makeCertificates() throws {
        let openssl = "/usr/bin/openssl"
        try run(openssl, ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=GateSpeed test CA",
                          "-keyout", directory + "/ca.key", "-out", directory + "/ca.pem"])
        try run(openssl, ["req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=127.0.0.1",
                          "-keyout", directory + "/server.key", "-out", directory + "/server.csr"])
        try "subjectAltName=IP:127.0.0.1\n".write(toFile: directory + "/san.ext", atomically: true, encoding: .utf8)
        try run(openssl, ["x509", "-req", "-in", directory + "/server.csr", "-CA", directory + "/ca.pem", "-CAkey",
                          directory + "/ca.key", "-CAcreateserial", "-days", "2", "-extfile", directory + "/san.ext",
                          "-out", directory + "/server.pem"])
        // mosquitto reads its key after dropping to its own user.
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: directory + "/server.key")
    }

    private func run(_ tool: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BrokerError(message: "\(tool) \(arguments) failed") }
    }

    static func freePort() throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw BrokerError(message: "socket") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw BrokerError(message: "bind") }
        return Int32(UInt16(bigEndian: address.sin_port))
    }

    static func accepts(port: Int32) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }
}

struct BrokerError: Error { let message: String }

/// A test client on the broker (the adapter under test, as a subscriber): every message it
/// receives, in order. With `persistent`, the broker keeps its subscription and queues QoS 1
/// messages for it while it is away (across a broker restart too).
final class TestSubscriber: @unchecked Sendable {
    private let received = Locked<[Message]>([])
    struct Message: Sendable, Equatable { let topic: String; let payload: String }
    private var connection: MosquittoConnection?

    init(broker: TestBroker, patterns: [String], persistent: Bool = false, user: String = TestBroker.user,
         password: String = TestBroker.password) throws {
        var settings = MQTTConnectionSettings(endpoint: broker.endpoint, clientID: "test-sub-\(UUID().uuidString.prefix(8))")
        settings.username = user
        settings.password = password
        settings.cleanSession = !persistent
        settings.initialBackoffSeconds = 0.1
        settings.maximumBackoffSeconds = 0.5
        if broker.tls { settings.caFile = broker.caFile }
        var handlers = MQTTHandlers()
        let box = Locked<MosquittoConnection?>(nil)
        handlers.connected = {
            guard let connection = box.withLock({ $0 }) else { return }
            for pattern in patterns { try? connection.subscribe(pattern, qos: 1) }
        }
        handlers.message = { [received] topic, payload in
            received.withLock { $0.append(Message(topic: topic, payload: String(decoding: payload, as: UTF8.self))) }
        }
        let connection = try MosquittoConnection(settings: settings, handlers: handlers)
        box.withLock { $0 = connection }
        try connection.start()
        self.connection = connection
    }

    func publish(_ topic: String, _ payload: String) throws {
        _ = try connection?.publish(topic, payload, qos: 1, retain: false)
    }

    func stop() {
        connection?.stop(finalMessage: nil)
        connection = nil
    }

    deinit { stop() }

    var messages: [Message] { received.withLock { $0 } }

    func payloads(on topic: String) -> [String] { messages.filter { $0.topic == topic }.map(\.payload) }

    /// Waits up to `seconds` for `condition` on the messages; returns whether it held.
    @discardableResult
    func waitFor(seconds: Double = 15, _ condition: ([Message]) -> Bool) -> Bool {
        eventually(seconds: seconds) { condition(messages) }
    }
}

/// Polls `condition` every 20 ms for up to `seconds` (the assertion is on the condition, not the time).
func eventually(seconds: Double = 15, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        usleep(20_000)
    }
    return condition()
}

/// Log lines captured for assertions.
final class CapturedLog: Sendable {
    private let lines = Mutex<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var text: String { lines.withLock { $0.joined() } }
}

/// A value shared with callbacks on other threads.
final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>
    init(_ value: Value) { mutex = Mutex(value) }
    func withLock<Result: Sendable>(_ body: (inout Value) -> Result) -> Result { mutex.withLock { body(&$0) } }
}
