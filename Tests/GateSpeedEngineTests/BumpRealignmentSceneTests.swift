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
        var scene = SimulatedScene(duration: 11)
        scene.width = 640
        scene.height = 480
        scene.timestampJitter = 0.003
        scene.dropFraction = 0.03
        scene.noise = 3
        scene.seed = seed
        scene.bumpPixels = pixels
        scene.bumpTime = 2.5
        scene.bumpSettleSeconds = 0.4
        scene.bumpRollDegrees = rollDegrees
        scene.bystanders = [
            SimulatedBystander(fromX: 0.32, toX: 0.48, speed: 0.25, heightFraction: 0.14, luma: 60, groundY: 0.5, appears: 1.5),
            SimulatedBystander(fromX: 0.88, toX: 0.72, speed: 0.2, heightFraction: 0.13, luma: 190, groundY: 0.48, appears: 1.6),
        ]
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
