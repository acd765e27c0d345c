import GateSpeedCore
@testable import GateSpeedEngine
import GateSpeedGeometry
import Testing

/// The fitted depth is drawn toward the post line as far as the feet are less sure than the course
/// (`GatePlaneTrack+DepthPrior`): a small rider whose foot row is a pixel off (a metre or more of
/// depth) is timed nearer the truth, with a sigma that covers what is left; a rider seen sharply
/// keeps their own depth, even 1.5 m off the line.
@Suite struct GatePlaneTrackDepthPriorTests {
    /// A rider at 8 m/s at `across` metres, seen at 30 fps with jitter; each foot depth is read
    /// `offset` metres too far (the same for the whole pass) with ±0.2 m of stride scatter, where
    /// a pixel of foot height is `depthPerPixel` metres (its clean edge claiming half a pixel).
    static func entries(across: Double, offset: Double, depthPerPixel: Double) -> [GatePlaneTrack.Entry] {
        var entries: [GatePlaneTrack.Entry] = []
        var t = 0.0, k = 0
        while t <= 4.5 {
            var entry = GatePlaneTrackTests.riderEntry(t: t, x: -4 + 8 * t, across: across, trackID: 3)
            entry.across = across + offset + (k % 2 == 0 ? 0.2 : -0.2)
            entry.depthPerPixel = depthPerPixel
            entry.depthSigma = 0.5 * depthPerPixel
            entries.append(entry)
            k += 1
            t += 1.0 / 30 + (k % 5 == 0 ? 0.003 : -0.0007)
        }
        return entries
    }

    /// The samples near the outer posts (x 0 and 28), with their along-course error, metres.
    static func atOuterPosts(_ entries: [GatePlaneTrack.Entry]) -> [(error: Double, sigma: Double)] {
        GatePlaneTrackLostFootTests.samples(entries).compactMap { sample in
            let truth = -4 + 8 * sample.t
            guard let x = sample.x, abs(truth) < 0.5 || abs(truth - 28) < 0.5 else { return nil }
            return (x - truth, sample.xSigma)
        }
    }

    @Test func aSmallRidersFootRowOffIsDrawnTowardTheLine() {
        // 320x240 from 1.7 m up at 30 m: a pixel of foot height is 2.4 m of depth. The rider rides
        // on the line; the feet read half a pixel too far for the whole pass.
        let samples = Self.atOuterPosts(Self.entries(across: 0, offset: 1.2, depthPerPixel: 2.4))
        #expect(samples.count >= 4)
        for (error, sigma) in samples {
            // Taken as read, 1.2 m of depth is 0.58 m along at the outer posts (14 m off the
            // camera's axis at 29 m); drawn toward the line it is under half that.
            #expect(abs(error) < 0.29, "error \(error)")
            #expect(abs(error) < 2 * sigma, "error \(error) sigma \(sigma)")
        }
    }

    @Test func aSharpRiderOffTheLineKeepsTheirDepth() {
        // HD: a pixel of foot height is a tenth of a metre; the rider rides 1.5 m beyond the line.
        for (error, _) in Self.atOuterPosts(Self.entries(across: 1.5, offset: 0, depthPerPixel: 0.1)) {
            #expect(abs(error) < 0.03, "error \(error)")
        }
        for (error, _) in Self.atOuterPosts(Self.entries(across: -1.5, offset: 0, depthPerPixel: 0.1)) {
            #expect(abs(error) < 0.03, "error \(error)")
        }
    }

    @Test func aDepthBeyondARidersReachOfThePolesIsHeldAtThatReach() {
        // Feet read knee-high at every frame of an HD pass (no edge found: a foot known to its
        // cell), 4 m too far on a rider riding the line; the prior alone keeps that (the view is
        // sharp), and the outer posts would be read about 1.9 m off. A rider passing the poles is
        // never that far from the line: the depth is held at the reach, 2 m.
        let samples = Self.atOuterPosts(Self.entries(across: 0, offset: 4, depthPerPixel: 0.1))
        #expect(samples.count >= 4)
        for (error, _) in samples {
            #expect(abs(error) < 1.1, "error \(error)")
            #expect(abs(error) > 0.8, "error \(error): the reach is a bound, not a pull to the line")
        }
    }

    @Test func thePosteriorWeighsTheFitAgainstTheCourse() {
        let sharp = GatePlaneTrack.courseWeighing(noise: 0, bias: 0, depthPerPixel: 0.1)
        #expect(abs(1.5 * sharp.weight - 1.5) < 0.01)
        let poor = GatePlaneTrack.courseWeighing(noise: 0, bias: 0, depthPerPixel: 4)
        // A floor of 2 m: four times the prior's variance, so a seventeenth of the fit; a
        // sigma under the prior's.
        #expect(abs(1.5 * poor.weight - 1.5 / 17) < 0.01)
        #expect(poor.sigma < GatePlaneTrack.courseDepthSigmaMetres)
    }
}
