import GateSpeedTestSupport
import Foundation
import Synchronization

/// The built `gatespeed demo` running as a child process, its stdout events collected as they
/// come (on a thread of their own, so the pipe never fills), its stderr in a file.
final class ServiceUnderSoak {
    /// Events so far (one JSON object per line) and the scene time of the last one.
    final class EventLog: Sendable {
        let state = Mutex<(lines: [String], lastTime: Double)>(([], 0))
    }
    private let collected = EventLog()
    private let process: Process
    private let reader: Thread


    init(arguments: [String], stderrPath: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BuiltBinary.gatespeed)
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        _ = FileManager.default.createFile(atPath: stderrPath, contents: nil)
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: stderrPath))
        try process.run()
        self.process = process
        let handle = out.fileHandleForReading
        let collected = self.collected
        reader = Thread {
            var pending = Data()
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                pending.append(chunk)
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                    pending.removeSubrange(pending.startIndex...newline)
                    let t = Self.time(of: line)
                    collected.state.withLock { state in
                        state.lines.append(line)
                        if let t { state.lastTime = max(state.lastTime, t) }
                    }
                }
            }
        }
        reader.start()
    }

    var pid: Int32 { process.processIdentifier }
    var isRunning: Bool { process.isRunning }
    var exitStatus: Int32 { process.terminationStatus }
    /// Scene seconds of the latest event.
    var lastEventTime: Double { collected.state.withLock { $0.lastTime } }

    func signal(_ number: Int32) { kill(process.processIdentifier, number) }

    /// Waits for the exit and for the last events; returns every event line.
    func waitForExit() -> [String] {
        process.waitUntilExit()
        while !reader.isFinished { Thread.sleep(forTimeInterval: 0.05) }
        return collected.state.withLock { $0.lines }
    }

    /// The `t` of an event line, if it has one.
    static func time(of line: String) -> Double? {
        (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["t"] as? Double
    }
}
