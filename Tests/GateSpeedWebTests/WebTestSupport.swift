import Foundation
import GateSpeedPlatform
import GateSpeedConfig
import GateSpeedWeb
import LoopbackHTTPClient
import MicroHTTPServer
import Synchronization
import Testing

/// A fresh folder under /tmp for one test.
func temporaryFolder(_ name: String) -> String {
    let path = NSTemporaryDirectory() + "gatespeed-web-\(name)-\(UUID().uuidString.prefix(8))"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

func writeFile(_ path: String, _ bytes: [UInt8]) throws {
    try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                            withIntermediateDirectories: true)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
}

/// A LiveFeed that hands out numbered fake JPEGs and counts its viewers.
final class FakeLiveFeed: Sendable {
    let viewers = Atomic<Int>(0)
    let sequence = Atomic<UInt64>(0)

    /// A new frame (`FF D8 … n … FF D9`).
    func publish() { sequence.add(1, ordering: .releasing) }

    static func jpeg(_ n: UInt64) -> [UInt8] { [0xFF, 0xD8] + Array("frame \(n)".utf8) + [0xFF, 0xD9] }

    var feed: LiveFeed {
        LiveFeed(beginWatching: { self.viewers.add(1, ordering: .relaxed) },
                 endWatching: { self.viewers.subtract(1, ordering: .relaxed) },
                 nextJPEG: { after, timeout in
                     let deadline = LoopbackConnection.now() + timeout
                     repeat {
                         let now = self.sequence.load(ordering: .acquiring)
                         if now > after { return (now, Self.jpeg(now)) }
                         usleep(5_000)
                     } while LoopbackConnection.now() < deadline
                     return nil
                 })
    }
}

/// Counts the commands the pages pass on.
final class CommandCounter: Sendable {
    let counts = Mutex<[String: Int]>([:])
    func bump(_ name: String) { counts.withLock { $0[name, default: 0] += 1 } }
    func count(_ name: String) -> Int { counts.withLock { $0[name] ?? 0 } }
    var commands: WebCommands {
        WebCommands(rearm: { self.bump("rearm") }, recalibrate: { self.bump("recalibrate") },
                    highlight: { self.bump("highlight") }, newSession: { self.bump("session") })
    }
}

let testToken = "test-token-0123456789"

/// What the fake course and walk-through seams were given.
final class Recorded: Sendable {
    let prepared = Mutex<[GateSpeedConfig]>([])
    let applied = Atomic<Int>(0)
    let walkthroughs = Mutex<[Double]>([])
}

/// The pages on a free loopback port, with every seam a fake.
final class PagesUnderTest {
    let folder: String
    let clips: String
    let configPath: String
    let live = FakeLiveFeed()
    let counter = CommandCounter()
    let recorded = Recorded()
    let pages: WebPages
    var port: UInt16 { pages.port }

    init(_ name: String, configure: (inout WebSetup) -> Void = { _ in }) throws {
        folder = temporaryFolder(name)
        clips = folder + "/clips"
        configPath = folder + "/config.json"
        try FileManager.default.createDirectory(atPath: clips, withIntermediateDirectories: true)
        var setup = WebSetup(server: HTTPServerSettings(host: "127.0.0.1", port: 0))
        setup.server.maximumBodyBytes = 64 * 1024
        setup.token = testToken
        setup.clipsDirectory = clips
        setup.live = live.feed
        setup.commands = counter.commands
        let recorded = self.recorded
        setup.course = CourseEditing(configPath: configPath, source: "config.json") { config in
            recorded.prepared.withLock { $0.append(config) }
            return .success(CourseChange(advice: ["posts look fine"],
                                         takeEffect: { recorded.applied.add(1, ordering: .relaxed) }))
        }
        setup.walkthrough = { seconds in recorded.walkthroughs.withLock { $0.append(seconds) } }
        configure(&setup)
        pages = try WebPages.start(setup)
    }

    deinit {
        pages.stop()
        try? FileManager.default.removeItem(atPath: folder)
    }

    func get(_ path: String, headers: [String: String] = [:]) throws -> LoopbackResponse {
        try LoopbackHTTP.get(port: port, path, headers: headers)
    }

    func send(_ method: String, _ path: String, body: String = "", token: String? = testToken) throws -> LoopbackResponse {
        var headers: [String: String] = [:]
        if let token { headers["Authorization"] = "Bearer \(token)" }
        return try LoopbackHTTP.request(port: port, method, path, headers: headers, body: Array(body.utf8))
    }

    /// The answer as a JSON object.
    static func object(_ response: LoopbackResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }
}
