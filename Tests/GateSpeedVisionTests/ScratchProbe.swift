import Testing
import GateSpeedFrames
import GateSpeedSimulation
import GateSpeedVision

@Suite struct ScratchProbe {
    @Test func probe() {
        func run(_ name: String, _ configure: (inout SimulatedScene) -> Void) {
            var scene = SimulatedScene(duration: 10)
            scene.riders = [SimulatedRider(startTime: 4, motion: .constant(speed: 31 / 3.6))]
            configure(&scene)
            let r = SceneRecording(scene: scene)
            let truth = scene.truth(for: scene.riders[0])
            var errs: [String] = []
            for (i, p) in scene.posts.enumerated() {
                let c = r.crossings(of: p)
                let expected = truth.crossingTimes[scene.riders[0].direction == .leftToRight ? i : scene.posts.count - 1 - i]
                errs.append(c.map { String(Int((($0 - expected) * 1000).rounded())) }.joined(separator: "/"))
            }
            let a = r.crossings(of: scene.posts[0]).first ?? .nan, b = r.crossings(of: scene.posts[4]).first ?? .nan
            let speed = 28 / abs(b - a) * 3.6
            print("PROBE \(name): ready \(r.readyAt ?? -1) relearns \(r.relearns.count) ms-errors \(errs) speed \(speed) true \(truth.speedKmh) err% \((speed - truth.speedKmh) / truth.speedKmh * 100)")
        }
        run("plain") { _ in }
        run("noise8") { $0.noise = 8 }
        run("drift") { $0.lightDrift = 0.2; $0.lightDriftPeriod = 15 }
        run("shake") { $0.cameraShake = 1 }
        run("drops") { $0.dropFraction = 0.1; $0.timestampJitter = 0.003 }
        run("accel") { $0.riders[0].motion = .accelerating(initialSpeed: 6, acceleration: 1.5) }
        run("rtl") { $0.riders[0].direction = .rightToLeft }
        run("shadow") { $0.shadows = true }
        run("bright") { $0.riders[0].luma = 200 }
        run("small") { $0.riders[0].heightFraction = 0.2 }
        run("bystander") { $0.bystanders = [SimulatedBystander(fromX: 0.2, toX: 0.6, speed: 0.04)] }
        run("fps60") { $0.framesPerSecond = 60; $0.dropFraction = 0.1 }
        run("320") { $0.width = 320; $0.height = 240 }
        run("1280") { $0.width = 1280; $0.height = 720 }
        run("fast45") { $0.riders[0].motion = .constant(speed: 45 / 3.6) }
        run("grey rider") { $0.riders[0].luma = 105 }
    }
}
@Suite struct ScratchProbe2 {
    @Test func motionDuringShake() {
        var scene = SimulatedScene(duration: 3)
        scene.cameraShake = 1
        var source = SimulatedCourseSource(scene: scene)
        var detector = RiderDetector()
        var line = ""
        while true {
            var out: DetectorOutput?
            guard source.nextFrame({ out = detector.process($0) }) == .delivered, let o = out else { break }
            line += String(Int(o.motionFraction * 10000)) + " "
        }
        print("PROBE2 \(line)")
    }
}
