import Testing
import GateSpeedCore
import GateSpeedEngine
import GateSpeedSimulation
import GateSpeedVision

/// What must *not* happen: runs out of nothing, ghosts, a bump read as a rider.
@Suite struct SceneRobustnessTests {
    @Test func aMinuteOfEmptyCourseWithDriftingLightAndJitterGivesNoRun() throws {
        var scene = SimulatedScene(duration: 60)
        scene.width = 320
        scene.height = 240
        scene.lightDrift = 0.3
        scene.lightDriftPeriod = 25
        scene.timestampJitter = 0.003
        scene.dropFraction = 0.05
        scene.noise = 4
        let run = try SceneRun(scene)
        #expect(run.readies == 1)
        #expect(run.starts == 0, "\(run.events)")
        #expect(run.invalidRuns.isEmpty)
        #expect(run.relearns.isEmpty)
    }

    @Test func aRiderWhoStopsMidCourseIsInvalidForTimeAndLeavesNoGhost() throws {
        var scene = SimulatedScene(duration: 28)
        scene.width = 320
        scene.height = 240
        scene.riders = [SimulatedRider(startTime: 3, motion: .stopping(speed: 8, stopAt: 12, pause: 15))]
        let run = try SceneRun(scene)
        try #require(run.invalidRuns.count == 1, "\(run.events)")
        #expect(run.invalidRuns[0].reason == .timeout)
        #expect(run.results.isEmpty)
        // After the rider has gone the course is clear again: re-armed, and nothing else happens.
        #expect(run.readies == 2, "\(run.events)")
        #expect(run.starts == 1)
    }

    @Test func aRiderWhoStandsStillLongIsNeverLearntIntoTheBackground() throws {
        var scene = SimulatedScene(duration: 25)
        scene.width = 320
        scene.height = 240
        scene.riders = [SimulatedRider(startTime: 3, motion: .stopping(speed: 8, stopAt: 10, pause: 15))]
        var source = SimulatedCourseSource(scene: scene)
        var detector = RiderDetector()
        var seenDuringStop = 0, framesDuringStop = 0
        var foregroundAfterLeaving = 0.0
        while source.nextFrame({ frame in
            // As in a run (the pipeline holds the identity while running): outside a run a rider
            // who stops is let go as the rider, though still followed.
            let out = detector.process(frame, holdIdentity: true)
            if frame.timestamp > 5 && frame.timestamp < 19 {
                framesDuringStop += 1
                if out.rider != nil { seenDuringStop += 1 }
            }
            if frame.timestamp > 23.5 { foregroundAfterLeaving = max(foregroundAfterLeaving, out.foregroundFraction) }
        }) == .delivered {}
        #expect(seenDuringStop == framesDuringStop, "the stopped rider stays visible")
        #expect(foregroundAfterLeaving < 0.002, "no ghost where the rider stood")
    }

    @Test func aCameraBumpIsRelearntNotTimed() throws {
        var scene = SimulatedScene(duration: 8)
        scene.width = 320
        scene.height = 240
        scene.bumpPixels = 6
        scene.bumpTime = 3
        let run = try SceneRun(scene)
        #expect(run.relearns == [.globalChange])
        #expect(run.starts == 0)
        #expect(run.readies == 2, "ready, then ready again after relearning")
    }

    @Test func aSuddenLightChangeIsCompensatedNotTimed() throws {
        var scene = SimulatedScene(duration: 8)
        scene.width = 320
        scene.height = 240
        scene.lightStep = -0.35
        scene.lightStepTime = 3
        let run = try SceneRun(scene)
        #expect(run.starts == 0)
        #expect(run.invalidRuns.isEmpty)
    }

    @Test func peopleWalkingThroughKeepItCalibrating() throws {
        var scene = SimulatedScene(duration: 6)
        scene.width = 320
        scene.height = 240
        scene.bystanders = [SimulatedBystander(fromX: 0.1, toX: 0.9, speed: 0.3, heightFraction: 0.35, luma: 50, groundY: 0.85,
                                               appears: 0, leaves: 4)]
        var source = SimulatedCourseSource(scene: scene)
        var detector = RiderDetector()
        var readyAt: Double?
        while source.nextFrame({ frame in
            let out = detector.process(frame)
            if out.becameReady && readyAt == nil { readyAt = frame.timestamp }
        }) == .delivered {}
        let ready = try #require(readyAt)
        #expect(ready >= 5.0, "ready only a window after the walker left, not at \(ready) s")
    }

    /// Leaves that never stop moving must not keep the course in Calibrating for ever: after a
    /// few seconds the detector accepts a view where nothing person-sized moves, and the
    /// leaves learn a high noise. The run after that is timed, and the leaves start nothing.
    @Test func aViewThatNeverStillsIsLearntAndTimed() throws {
        var scene = SimulatedScene.oneRider(start: 9, duration: 15)
        scene.width = 320
        scene.height = 240
        scene.flutter = 40
        let run = try SceneRun(scene)
        #expect(run.readies >= 1, "\(run.events)")
        #expect(run.invalidRuns.isEmpty, "\(run.invalidRuns)")
        try #require(run.results.count == 1, "\(run.events)")
        let truth = scene.truth(for: scene.riders[0])
        #expect(abs(run.results[0].speedKmh - truth.speedKmh) / truth.speedKmh <= 0.005)
    }
}
