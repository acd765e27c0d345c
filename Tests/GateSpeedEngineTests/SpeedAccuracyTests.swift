import Testing
import GateSpeedCore
import GateSpeedEngine
import GateSpeedSimulation
import GateSpeedVision

/// The accuracy suite of the vision issue: every valid run of every simulated condition is
/// timed within 0.5 % of the true speed, and the crossings within a frame of the truth.
@Suite struct SpeedAccuracyTests {
    struct Condition: CustomTestStringConvertible, Sendable {
        let name: String
        let configure: @Sendable (inout SimulatedScene) -> Void
        var testDescription: String { name }
    }

    static let conditions: [Condition] = [
        Condition(name: "plain") { _ in },
        Condition(name: "right to left") { $0.riders[0].direction = .rightToLeft },
        Condition(name: "light drift") { $0.lightDrift = 0.25; $0.lightDriftPeriod = 12 },
        Condition(name: "sensor noise") { $0.noise = 8 },
        Condition(name: "10 % dropped frames and 3 ms jitter") { $0.dropFraction = 0.1; $0.timestampJitter = 0.003 },
        Condition(name: "accelerating rider") { $0.riders[0].motion = .accelerating(initialSpeed: 6, acceleration: 1.8) },
        Condition(name: "decelerating rider") { $0.riders[0].motion = .accelerating(initialSpeed: 11, acceleration: -1.2) },
        Condition(name: "walking bystander behind the course") {
            $0.bystanders = [SimulatedBystander(fromX: 0.15, toX: 0.75, speed: 0.05, heightFraction: 0.025, groundY: 0.6)]
        },
        Condition(name: "standing bystander beside the course") {
            $0.bystanders = [SimulatedBystander(fromX: 0.985, toX: 0.985, heightFraction: 0.07, luma: 60, groundY: 0.78, appears: 2)]
        },
        Condition(name: "camera shake of a pixel") { $0.cameraShake = 1 },
        Condition(name: "low sun shadow") { $0.shadows = true },
        Condition(name: "light clothes") { $0.riders[0].luma = 215 },
        Condition(name: "close camera, rider a third of the height") { $0.riders[0].heightFraction = 0.33; $0.riders[0].groundY = 0.86 },
        Condition(name: "far rider, 5 % of the height") { $0.riders[0].heightFraction = 0.05; $0.riders[0].groundY = 0.7 },
        Condition(name: "fast rider, 48 km/h") { $0.riders[0].motion = .constant(speed: 48 / 3.6) },
        Condition(name: "slow rider, 14 km/h") { $0.riders[0].motion = .constant(speed: 14 / 3.6); $0.duration = 13 },
        Condition(name: "60 fps with 10 % drops") { $0.framesPerSecond = 60; $0.dropFraction = 0.1 },
        Condition(name: "25 fps") { $0.framesPerSecond = 25 },
        Condition(name: "320x240") { $0.width = 320; $0.height = 240 },
        Condition(name: "colour camera") { $0.colour = true; $0.riders[0].chromaBlue = 110; $0.riders[0].chromaRed = 150 },
        Condition(name: "everything at once") {
            $0.noise = 6; $0.lightDrift = 0.15; $0.dropFraction = 0.1; $0.timestampJitter = 0.003; $0.cameraShake = 1
            $0.bystanders = [SimulatedBystander(fromX: 0.2, toX: 0.6, speed: 0.04, heightFraction: 0.025, groundY: 0.6)]
        },
    ]

    @Test(arguments: conditions)
    func validRunIsTimedWithinHalfAPercent(_ condition: Condition) throws {
        var scene = SimulatedScene.oneRider()
        condition.configure(&scene)
        let run = try SceneRun(scene)
        let truth = scene.truth(for: scene.riders[0])
        #expect(run.invalidRuns.isEmpty, "\(run.invalidRuns)")
        try #require(run.results.count == 1, "events: \(run.events)")
        let result = run.results[0]
        let error = (result.speedKmh - truth.speedKmh) / truth.speedKmh
        #expect(abs(error) <= 0.005, "measured \(result.speedKmh) km/h, true \(truth.speedKmh) km/h")
        // Start and finish within a frame of the truth; the posts between within two (a bystander
        // merging with the rider there moves the split times, not the result).
        let frame = 1 / scene.framesPerSecond
        for (index, (measured, actual)) in zip(result.crossingTimes, truth.crossingTimes).enumerated() {
            let outer = index == 0 || index == truth.crossingTimes.count - 1
            #expect(abs(measured - actual) < (outer ? frame : 2 * frame), "crossing \(index + 1) at \(measured) s, truly \(actual) s")
        }
        #expect(result.direction == (scene.riders[0].direction == .leftToRight ? .leftToRight : .rightToLeft))
    }

