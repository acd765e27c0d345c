import Foundation

/// What `/proc` says about a running process: resident memory, open descriptors, threads.
struct ProcessSample: Sendable {
    /// Seconds of wall time since the service started.
    var wallSeconds: Double
    /// Seconds of scene time of the last event seen (0 before the first).
    var sceneSeconds: Double
    /// Resident set size (`VmRSS`), megabytes (10^6 bytes).
    var residentMegabytes: Double
    /// Entries in `/proc/PID/fd`.
    var descriptors: Int
    /// Entries in `/proc/PID/task`.
    var threads: Int
}

enum ProcessProbe {
    /// One sample of process `pid`, or nil once it has gone.
    static func sample(pid: Int32, wallSeconds: Double, sceneSeconds: Double) -> ProcessSample? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let kilobytes = field("VmRSS:", in: status),
              let descriptors = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd"),
              let threads = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") else { return nil }
        return ProcessSample(wallSeconds: wallSeconds, sceneSeconds: sceneSeconds,
                             residentMegabytes: Double(kilobytes) * 1024 / 1_000_000,
                             descriptors: descriptors.count, threads: threads.count)
    }

    /// The number after `name` on its line of a `/proc/PID/status` text ("VmRSS:\t   12345 kB").
    static func field(_ name: String, in status: String) -> Int? {
        for line in status.split(separator: "\n") where line.hasPrefix(name) {
            return Int(line.dropFirst(name.count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "")
        }
        return nil
    }
}
