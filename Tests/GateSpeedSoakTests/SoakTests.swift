import Foundation
import Testing

/// The whole service (`gatespeed demo`, the composition root of `run` on the simulated course)
/// for an hour of scene and more, faster than real time: runs, invalid runs, highlights, new
/// sessions, and clip rotation on a small disk. Off unless `GATESPEED_SOAK` is set (`make soak`):
/// it takes minutes, not seconds.
///
/// Settings (environment): `GATESPEED_SOAK_SECONDS` scene seconds (default 3600: 104,760
/// frames at 30 fps with the demo's 3 % drops); `GATESPEED_SOAK_REPORT` a file for the sampled
/// curve (tab-separated; default: the test's output only).
@Suite struct SoakTests {
    static let environment = ProcessInfo.processInfo.environment
    static let enabled = environment["GATESPEED_SOAK"].map { !$0.isEmpty && $0 != "0" } ?? false
    static let sceneSeconds = environment["GATESPEED_SOAK_SECONDS"].flatMap(Double.init) ?? 3600

    /// The clips' disk, MB, and the free space the storage guard keeps on it, MB: room for about
    /// 10 clips of the demo (about 4 MB each), so old clips are deleted all through the hour.
    static let diskMegabytes = 64
    static let minimumFreeMegabytes = 24
    /// Scene seconds between new sessions (`kill -USR1`).
    static let sessionEvery = 900.0
    /// Scene seconds of warm-up before memory, descriptors and threads must stay flat: the clip
    /// disk fills (and rotation starts) within the first three minutes; ten minutes of an hour.
    static let warmUpSeconds = min(600.0, sceneSeconds / 4)
    /// How far resident memory may move after warm-up, MB.
    static let flatMemoryMegabytes = 6.0