    /// A rider whose clothes are as bright as the grass but red: invisible to a luma-only test,
    /// seen through colour.
    @Test func aRiderAsBrightAsTheGroundIsSeenByColour() throws {
        var scene = SimulatedScene.oneRider()
        scene.colour = true
        scene.riders[0].luma = 120
        scene.riders[0].chromaBlue = 100
        scene.riders[0].chromaRed = 185
        let run = try SceneRun(scene)
        let truth = scene.truth(for: scene.riders[0])
        try #require(run.results.count == 1, "\(run.events)")
        #expect(abs(run.results[0].speedKmh - truth.speedKmh) / truth.speedKmh <= 0.005,
                "measured \(run.results[0].speedKmh) km/h, true \(truth.speedKmh) km/h")
        // (In grey, the figure's head and legs, 25 levels brighter and 10 darker than its clothes,
        // are followed too since the course scale stopped gating region sizes (issue 11): grey is
        // no longer a negative control for this figure; the colour run above is the test.)
    }

    /// A person as tall as the rider standing right beside the finish post: their regions run
    /// together as the rider finishes. The tracker keeps them apart by cutting the shared region
    /// (without that the speed was 5 % off); the overlap still costs some accuracy, so the bound
    /// here is 1 %, and the README says so.
    @Test func tallBystanderAtTheFinishPostCostsUnderOnePercent() throws {
        var scene = SimulatedScene.oneRider()
        scene.bystanders = [SimulatedBystander(fromX: 0.935, toX: 0.935, heightFraction: 0.08, luma: 60, groundY: 0.8, appears: 2)]
        let run = try SceneRun(scene)
        let truth = scene.truth(for: scene.riders[0])
        try #require(run.results.count == 1, "\(run.events)")
        #expect(abs(run.results[0].speedKmh - truth.speedKmh) / truth.speedKmh <= 0.01,
                "measured \(run.results[0].speedKmh) km/h, true \(truth.speedKmh) km/h")
    }

    @Test func highDefinitionCameraIsTimedWithinHalfAPercent() throws {
        var scene = SimulatedScene.oneRider(duration: 9)
        scene.width = 1280
        scene.height = 720
        let run = try SceneRun(scene)
        let truth = scene.truth(for: scene.riders[0])
        try #require(run.results.count == 1)
        #expect(abs(run.results[0].speedKmh - truth.speedKmh) / truth.speedKmh <= 0.005)
    }

    @Test func aSessionOfRunsBothWaysIsTimedAndReArmsBetween() throws {
        var scene = SimulatedScene(duration: 24)
        scene.riders = [
            SimulatedRider(direction: .leftToRight, startTime: 3, motion: .constant(speed: 32 / 3.6)),
            SimulatedRider(direction: .rightToLeft, startTime: 11, motion: .constant(speed: 27 / 3.6)),
            SimulatedRider(direction: .leftToRight, startTime: 18, motion: .accelerating(initialSpeed: 8, acceleration: 1)),
        ]
        scene.dropFraction = 0.05
        scene.timestampJitter = 0.002
        let run = try SceneRun(scene)
        try #require(run.results.count == 3, "events: \(run.events)")
        for (result, rider) in zip(run.results, scene.riders) {
            let truth = scene.truth(for: rider)
            #expect(abs(result.speedKmh - truth.speedKmh) / truth.speedKmh <= 0.005, "\(result.speedKmh) vs \(truth.speedKmh)")
        }
        #expect(run.results.map(\.pass) == [true, false, scene.truth(for: scene.riders[2]).speedKmh >= 30])
        #expect(run.readies == 4, "armed at calibration and after each run")
    }
}
