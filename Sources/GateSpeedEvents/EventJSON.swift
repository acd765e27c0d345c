import GateSpeedCore

/// Writes events as one JSON object per line (JSON Lines), with the field names of
/// shared/interfaces.md. Hand-written so the output is stable: fixed field order, fixed
/// decimals (seconds to 0.1 ms, speeds to 0.001 km/h), `null` for any non-finite number.
public enum EventJSON {
    public static func line(for event: ServiceEvent) -> String {
        var object = JSONObject()
        object.add("event", string: event.name)
        object.add("t", number: event.t, decimals: 4)
        switch event {
        case .timing(let timing):
            switch timing {
            case .ready:
                break
            case .start(_, let post, let direction):
                object.add("post", integer: post)
                object.add("direction", string: direction.rawValue)
            case .post(_, let post, let split):
                object.add("post", integer: post)
                object.add("split_s", number: split, decimals: 4)
            case .result(let r):
                object.add("valid", bool: true)
                object.add("direction", string: r.direction.rawValue)
                object.add("elapsed_s", number: r.elapsedSeconds, decimals: 4)
                object.add("speed_kmh", number: r.speedKmh, decimals: 3)
                object.add("pass", bool: r.pass)
                object.add("announcement", string: r.announcement)
                object.add("uncertainty_kmh", number: r.uncertaintyKmh, decimals: 3)
                object.add("close_call", bool: r.closeCall)
            case .invalid(let run):
                object.add("reason", string: run.reason.rawValue)
                if let post = run.post { object.add("post", integer: post) }
                object.add("announcement", string: run.announcement)
            }
        case .session(_, let board):
            object.add("runs", integer: board.runs)
            object.add("passes", integer: board.passes)
            object.add("avg_kmh", number: board.averageKmh, decimals: 3)
        case .highlight:
            break
        case .clip(_, let path, let kind):
            object.add("path", string: path)
            object.add("kind", string: kind.rawValue)
        case .walkthrough(_, let post, let direction):
            object.add("post", integer: post)
            object.add("direction", string: direction.rawValue)
        case .summary(_, let frames, let dropped, let corrupt, let wall):
            object.add("frames", integer: frames)
            object.add("dropped", integer: dropped)
            object.add("corrupt", integer: corrupt)
            object.add("wall_s", number: wall, decimals: 3)
        }
        return object.text + "}"
    }
}

/// A tiny JSON object writer: keys in insertion order.
public struct JSONObject {
    /// The object so far, without its closing brace.
    public private(set) var text = "{"
    private var first = true

    public init() {}

    private mutating func key(_ name: String) {
        if !first { text += "," }
        first = false
        text += "\"" + name + "\":"
    }

    public mutating func add(_ name: String, string value: String) {
        key(name)
        text += JSONObject.quoted(value)
    }

    public mutating func add(_ name: String, integer value: Int) {
        key(name)
        text += String(value)
    }

    public mutating func add(_ name: String, bool value: Bool) {
        key(name)
        text += value ? "true" : "false"
    }

    public mutating func add(_ name: String, number value: Double, decimals: Int) {
        key(name)
        text += JSONObject.number(value, decimals: decimals)
    }

    /// A finite number with at most `decimals` decimals, trailing zeros trimmed
    /// (`DecimalFormat.trimmed`); `null` otherwise.
    public static func number(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "null" }
        return DecimalFormat.trimmed(value, maxDecimals: decimals)
    }

    public static func quoted(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
