import Testing
import GateSpeedFrames
import GateSpeedSimulation
@testable import GateSpeedVision

/// A band of shade narrower than the light field's tiles smooth over (a small cloud's shadow, or
/// one squeezed against a tree's) is light, measured column by column down the ground
/// (`LocalLightColumns`), not a person: a rider riding inside it, at the cloud's speed, is timed.
/// Real cadence: 30 fps with jitter and drops.
@Suite struct LocalLightColumnsTests {
    /// A cloud's shadow 0.14 view widths long (under two tiles) drifting right at 0.18 view widths
    /// a second, and a rider going the same way at 7 m/s (0.2 view widths a second) inside it
    /// from entering the view to leaving it.
    @Test(arguments: [(0.35, UInt64(41)), (0.45, UInt64(42))])
    func aRiderInsideANarrowBandOfShadeIsTimed(sunShare: Double, seed: UInt64) {
        var scene = SimulatedScene(duration: 10)
        scene.width = 320
        scene.height = 240
        scene.framesPerSecond = 30
        scene.timestampJitter = 0.003
        scene.dropFraction = 0.03
        scene.noise = 3
        scene.seed = seed
        scene.sunShare = sunShare
        scene.cloud = SimulatedCloud(arrives: 1.83, speed: 0.18, length: 0.14, fromLeft: true, softness: 0.04)
        let rider = SimulatedRider(startTime: 3, motion: .constant(speed: 7), heightFraction: 0.1, luma: 50, groundY: 0.8)
        scene.riders = [rider]
        let crossings = scene.truth(for: rider).crossingTimes
        let run = (crossings.first ?? 0) - 0.5...(crossings.last ?? 0) + 0.2
        let frames = runGhostScene(scene, hold: { run.contains($0) })
        #expect(frames.first { $0.output.becameReady }.map { $0.t < 1.8 } == true, "learnt before the cloud")
        let relearnt = frames.filter { $0.output.relearn != nil && $0.t > 0.1 }.map(\.t)
        #expect(relearnt.isEmpty, "relearnt at \(relearnt.prefix(5)) s")
        let timed = timedAcrossEveryPost(frames, scene: scene, rider: rider)
        #expect(timed, "rider timed across every post")
        // The band itself is light: it is never the rider, nor foreground down to the view's bottom.
        let bands = frames.filter { ($0.output.rider?.blob.maxY ?? 0) > 0.98 }.map(\.t)
        #expect(bands.isEmpty, "the band taken for the rider at \(bands.prefix(5)) s")
    }
}
