import Foundation
import GateSpeedEvents
import Synchronization

/// What `/api/status` and `/api/runs` tell, kept up to date from the event lines (the same
/// lines stdout and `/events` get): the session's scoreboard, its results with their clips, and
/// the last result or invalid run. Fed on the event sink's thread, read on HTTP threads.
public final class RunBoard: Sendable {
    /// A session's tally as `/api/status` gives it.
    public struct Tally: Sendable, Equatable {
        public var runs: Int
        public var passes: Int
        public var totalKmh: Double
        public init(runs: Int = 0, passes: Int = 0, totalKmh: Double = 0) {
            self.runs = runs
            self.passes = passes
            self.totalKmh = totalKmh
        }
        public var averageKmh: Double { runs > 0 ? totalKmh / Double(runs) : 0 }
    }

    private struct Run {
        var line: String
        var t: Double
        var clip: String?
    }

    private struct State {
        var tally: Tally
        var runs: [Run] = []
        var last: String?
    }

    /// Results kept for `/api/runs` (a session rarely has more; the oldest go first).
    public static let maximumRuns = 1000
    private let state: Mutex<State>
    /// The clips folder as event lines name it (`clip` events' `path`), for the `/clips/…` URLs.
    private let clipsDirectory: String?

    public init(tally: Tally = Tally(), clipsDirectory: String?) {
        state = Mutex(State(tally: tally))
        self.clipsDirectory = clipsDirectory.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
    }

    /// Takes one event line (a JSON object); lines it cannot read are ignored.
    public func observe(_ line: String) {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any],
              let event = object["event"] as? String else { return }
        let t = (object["t"] as? NSNumber)?.doubleValue ?? 0
        switch event {
        case "result":
            let speed = (object["speed_kmh"] as? NSNumber)?.doubleValue ?? 0
            let pass = (object["pass"] as? Bool) ?? false
            state.withLock { state in
                state.runs.append(Run(line: line, t: t))
                if state.runs.count > Self.maximumRuns { state.runs.removeFirst() }
                state.tally.runs += 1
                if pass { state.tally.passes += 1 }
                if speed.isFinite, speed >= 0 { state.tally.totalKmh += speed }
                state.last = line
            }
        case "invalid":
            state.withLock { $0.last = line }
        case "session":
            let runs = (object["runs"] as? NSNumber)?.intValue ?? 0
            let passes = (object["passes"] as? NSNumber)?.intValue ?? 0
            let average = (object["avg_kmh"] as? NSNumber)?.doubleValue ?? 0
            let total = average.isFinite ? average * Double(max(0, runs)) : 0
            state.withLock { state in
                state.tally = Tally(runs: max(0, runs), passes: max(0, passes), totalKmh: total)
                if runs == 0 { state.runs.removeAll(); state.last = nil }
            }
        case "clip":
            guard (object["kind"] as? String) == "run", let path = object["path"] as? String,
                  let url = clipURL(forPath: path) else { return }
            state.withLock { state in
                // The latest result before the clip's end that has none yet: a clip that was not
                // written (disk full) leaves its run without, and the next goes to its own run.
                if let index = state.runs.lastIndex(where: { $0.clip == nil && $0.t <= t + 0.001 }) {
                    state.runs[index].clip = url
                }
            }
        default:
            break
        }
    }

    /// `/clips/…` for a clip file under the clips folder, or nil for one elsewhere.
    public func clipURL(forPath path: String) -> String? {
        guard let root = clipsDirectory, path.hasPrefix(root + "/") else { return nil }
        let relative = path.dropFirst(root.count + 1)
        let segments = relative.split(separator: "/").map(String.init)
        guard !segments.isEmpty, segments.allSatisfy({ $0 != "." && $0 != ".." }) else { return nil }
        return "/clips/" + segments.map(Self.percentEncoded).joined(separator: "/")
    }

    /// `/api/status`'s `scoreboard` and `last`, as JSON text.
    func statusMembers() -> (scoreboard: String, last: String) {
        state.withLock { state in
            let board = "{\"runs\":\(state.tally.runs),\"passes\":\(state.tally.passes),"
                + "\"avg_kmh\":\(WebJSON.number(state.tally.averageKmh, decimals: 3))}"
            return (board, state.last ?? "null")
        }
    }

    /// `/api/runs`: the session's result lines, each with `clip` (URL path or null) added.
    func runsJSON() -> String {
        let runs = state.withLock { $0.runs }
        let items = runs.map { run -> String in
            let clip = run.clip.map(WebJSON.quoted) ?? "null"
            guard run.line.hasSuffix("}") else { return run.line }
            return String(run.line.dropLast()) + ",\"clip\":" + clip + "}"
        }
        return "[" + items.joined(separator: ",") + "]"
    }

    private static func percentEncoded(_ segment: String) -> String {
        var out = ""
        for byte in segment.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
                 UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return out
    }
}

/// JSON text pieces for the API's answers (fixed field order, no Foundation number noise).
enum WebJSON {
    /// A JSON string (the events' own quoting).
    static func quoted(_ value: String) -> String { JSONObject.quoted(value) }

    /// A finite number under 10^12 with at most `decimals` decimals, trailing zeros trimmed (the
    /// events' own formatting); `null` otherwise.
    static func number(_ value: Double, decimals: Int) -> String {
        guard value.isFinite, abs(value) < 1e12 else { return "null" }
        return JSONObject.number(value, decimals: decimals)
    }

    static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { quoted($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }

    static func array(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }
}
