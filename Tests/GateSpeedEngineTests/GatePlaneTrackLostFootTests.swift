import GateSpeedCore
@testable import GateSpeedEngine
import GateSpeedGeometry
import Testing

/// Feet read lost (a knee or the crotch found instead: too far across the course by metres, in
/// runs of frames, always on the far side) are left out of the depth fit: the rider's position
/// along the course stays on the truth near the outer posts.
@Suite struct GatePlaneTrackLostFootTests {
    static let camera = GatePlaneTrackTests.camera

    /// A rider at 8 m/s at 0.5 m beyond the post line, seen at 30 fps with jitter; in each stride
    /// (12 frames) the feet are lost in 5 frames running, read 3–6 m too far.
    static func entries(lost: Bool) -> [GatePlaneTrack.Entry] {
        var entries: [GatePlaneTrack.Entry] = []
        var t = 0.0, k = 0
        while t <= 4.5 {
            let across = 0.5
            var entry = GatePlaneTrackTests.riderEntry(t: t, x: -4 + 8 * t, across: across, trackID: 7)
            entry.across = across + (k % 2 == 0 ? 0.08 : -0.08)
            if lost && k % 12 >= 7 { entry.across = across + 3 + Double(k % 4) }
            entry.depthSigma = 0.1
            entries.append(entry)
            k += 1
            t += 1.0 / 30 + (k % 5 == 0 ? 0.003 : -0.0007)
        }
        return entries
    }

    static func samples(_ entries: [GatePlaneTrack.Entry]) -> [RiderSample] {
        var track = GatePlaneTrack(camera: camera)
        var samples: [RiderSample] = []
        for entry in entries {
            track.push(entry) { sample, _ in samples.append(sample) }
            track.drain(now: entry.t) { sample, _ in samples.append(sample) }
        }
        track.drain(now: 5, flush: true) { sample, _ in samples.append(sample) }
        return samples
    }

    @Test func lostFeetDoNotPullThePositionAtTheOuterPosts() {
        for sample in Self.samples(Self.entries(lost: true)) where sample.t > 0.3 && sample.t < 4.2 {
            let truth = -4 + 8 * sample.t
            // At the outer posts (x 0 and 28, 14 m off the camera's axis at 29 m) a metre of depth
            // is half a metre along: a fit dragged by the lost feet is off by most of a metre.
            #expect(abs((sample.x ?? .nan) - truth) < 0.15, "\(sample.t): \(sample.x ?? .nan) vs \(truth)")
        }
    }

    @Test func cleanFeetAreFittedAsBefore() {
        for sample in Self.samples(Self.entries(lost: false)) where sample.t > 0.3 && sample.t < 4.2 {
            #expect(abs((sample.x ?? .nan) - (-4 + 8 * sample.t)) < 0.05)
        }
    }

    @Test func aFootFarOnlyByItsOwnErrorIsNotLost() {
        let track = GatePlaneTrack(camera: Self.camera)
        let envelope = LocalQuadraticFit.Solution(value: 0.5, sigma: 0.01, c1: 0, c2: 0, order: 0)
        var entry = GatePlaneTrack.Entry(t: 0)
        entry.across = 0.5 + 0.55
        entry.depthSigma = 0.1
        #expect(!track.isLostFoot(entry, dt: 0, envelope: envelope))
        entry.across = 0.5 + 1.5
        #expect(track.isLostFoot(entry, dt: 0, envelope: envelope))
        // Nearer than the envelope is never a lost foot.
        entry.across = 0.5 - 3
        #expect(!track.isLostFoot(entry, dt: 0, envelope: envelope))
    }
}
