import GateSpeedCore
@testable import GateSpeedEngine
import GateSpeedGeometry
import Testing

/// The gate-plane track: samples reach the timing machine one window late on their own
/// timestamps, in order, people are never mixed, and everything pending is judged at the end.
@Suite struct GatePlaneTrackTests {
    static let camera = PinholeCamera(position: CoursePoint(x: 14, y: -29, z: 2.5), lookingAt: CoursePoint(x: 14, y: 0, z: 0),
                                      rollDegrees: 0, horizontalFieldOfViewDegrees: 65, sensorAspect: 4.0 / 3.0)

    /// A frame of a rider followed as `trackID` at `t` seconds, `x` metres along the course and
    /// `across` metres across it: the ray through them as `camera` sees it, and the foot read
    /// exactly at `across` (a test changes the reading on the result).
    static func riderEntry(t: Double, x: Double, across: Double, trackID: UInt32) -> GatePlaneTrack.Entry {
        let direction = camera.rayDirection(through: camera.project(CoursePoint(x: x, y: across, z: 0))!)
        var entry = GatePlaneTrack.Entry(t: t)
        entry.trackID = trackID
        entry.confidence = 1
        entry.raySlope = direction.x / direction.y
        entry.across = across
        entry.hasFoot = true
        return entry
    }

    /// A rider at `speed` m/s along the course at `across` metres, seen at 30 fps with jitter.
    static func entries(from t0: Double, to t1: Double, speed: Double, across: Double, trackID: UInt32) -> [GatePlaneTrack.Entry] {
        var entries: [GatePlaneTrack.Entry] = []
        var t = t0, k = 0
        while t <= t1 {
            var entry = riderEntry(t: t, x: -2 + speed * (t - t0), across: across, trackID: trackID)
            entry.across = across + (k % 2 == 0 ? 0.2 : -0.2)   // foot depth noise
            entries.append(entry)
            k += 1
            t += 1.0 / 30 + (k % 5 == 0 ? 0.003 : -0.0007)
        }
        return entries
    }

    @Test func samplesComeOneWindowLateInOrderAndOnTheirOwnTimes() {
        var track = GatePlaneTrack(camera: Self.camera)
        var emitted: [(RiderSample, UInt32)] = []
        var lastDelay = 0.0
        for entry in Self.entries(from: 0, to: 4, speed: 8, across: -1, trackID: 3) {
            track.push(entry) { emitted.append(($0, $1)) }
            track.drain(now: entry.t) { sample, id in
                emitted.append((sample, id))
                lastDelay = entry.t - sample.t
            }
        }
        #expect(lastDelay >= track.window && lastDelay < track.window + 0.05)
        #expect(zip(emitted, emitted.dropFirst()).allSatisfy { $0.0.t < $1.0.t })
        // The depth noise of ±0.2 m (±0.1 m along the course at the ends, raw) is smoothed away:
        // the positions follow the truth closely, and closest where the window is full.
        var errors: [Double] = []
        for (sample, id) in emitted {
            #expect(id == 3)
            let error = abs((sample.x ?? .nan) - (-2 + 8 * sample.t))
            #expect(error < 0.08, "\(sample.t): \(sample.x ?? .nan)")
            #expect(sample.xSigma > 0)
            errors.append(error)
        }
        #expect(errors.sorted()[errors.count / 2] < 0.01)
        let pending = track.pendingCount
        var flushed = 0
        track.drain(now: 4, flush: true) { _, _ in flushed += 1 }
        #expect(pending > 0 && flushed == pending)
    }

    @Test func twoPeopleAreNeverSmoothedTogether() {
        var track = GatePlaneTrack(camera: Self.camera)
        var samples: [(RiderSample, UInt32)] = []
        let first = Self.entries(from: 0, to: 1, speed: 8, across: -1, trackID: 1)
        let second = Self.entries(from: 1.04, to: 2, speed: 8, across: 2, trackID: 2).map { entry -> GatePlaneTrack.Entry in
            var e = entry
            e.raySlope = entry.raySlope  // a different person, farther out
            return e
        }
        for entry in first + second {
            track.push(entry) { samples.append(($0, $1)) }
            track.drain(now: entry.t) { samples.append(($0, $1)) }
        }
        track.drain(now: 2, flush: true) { samples.append(($0, $1)) }
        for (sample, id) in samples where sample.x != nil {
            // Positions stay on each person's own path: the first never pulled toward the second's depth.
            let start = id == 1 ? 0.0 : 1.04
            let truth = -2 + 8 * (sample.t - start)
            #expect(abs(sample.x! - truth) < 0.1, "\(id) at \(sample.t)")
        }
    }
}
