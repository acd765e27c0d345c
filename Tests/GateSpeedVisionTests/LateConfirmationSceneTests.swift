import GateSpeedCore
import GateSpeedSimulation
import Testing
@testable import GateSpeedVision

/// A small, faint rider at a low frame rate is confirmed riding (their speed fit surely over
/// walking) only a frame or two after the outer post: the run is still timed from that post, from
/// the tracker's own earlier sightings of them (`RiderProspects`), through the whole per-frame path.
@Suite struct LateConfirmationSceneTests {
    /// Frame rate, km/h, height (view fraction), clothing luma (ground 120) and sensor noise (levels).
    /// At 12 fps the first case is confirmed riding just past post 1 (or 5): without the earlier
    /// sightings it is `inner_start` both ways.
    @Test(arguments: [(12.0, 40.0, 0.045, 140.0, 4.0), (15.0, 58.0, 0.04, 104.0, 5.0), (20.0, 60.0, 0.04, 105.0, 6.0)])
    func aRiderConfirmedJustAfterTheOuterPostIsTimedFromIt(fps: Double, kmh: Double, tall: Double, luma: Double,
                                                           noise: Double) throws {
        for direction in [TravelDirection.leftToRight, .rightToLeft] {
            var scene = RiderAcquisitionTests.scene(width: 800, height: 600, fps: fps,
                                                    duration: 2.4 + 28 / (kmh / 3.6) + 0.8, seed: 7)
            scene.noise = noise
            let rider = RiderAcquisitionTests.rider(direction, kmh: kmh, heightFraction: tall, start: 2.4, luma: luma)
            scene.riders = [rider]
            RiderAcquisitionTests.expectTimed(try RiderAcquisitionTests.judge(scene), [rider], in: scene)
        }
    }
}
