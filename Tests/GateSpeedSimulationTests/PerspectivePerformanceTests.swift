import Testing
import GateSpeedSimulation

/// Rendering delivers every frame of a long simulated run, and says what a frame costs (printed,
/// not asserted: a timed assertion fails on a loaded machine and proves nothing on an idle one).
@Suite struct PerspectivePerformanceTests {
    @Test func aFrameWithOneRiderRendersInAFewMilliseconds() {
        var scene = PerspectiveScene(duration: 4)
        scene.riders = [PerspectiveRider(startTime: 0, motion: .constant(speed: 8), acrossMetres: -1, weaveMetres: 1)]
        var source = PerspectiveCourseSource(scene: scene)
        var checksum = 0
        _ = source.nextFrame { checksum &+= Int($0.luma.sample(x: 0, y: 0)) }     // warm up
        let clock = ContinuousClock()
        var frames = 0
        let elapsed = clock.measure {
            while frames < 100, source.nextFrame({ checksum &+= Int($0.luma.sample(x: 320, y: 240)) }) == .delivered {
                frames += 1
            }
        }
        let perFrame = elapsed / frames
        print("PerspectiveCourseSource: \(perFrame) per 640×480 frame with one rider (\(checksum))")
        #expect(frames == 100)
    }
}