    @Test(.enabled(if: enabled, "a soak of minutes: make soak (GATESPEED_SOAK=1)"))
    func anHourOfTheWholeServiceLeaksNothingAndLosesNothing() throws {
        let root = NSTemporaryDirectory() + "gatespeed-soak-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let disk = try SmallDisk(at: root + "/out/clips", megabytes: Self.diskMegabytes)
        let config = root + "/config.json"
        try Data(#"{"clips": {"min_free_mb": \#(Self.minimumFreeMegabytes)}}"#.utf8).write(to: URL(fileURLWithPath: config))

        let started = Date()
        let service = try ServiceUnderSoak(
            arguments: ["demo", "--fast", "--seconds", String(Self.sceneSeconds), "--output", root + "/out", "--config", config],
            stderrPath: root + "/stderr.log")
        var samples: [ProcessSample] = []
        var signalled = 0
        while service.isRunning {
            let scene = service.lastEventTime
            if let sample = ProcessProbe.sample(pid: service.pid, wallSeconds: Date().timeIntervalSince(started),
                                                sceneSeconds: scene) {
                samples.append(sample)
            }
            if scene >= Double(signalled + 1) * Self.sessionEvery && scene < Self.sceneSeconds - 60 {
                signalled += 1
                service.signal(SIGUSR1)
            }
            Thread.sleep(forTimeInterval: 1)
        }
        let events = service.waitForExit().compactMap(Event.init)
        let wall = Date().timeIntervalSince(started)
        let log = (try? String(contentsOfFile: root + "/stderr.log", encoding: .utf8)) ?? ""
        #expect(service.exitStatus == 0, "\(log.suffix(2000))")

        // The scene: at least 100,000 frames, every kind of event.
        let summary = events.last { $0.name == "summary" }
        let frames = summary?.int("frames") ?? 0
        #expect(frames >= 100_000 || Self.sceneSeconds < 3437, "frames analysed: \(frames)")
        let results = events.filter { $0.name == "result" }, invalids = events.filter { $0.name == "invalid" }
        let laps = Int(Self.sceneSeconds / 60)
        #expect(results.count >= 3 * laps - 1, "\(results.count) results in \(laps) laps of 3")
        #expect(invalids.count >= laps - 1, "\(invalids.count) invalid runs in \(laps) laps of 1")
        #expect(events.filter { $0.name == "highlight" }.count >= laps - 1)

        // Every result and every invalid run is in the journal, once.
        let journal = try String(contentsOfFile: root + "/out/results.jsonl", encoding: .utf8)
            .split(separator: "\n").compactMap { Event(String($0)) }
        for kind in ["result", "invalid"] {
            let announced = events.filter { $0.name == kind }
            var journaled = journal.filter { $0.name == kind }
            #expect(announced.count == journaled.count, "\(kind): \(announced.count) announced, \(journaled.count) in the journal")
            for event in announced {
                // Events print `t` to 4 decimals, the journal in full.
                guard let match = journaled.firstIndex(where: { $0.sameRun(as: event) }) else {
                    Issue.record("not in the journal: \(event.fields)")
                    continue
                }
                journaled.remove(at: match)
            }
        }
        // New sessions: one per signal, each in the journal, and the tally back at zero.
        let commanded = journal.filter { $0.name == "session" && $0.string("reason") == "command" }.count
        #expect(signalled >= Int(Self.sceneSeconds / Self.sessionEvery) - 1)
        #expect(commanded == signalled, "\(signalled) USR1 sent, \(commanded) sessions started by command")

        // Clips: every one written is either on disk, indexed and playable, or was deleted by the
        // storage guard for space (and left its index); nothing half-written is left.
        let clipEvents = events.filter { $0.name == "clip" }.compactMap { $0.string("path") }
        let deleted = Set(log.split(separator: "\n").compactMap { line -> String? in
            guard let from = line.range(of: "deleted "), let to = line.range(of: " to keep free space") else { return nil }
            return String(line[from.upperBound..<to.lowerBound])
        })
        let onDisk = ClipsOnDisk(root: root + "/out/clips")
        #expect(clipEvents.count >= 4 * laps - 2, "\(clipEvents.count) clips in \(laps) laps of 3 runs and a highlight")
        #expect(!deleted.isEmpty, "rotation: none of \(clipEvents.count) clips was deleted for space")
        #expect(onDisk.leftovers.isEmpty, "\(onDisk.leftovers)")
        let unindexed = onDisk.files.subtracting(onDisk.indexed), missing = onDisk.indexed.subtracting(onDisk.files)
        #expect(unindexed.isEmpty && missing.isEmpty, "on disk but not indexed: \(unindexed); indexed but missing: \(missing)")
        for path in clipEvents {
            #expect(onDisk.files.contains(path) != deleted.contains(path), "\(path): on disk or deleted, not both or neither")
        }
        var decoded = 0
        for path in onDisk.files.sorted() {
            let clip = decodeClip(path)
            decoded += 1
            #expect(clip.error == nil && clip.corrupt == 0 && clip.frames >= 90 && clip.seconds >= 3,
                    "\(path): \(clip.frames) frames over \(clip.seconds) s, \(clip.corrupt) corrupt, \(clip.error ?? "")")
        }
        #expect(decoded >= 10, "clips left to decode: \(decoded)")
        disk.unmount()

        // Flat memory, no descriptor or thread leak after warm-up.
        let warm = samples.filter { $0.sceneSeconds >= Self.warmUpSeconds }
        try #require(warm.count >= 10, "samples after warm-up: \(warm.count) of \(samples.count)")
        let rss = warm.map(\.residentMegabytes)
        let rssRange = (rss.max() ?? 0) - (rss.min() ?? 0)
        #expect(rssRange <= Self.flatMemoryMegabytes, "resident memory moved \(rssRange) MB after warm-up")
        for (name, counts) in [("descriptors", warm.map(\.descriptors)), ("threads", warm.map(\.threads))] {
            let first = counts.prefix(5).max() ?? 0, later = counts.max() ?? 0
            #expect(later <= first + 2, "\(name): \(first) at warm-up's end, up to \(later) later")
        }

        let report = SoakReport(samples: samples, wallSeconds: wall, frames: frames, results: results.count,
                                invalids: invalids.count, clips: clipEvents.count, deleted: deleted.count,
                                decoded: decoded, sessions: signalled)
        print(report.text)
        if let path = Self.environment["GATESPEED_SOAK_REPORT"] {
            try Data(report.table.utf8).write(to: URL(fileURLWithPath: path))
        }
        // What a failed check above needs stays for a look; a run that got here is removed.
        try? FileManager.default.removeItem(atPath: root)
    }
}

/// One JSON event line (stdout or journal).
struct Event {
    let fields: [String: Any]
    init?(_ line: String) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
        fields = object
    }
    var name: String { fields["event"] as? String ?? "" }
    func string(_ key: String) -> String? { fields[key] as? String }
    func int(_ key: String) -> Int? { fields[key] as? Int }
    /// The same result or invalid run: the same words at the same time (to the 4 decimals printed).
    func sameRun(as other: Event) -> Bool {
        guard let t = fields["t"] as? Double, let otherT = other.fields["t"] as? Double else { return false }
        return abs(t - otherT) <= 0.000_051 && string("announcement") == other.string("announcement")
    }
}

/// The soak's probe reads `/proc` right (checked on this process, in `make test` too).
@Suite struct ProcessProbeTests {
    @Test func readsResidentMemoryDescriptorsAndThreadsOfThisProcess() throws {
        let sample = try #require(ProcessProbe.sample(pid: getpid(), wallSeconds: 0, sceneSeconds: 0))
        #expect(sample.residentMegabytes > 1)
        #expect(sample.descriptors >= 3, "stdin, stdout, stderr at least")
        #expect(sample.threads >= 1)
        #expect(ProcessProbe.field("VmRSS:", in: "Name:\tx\nVmRSS:\t   1624 kB\n") == 1624)
    }
}
