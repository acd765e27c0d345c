@testable import GateSpeedCore

/// Builds rider sample streams the way a camera delivers them.
enum Tracks {
    /// Capture times at `fps` from `start` to `end` (seconds), each shifted by up to
    /// ±`jitter` seconds, each frame dropped with probability `dropRate`.
    static func frameTimes(from start: Double, to end: Double, fps: Double = 30, jitter: Double = 0,
                           dropRate: Double = 0, rng: inout SplitMix64) -> [Double] {
        var times: [Double] = []
        var index = 0
        while true {
            let nominal = start + Double(index) / fps
            if nominal > end { break }
            index += 1
            let time = nominal + (jitter > 0 ? rng.uniform(-jitter, jitter) : 0)
            if dropRate > 0 && rng.chance(dropRate) { continue }
            times.append(time)
        }
        return times
    }

    /// Samples of a rider following `position(t)` at the given capture times.
    static func samples(at times: [Double], position: (Double) -> Double?) -> [RiderSample] {
        times.map { RiderSample(t: $0, x: position($0), confidence: 0.9) }
    }

    /// A piecewise-linear path through `waypoints` (t, x); nil (nobody tracked) outside them.
    static func path(_ waypoints: [(t: Double, x: Double?)]) -> (Double) -> Double? {
        { t in
            for index in waypoints.indices.dropFirst() {
                let a = waypoints[index - 1], b = waypoints[index]
                guard t >= a.t && t <= b.t else { continue }
                guard let ax = a.x, let bx = b.x else { return nil }
                if b.t == a.t { return bx }
                return ax + (bx - ax) * (t - a.t) / (b.t - a.t)
            }
            return nil
        }
    }

    /// Plain 30 fps samples of a piecewise-linear path between its first and last waypoint.
    static func steady(_ waypoints: [(t: Double, x: Double?)], fps: Double = 30) -> [RiderSample] {
        var rng = SplitMix64(seed: 1)
        let times = frameTimes(from: waypoints.first?.t ?? 0, to: waypoints.last?.t ?? 0, fps: fps, rng: &rng)
        let position = path(waypoints)
        return times.map { t in
            let x = position(t)
            return RiderSample(t: t, x: x, confidence: x == nil ? 0 : 0.9)
        }
    }
}

extension TimingMachine {
    /// A machine for `course`, already armed at t = -1 (its `ready` is not recorded).
    static func armed(course: Course = .standard, settings: TimingSettings = TimingSettings()) throws -> TimingMachine {
        var machine = try TimingMachine(course: course, settings: settings)
        machine.arm(t: -1) { _ in }
        return machine
    }

    /// The events of an armed machine (`armed()`) fed a rider at a camera's cadence: capture times
    /// from 0 to `end` seconds at `fps` with ±3 ms of jitter and 5 % of frames dropped (drawn from
    /// `seed`), the rider at `position(t)` (normalised view x; nil, or outside the view 0...1:
    /// nobody tracked) with the smoothed track's sigmas (`xSigma`, and 1.7 ms), confidence 0.9.
    /// `newIdentityAt`: from the first sighting at or after it the vision follows someone new
    /// (`trackChanged`, once).
    static func ride(fps: Double = 30, until end: Double = 5, xSigma: Double, seed: UInt64,
                     newIdentityAt: Double? = nil, position: (Double) -> Double?) throws -> [TimingEvent] {
        var rng = SplitMix64(seed: seed)
        var machine = try TimingMachine.armed()
        var events: [TimingEvent] = []
        var changed = false
        for t in Tracks.frameTimes(from: 0, to: end, fps: fps, jitter: 0.003, dropRate: 0.05, rng: &rng) {
            var x = position(t)
            if let value = x, value < 0 || value > 1 { x = nil }
            if x != nil, let newIdentityAt, t >= newIdentityAt, !changed { machine.trackChanged(); changed = true }
            let sample = RiderSample(t: t, x: x, confidence: x == nil ? 0 : 0.9,
                                     xSigma: x == nil ? 0 : xSigma, tSigma: 0.0017)
            machine.observe(sample) { events.append($0) }
        }
        return events
    }

    /// Feeds every sample and returns the events.
    mutating func feed(_ samples: [RiderSample]) -> [TimingEvent] {
        var events: [TimingEvent] = []
        for sample in samples {
            observe(sample) { events.append($0) }
        }
        return events
    }
}

extension TimingEvent {
    /// A compact description for table-driven expectations, e.g. "start 1 ltr",
    /// "post 3", "result pass", "invalid skipped_post 3".
    var summary: String {
        switch self {
        case .ready: "ready"
        case .start(_, let post, let direction): "start \(post) \(direction.rawValue)"
        case .post(_, let post, _): "post \(post)"
        case .result(let result): "result \(result.pass ? "pass" : "fail")"
        case .invalid(let run): "invalid \(run.reason.rawValue)" + (run.post.map { " \($0)" } ?? "")
        }
    }

    var result: RunResult? {
        if case .result(let result) = self { return result }
        return nil
    }

    var invalidRun: InvalidRun? {
        if case .invalid(let run) = self { return run }
        return nil
    }
}
