import GateSpeedCore
@testable import GateSpeedEngine
import GateSpeedGeometry
import GateSpeedVision
import Testing

/// A rider confirmed riding only after the outer post (a faint or small rider whose speed fit
/// needs a few sightings) is timed from the tracker's own earlier sightings of the same person,
/// as a timing gate would; someone followed but never confirmed is never timed.
@Suite struct LateConfirmationTests {
    /// Frame times at 30 fps with ±2 ms jitter and every 11th frame dropped, from `start` to `end`.
    static func cadence(from start: Double, to end: Double) -> [Double] {
        var times: [Double] = []
        var k = 0
        while true {
            let t = start + Double(k) / 30 + 0.002 * [0.0, 1, -1, 0.5, -0.5][k % 5]
            if t > end { break }
            if k % 11 != 5 { times.append(t) }
            k += 1
        }
        return times
    }

    /// Someone entering from the left at `speed` view widths a second (x 0 at t 0), followed as
    /// track 9: a prospect until `confirmedAt` seconds, the rider from then on (nil: never).
    static func entries(speed: Double, confirmedAt: Double?) -> [ViewTrack.Entry] {
        cadence(from: -0.2, to: 2.4).map { t in
            var entry = ViewTrack.Entry(t: t)
            let x = speed * t
            guard x > 0.01 else { return entry }   // not in view yet
            if let confirmedAt, t >= confirmedAt {
                entry.trackID = 9
                entry.confidence = 1
                entry.x = x
                entry.width = 0.02
            } else {
                var p = RiderProspects.Prospect()
                p.trackID = 9
                p.x = x
                p.confidence = 1
                p.minX = x - 0.01; p.maxX = x + 0.01
                p.area = 0.001
                entry.prospects.add(p)
            }
            return entry
        }
    }

    /// What the timing machine makes of `entries` through the view track.
    static func events(_ entries: [ViewTrack.Entry]) throws -> [TimingEvent] {
        var machine = try TimingMachine(course: Course())
        var events: [TimingEvent] = []
        machine.arm(t: -0.5) { events.append($0) }
        var track = ViewTrack()
        track.outerPosts = 0.1...0.9   // as the pipeline sets it for the standard posts
        func feed(_ sample: RiderSample, _ id: UInt32) { machine.observe(sample) { events.append($0) } }
        for entry in entries {
            track.push(entry, emit: feed)
            track.drain(now: entry.t, emit: feed)
        }
        track.drain(now: entries.last?.t ?? 0, flush: true, emit: feed)
        return events
    }

    /// Confirmed 0.15 s after crossing post 1 (x 0.1 at 0.25 s): the start is timed at post 1,
    /// within a millisecond, and the run finishes with the right speed. Without the earlier
    /// sightings the first position is past post 1 and the run is `inner_start`.
    @Test func aRiderConfirmedAfterTheOuterPostIsTimedFromTheirEarlierSightings() throws {
        let speed = 0.4
        let events = try Self.events(Self.entries(speed: speed, confirmedAt: 0.4))
        let start = try #require(events.compactMap { event -> Double? in
            if case .start(let t, let post, _) = event, post == 1 { return t } else { return nil }
        }.first, "events \(events)")
        #expect(abs(start - 0.1 / speed) < 0.001, "start \(start)")
        let result = try #require(events.compactMap { event -> RunResult? in
            if case .result(let r) = event { return r } else { return nil }
        }.first, "events \(events)")
        #expect(abs(result.elapsedSeconds - 0.8 / speed) < 0.002, "elapsed \(result.elapsedSeconds)")
        #expect(!events.contains { if case .invalid = $0 { return true } else { return false } })
    }

    /// Someone followed across the view but never confirmed riding (a walker) gives no event.
    @Test func aPersonNeverConfirmedIsNeverTimed() throws {
        let events = try Self.events(Self.entries(speed: 0.4, confirmedAt: nil))
        #expect(events.count == 1, "events \(events)")   // `ready` only
    }

    /// Someone first seen mid-course (a fragment at a cloud's edge judged riding) gets no earlier
    /// sightings: they would only cross an inner post (post 4 at x 0.7) and void the armed course.
    @Test func someoneFirstSeenMidCourseIsNotGivenTheirEarlierSightings() throws {
        let entries = Self.entries(speed: 0.4, confirmedAt: 1.85).map { entry -> ViewTrack.Entry in
            var entry = entry
            if entry.t < 1.6 { entry.prospects.removeAll() }   // first seen at x 0.64
            return entry
        }
        let events = try Self.events(entries)
        #expect(!events.contains { if case .invalid = $0 { return true } else { return false } }, "events \(events)")
    }

    /// Frames already judged are not rewritten: a rider confirmed long after the post (over the
    /// view track's window) is not timed from sightings the timing core has already been given.
    @Test func sightingsOlderThanTheWindowAreNotTimedAgain() throws {
        let events = try Self.events(Self.entries(speed: 0.4, confirmedAt: 1.0))
        #expect(!events.contains { if case .start = $0 { return true } else { return false } }, "events \(events)")
    }

    /// The same on the gate-plane track: a rider at 8 m/s read as a prospect for the first
    /// 0.25 s of a 1 s track, then confirmed, is timed from the first frame on; without the
    /// promotion the first timed sample would be 2 m further on.
    @Test func theGatePlaneTrackTimesALateConfirmedRiderFromTheirEarlierSightings() {
        var track = GatePlaneTrack(camera: GatePlaneTrackTests.camera)
        var emitted: [(RiderSample, UInt32)] = []
        let entries = GatePlaneTrackTests.entries(from: 0, to: 1, speed: 8, across: -1, trackID: 5).map { rider in
            guard rider.t < 0.25 else { return rider }
            var entry = GatePlaneTrack.Entry(t: rider.t)
            entry.prospects.add(GatePlaneTrack.Reading(trackID: 5, confidence: 1, raySlope: rider.raySlope,
                                                       across: rider.across, hasFoot: true, footWeight: 1))
            return entry
        }
        for entry in entries {
            track.push(entry) { emitted.append(($0, $1)) }
            track.drain(now: entry.t) { emitted.append(($0, $1)) }
        }
        track.drain(now: 1, flush: true) { emitted.append(($0, $1)) }
        let first = emitted.first { $0.0.x != nil }
        #expect(first?.1 == 5)
        #expect((first?.0.t ?? 1) < 0.01, "first timed at \(first?.0.t ?? .nan)")
        #expect(abs((first?.0.x ?? .nan) - -2) < 0.1, "first at \(first?.0.x ?? .nan) m")
    }
}
