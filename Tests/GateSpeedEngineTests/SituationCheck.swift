import GateSpeedCore
import GateSpeedSimulation
import Testing

/// What a situation of the "vision in the wild" issue must give, checked from the pipeline's
/// events against the truth of every ride:
/// - every valid ride is timed (a result whose start crossing is within `matchSeconds` of the
///   truth, same direction) within 0.5 % of the true speed;
/// - a ride that is not valid (a rider who stops past the timeout) gives no result;
/// - every start is a ride's (as many starts as rides, each near a ride's start crossing) and
///   the only invalid runs are those of the rides that are not valid: no walker starts a run;
/// - the course re-arms (a `ready`) before the first ride, between every two rides and after the
///   last one before the scene ends: nothing blocks re-arming.
///
/// Times are scene seconds, speeds km/h.
struct SituationCheck {
    /// One rider's run as it truly happened.
    struct Ride {
        var truth: RunTruth
        var direction: TravelDirection
        /// False for a run the rules throw out (a stop past the timeout): it must give no result.
        var valid = true
    }

    /// Largest distance between a measured and a true start crossing for them to be the same run, seconds.
    static let matchSeconds = 0.15
    /// Largest speed error of a timed ride, fraction of the true speed.
    static let speedTolerance = 0.005

    var events: [TimingEvent]
    var rides: [Ride]
    /// Scene seconds at which the last frame was taken.
    var sceneEnd: Double

    /// The events and the truth, one line each, for the failure messages.
    var transcript: String {
        var lines = rides.enumerated().map { index, ride in
            "truth ride \(index + 1): \(Self.arrow(ride.direction)) \(Self.number(ride.truth.speedKmh, 2)) km/h"
                + (ride.valid ? "" : " (not valid)") + ", posts " + ride.truth.crossingTimes.map { Self.number($0, 3) }.joined(separator: " ")
        }
        lines.append("events: " + events.compactMap(Self.describe).joined(separator: " | "))
        lines.append("scene ends at \(Self.number(sceneEnd, 2)) s")
        return lines.joined(separator: "\n")
    }

    var results: [RunResult] { events.compactMap { if case .result(let r) = $0 { r } else { nil } } }
    var invalidRuns: [InvalidRun] { events.compactMap { if case .invalid(let r) = $0 { r } else { nil } } }
    var starts: [(t: Double, direction: Direction)] {
        events.compactMap { if case .start(let t, _, let d) = $0 { (t, d) } else { nil } }
    }
    var readyTimes: [Double] { events.compactMap { if case .ready(let t) = $0 { t } else { nil } } }

    /// The result of `ride`, if it was timed.
    func result(of ride: Ride) -> RunResult? {
        results.first { result in
            guard let first = result.crossingTimes.first else { return false }
            return abs(first - ride.truth.crossingTimes[0]) <= Self.matchSeconds && Self.same(result.direction, ride.direction)
        }
    }

    /// Records every expectation of the type's description.
    func expectAll(sourceLocation: SourceLocation = #_sourceLocation) {
        let transcript = self.transcript
        // Runs detected, speed within 0.5 %.
        for (index, ride) in rides.enumerated() {
            let result = self.result(of: ride)
            if ride.valid {
                #expect(result != nil, "ride \(index + 1) was not timed\n\(transcript)", sourceLocation: sourceLocation)
                if let result {
                    let error = (result.speedKmh - ride.truth.speedKmh) / ride.truth.speedKmh
                    let measured = Self.number(result.speedKmh, 3), truly = Self.number(ride.truth.speedKmh, 3)
                    #expect(abs(error) <= Self.speedTolerance,
                            "ride \(index + 1): \(measured) km/h, truly \(truly) (\(Self.number(error * 100, 2)) %)\n\(transcript)",
                            sourceLocation: sourceLocation)
                }
            } else {
                #expect(result == nil, "ride \(index + 1) is not valid but was timed\n\(transcript)", sourceLocation: sourceLocation)
            }
        }
        // No start but the riders'.
        #expect(starts.count == rides.count, "\(starts.count) starts for \(rides.count) rides\n\(transcript)",
                sourceLocation: sourceLocation)
        for start in starts {
            let ridden = rides.contains {
                abs($0.truth.crossingTimes[0] - start.t) <= Self.matchSeconds && Self.same(start.direction, $0.direction)
            }
            #expect(ridden, "a start at \(Self.number(start.t, 2)) s that is no rider's\n\(transcript)", sourceLocation: sourceLocation)
        }
        let expectedInvalid = rides.count { !$0.valid }
        #expect(invalidRuns.count == expectedInvalid, "\(invalidRuns.count) invalid runs, \(expectedInvalid) expected\n\(transcript)",
                sourceLocation: sourceLocation)
        // Re-armed before every ride and after the last.
        for (index, ride) in rides.enumerated() {
            let after = index == 0 ? -Double.infinity : rides[index - 1].truth.crossingTimes.last ?? 0
            let armed = readyTimes.contains { $0 > after && $0 < ride.truth.crossingTimes[0] }
            #expect(armed, "not armed before ride \(index + 1)\n\(transcript)", sourceLocation: sourceLocation)
        }
        if let last = rides.last?.truth.crossingTimes.last {
            #expect(readyTimes.contains { $0 > last && $0 <= sceneEnd },
                    "not re-armed after the last ride\n\(transcript)", sourceLocation: sourceLocation)
        }
    }

    static func same(_ direction: Direction, _ travel: TravelDirection) -> Bool {
        (direction == .leftToRight) == (travel == .leftToRight)
    }

    static func arrow(_ direction: TravelDirection) -> String { direction == .leftToRight ? "L>R" : "R>L" }

    /// One event in a few words (nil for the scoreboard).
    static func describe(_ event: TimingEvent) -> String? {
        switch event {
        case .ready(let t): "ready \(number(t, 2))"
        case .start(let t, let post, let d): "start \(number(t, 2)) post \(post) \(d == .leftToRight ? "L>R" : "R>L")"
        case .post(let t, let post, _): "post \(post) \(number(t, 2))"
        case .result(let r): "result \(number(r.t, 2)) \(number(r.speedKmh, 3)) km/h"
        case .invalid(let r): "invalid \(number(r.t, 2)) \(r.reason.rawValue)" + (r.post.map { " post \($0)" } ?? "")
        }
    }

    /// `value` with `decimals` places, without Foundation.
    static func number(_ value: Double, _ decimals: Int) -> String {
        guard value.isFinite else { return "\(value)" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        let whole = Int(scaled / scale), fraction = Int(scaled - Double(whole) * scale)
        var digits = String(fraction)
        while digits.count < decimals { digits = "0" + digits }
        return (value < 0 && scaled > 0 ? "-" : "") + String(whole) + (decimals > 0 ? "." + digits : "")
    }
}
