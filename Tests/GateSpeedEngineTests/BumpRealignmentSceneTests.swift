import Testing
import GateSpeedCore
import GateSpeedSimulation
@testable import GateSpeedEngine

/// A camera bumped while people keep walking behind the course (the view never stills for the
/// second a calibration needs, though they never cross a post): the course learnt before the bump is moved to where the settled
/// view shows it (`RiderDetector+Realign`), the course is armed again within a second and a half,
/// nothing starts on what the bump left, and the next rider is timed within 2 %.
@Suite struct BumpRealignmentSceneTests {
    @Test(arguments: [(5, 0.3, UInt64(71)), (-4, -0.2, UInt64(72)), (3, 0.0, UInt64(73))])
    func aBumpWhilePeopleWalkIsRealignedAndTheNextRiderTimed(pixels: Int, rollDegrees: Double, seed: UInt64) throws {
        var scene = SimulatedScene.bumpWhilePeopleWalk(seed: seed, pixels: pixels, rollDegrees: rollDegrees)
        let rider = SimulatedRider(startTime: 5.5, motion: .constant(speed: 10), heightFraction: 0.12, groundY: 0.8)
        scene.riders = [rider]
        let run = try SceneRun(scene)
        #expect(run.relearns == [.globalChange], "the bump is seen once")
        let readies = run.events.compactMap { if case .ready(let t) = $0 { t } else { nil } }
        // Armed at the start, again after the bump, and after the run.
        let rearmed = readies.first { $0 > scene.bumpTime }
        #expect(rearmed.map { $0 - scene.bumpTime < 1.5 } == true, "armed at \(readies) s")
        #expect(run.starts == 1, "\(run.starts) starts")
        let result = try #require(run.results.first, "no result: \(run.invalidRuns)")
        let truth = scene.truth(for: rider).speedKmh
        #expect(abs(result.speedKmh / truth - 1) < 0.02, "timed \(result.speedKmh) km/h, truth \(truth)")
    }
}
