import Testing
import GateSpeedFrames
import GateSpeedSimulation
@testable import GateSpeedVision

/// A cloud's shadow sweeping over the ground (the sky stays lit) is followed tile by tile: the
/// course is not relearnt, and the riders under and after it are timed.
@Suite struct LocalLightTests {
    static func scene(duration: Double, seed: UInt64) -> SimulatedScene {
        var scene = SimulatedScene(duration: duration)
        scene.width = 320
        scene.height = 240
        scene.timestampJitter = 0.003
        scene.dropFraction = 0.02
        scene.noise = 3
        scene.seed = seed
        return scene
    }

    /// The cloud arrives once the course is learnt, covers the whole ground while a rider passes,
    /// and leaves; a second rider comes in full sun again.
    @Test(arguments: [(0.45, true, UInt64(21)), (0.3, false, UInt64(22))])
    func aCloudOverTheGroundIsFollowedNotRelearnt(sunShare: Double, fromLeft: Bool, seed: UInt64) {
        var scene = Self.scene(duration: 16, seed: seed)
        scene.sunShare = sunShare
        // In over 2.5-5.3 s (0.4 view widths a second, soft over 0.1), gone by about 12 s.
        let cloud = SimulatedCloud(arrives: 2.5, speed: 0.4, length: 2.5, fromLeft: fromLeft, softness: 0.1)
        scene.cloud = cloud
        let under = SimulatedRider(startTime: 5.6, motion: .constant(speed: 10), heightFraction: 0.1, groundY: 0.8)
        let after = SimulatedRider(direction: .rightToLeft, startTime: cloud.gone + 0.5, motion: .constant(speed: 10),
                                   heightFraction: 0.1, groundY: 0.8)
        scene.duration = after.startTime + 5
        scene.riders = [under, after]
        let frames = runGhostScene(scene)
        let ready = frames.first { $0.output.becameReady }
        #expect(ready.map { $0.t < 2.5 } == true, "learnt before the cloud, at \(ready?.t ?? -1) s")
        let relearnt = frames.filter { $0.output.relearn != nil && $0.t > 0.1 }.map(\.t)
        #expect(relearnt.isEmpty, "relearnt at \(relearnt.prefix(5)) s")
        #expect(timedAcrossEveryPost(frames, scene: scene, rider: under), "rider under the cloud timed")
        #expect(timedAcrossEveryPost(frames, scene: scene, rider: after), "rider after the cloud timed")
        // The shadow's edge is light, not a person: nothing crosses a post before the first rider
        // (who crosses the start post at `startTime`, and is in view half a second before).
        let early = frames.filter { $0.t < under.startTime - 0.5 }
        let crossed = scene.posts.flatMap { postCrossings(early, line: $0) }.map(\.t)
        #expect(crossed.isEmpty, "a post crossed by the cloud's edge at \(crossed.prefix(5)) s")
    }

    /// A rider close to the camera, moving, is left out of the light's estimate, coming into view
    /// too; the same region standing still, or a cloud's shadow, which reaches the view's bottom,
    /// is not (else the shadow would stay foreground for as long as it is followed).
    @Test func onlyAMovingPersonAboveTheViewsBottomIsLeftOutOfTheLight() {
        let cells = (columns: 192, rows: 144)
        func track(_ blob: Blob, velocity: Double, seen: Double = 10) -> RiderTracker.Track {
            var track = RiderTracker.Track()
            track.blob = blob
            track.velocity = velocity
            track.lastSeen = seen
            return track
        }
        let rider = Blob(minX: 0.3, maxX: 0.55, minY: 0.2, maxY: 0.8)   // 60 % of the view high
        // 30 km/h across a 35 m view: 0.24 view widths a second, half a body height a second at 4:3.
        #expect(RiderDetector.isPersonNotLight(track(rider, velocity: 0.24), time: 10, viewAspect: 4.0 / 3.0, cells: cells))
        #expect(!RiderDetector.isPersonNotLight(track(rider, velocity: 0), time: 10, viewAspect: 4.0 / 3.0, cells: cells))
        #expect(!RiderDetector.isPersonNotLight(track(rider, velocity: 0.24, seen: 9), time: 10, viewAspect: 4.0 / 3.0,
                                                cells: cells))
        let entering = Blob(minX: 0, maxX: 0.1, minY: 0.2, maxY: 0.8)
        #expect(RiderDetector.isPersonNotLight(track(entering, velocity: 0.24), time: 10, viewAspect: 4.0 / 3.0, cells: cells))
        let shadowFromTheLeft = Blob(minX: 0, maxX: 0.1, minY: 0.35, maxY: 1)
        let shadowOnTheGround = Blob(minX: 0.2, maxX: 0.3, minY: 0.35, maxY: 1)
        for shadow in [shadowFromTheLeft, shadowOnTheGround] {
            #expect(!RiderDetector.isPersonNotLight(track(shadow, velocity: 0.4), time: 10, viewAspect: 4.0 / 3.0, cells: cells))
        }
    }
}
