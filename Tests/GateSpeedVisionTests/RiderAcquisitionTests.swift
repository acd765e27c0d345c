import GateSpeedCore
import GateSpeedEngine
import GateSpeedFrames
import GateSpeedSimulation
import Testing
@testable import GateSpeedVision

/// Who is the rider, and found in time: small fast riders at 60 fps, riders of any size, walkers
/// and people standing who are not riders, and runs back to back (issue 11). Each scene goes
/// through the whole per-frame path (`TimingPipeline`, image-rule posts) at real cadence.
@Suite struct RiderAcquisitionTests {
    /// What the pipeline said about one scene, announcements taken as spoken at once.
    struct Judged {
        var results: [RunResult] = []
        var invalid: [InvalidRun] = []
        var starts: [Double] = []
    }

    static func judge(_ scene: SimulatedScene) throws -> Judged {
        var pipeline = try TimingPipeline(course: Course(posts: scene.posts, lengthMetres: scene.courseLength))
        var source = SimulatedCourseSource(scene: scene)
        var judged = Judged()
        func collect(_ event: TimingEvent) -> Bool {
            switch event {
            case .result(let result): judged.results.append(result); return true
            case .invalid(let run): judged.invalid.append(run); return true
            case .start(let t, _, _): judged.starts.append(t)
            default: break
            }
            return false
        }
        while source.nextFrame({ frame in
            var ended = false
            pipeline.process(frame) { event in if collect(event) { ended = true } }
            if ended { pipeline.announcementFinished { _ in } }
        }) == .delivered {}
        // The end of the stream: samples still held for smoothing are judged, as the service does.
        pipeline.finish { _ = collect($0) }
        return judged
    }

    /// A scene at real cadence: jitter and a few dropped frames.
    static func scene(width: Int = 640, height: Int = 480, fps: Double = 30, duration: Double, seed: UInt64) -> SimulatedScene {
        var scene = SimulatedScene(duration: duration)
        scene.width = width
        scene.height = height
        scene.framesPerSecond = fps
        scene.timestampJitter = 0.002
        scene.dropFraction = 0.03
        scene.seed = seed
        return scene
    }

    /// A rider of `heightFraction` at `kmh` whose start post is crossed `entersAfter` seconds
    /// after the course can have been learnt (about 1.2 s into the scene).
    static func rider(_ direction: TravelDirection, kmh: Double, heightFraction: Double, start: Double,
                      groundY: Double = 0.8, luma: Double = 50) -> SimulatedRider {
        SimulatedRider(direction: direction, startTime: start, motion: .constant(speed: kmh / 3.6),
                       heightFraction: heightFraction, luma: luma, groundY: groundY)
    }

    static func expectTimed(_ judged: Judged, _ riders: [SimulatedRider], in scene: SimulatedScene,
                            sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(judged.invalid.isEmpty, "invalid: \(judged.invalid.map(\.reason))", sourceLocation: sourceLocation)
        #expect(judged.results.count == riders.count, sourceLocation: sourceLocation)
        #expect(judged.starts.count == riders.count, sourceLocation: sourceLocation)
        for (result, rider) in zip(judged.results, riders) {
            let truth = scene.truth(for: rider).speedKmh
            let error = (result.speedKmh - truth) / truth
            #expect(abs(error) <= 0.005, "\(result.speedKmh) km/h against \(truth)", sourceLocation: sourceLocation)
        }
    }

    // MARK: Acquisition

    @Test(arguments: [TravelDirection.leftToRight, .rightToLeft])
    func aSmallFastRiderAt60FpsIsTrackedBeforeTheOuterPost(direction: TravelDirection) throws {
        // The case (38 km/h, 11 % of the height at 60 fps) and smaller and faster still:
        // 4 % of a 16:9 view at 55 km/h, half the size the course scale predicts.
        for (kmh, tall) in [(38.0, 0.11), (55.0, 0.04)] {
            var scene = Self.scene(width: 640, height: 360, fps: 60, duration: 2.0 + 28 / (kmh / 3.6) + 0.6, seed: 11)
            let rider = Self.rider(direction, kmh: kmh, heightFraction: tall, start: 2.0)
            scene.riders = [rider]
            Self.expectTimed(try Self.judge(scene), [rider], in: scene)
        }
    }

    @Test(arguments: [0.03, 0.3, 0.6])
    func aRiderOfAnySizeIsTimed(heightFraction: Double) throws {
        // 3 % to 60 % of the view on the standard 28 m course (predicted: 6 %).
        var scene = Self.scene(duration: 6.5, seed: 21)
        let rider = Self.rider(.leftToRight, kmh: 30, heightFraction: heightFraction, start: 2.5,
                               groundY: max(0.8, heightFraction + 0.05))
        scene.riders = [rider]
        Self.expectTimed(try Self.judge(scene), [rider], in: scene)
    }

    // MARK: People who are not riders

    @Test func aWalkerOfTheRidersSizeStartsNothingAndTheNextRiderIsTimed() throws {
        var scene = Self.scene(duration: 13, seed: 31)
        // Walking across three posts at 2 m/s (the fastest walker), on the rider's line, from 1.5 s.
        scene.bystanders = [SimulatedBystander(fromX: 0.2, toX: 0.8, speed: 2 / 35, heightFraction: 0.07, luma: 60,
                                               groundY: 0.8, appears: 1.5, leaves: 9)]
        let rider = Self.rider(.rightToLeft, kmh: 25, heightFraction: 0.065, start: 8.5)
        scene.riders = [rider]
        let judged = try Self.judge(scene)
        #expect(judged.starts.allSatisfy { $0 > 8 }, "no start before the rider: \(judged.starts)")
        Self.expectTimed(judged, [rider], in: scene)
    }

    @Test func aPersonStandingBesideTheEndPostBlocksNothing() throws {
        var scene = Self.scene(duration: 14, seed: 41)
        // There from before the course is learnt, and arriving later: neither is a rider.
        scene.bystanders = [SimulatedBystander(fromX: 0.95, toX: 0.95, speed: 0, heightFraction: 0.07, luma: 70, groundY: 0.8),
                            SimulatedBystander(fromX: 0.05, toX: 0.05, speed: 0, heightFraction: 0.075, luma: 90,
                                               groundY: 0.81, appears: 2.5)]
        let first = Self.rider(.leftToRight, kmh: 30, heightFraction: 0.065, start: 3.5)
        let second = Self.rider(.rightToLeft, kmh: 35, heightFraction: 0.065, start: 9.5)
        scene.riders = [first, second]
        Self.expectTimed(try Self.judge(scene), [first, second], in: scene)
    }

    // MARK: Back to back

    @Test func runsEachWayThreeSecondsApartAreBothTimed() throws {
        var scene = Self.scene(duration: 12.5, seed: 51)
        let first = Self.rider(.leftToRight, kmh: 32, heightFraction: 0.07, start: 2.5)
        let firstFinish = first.startTime + 28 / (32 / 3.6)
        let second = Self.rider(.rightToLeft, kmh: 36, heightFraction: 0.07, start: firstFinish + 3, groundY: 0.81)
        scene.riders = [first, second]
        Self.expectTimed(try Self.judge(scene), [first, second], in: scene)
    }
}
