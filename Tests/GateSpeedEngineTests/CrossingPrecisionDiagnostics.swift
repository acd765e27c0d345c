import GateSpeedCore
@testable import GateSpeedEngine
import GateSpeedFrames
import GateSpeedGeometry
import GateSpeedSimulation
import GateSpeedVision
import Testing

/// Not an assertion suite: prints, frame by frame, how far the rider's measured depth and
/// position are from the truth in the perspective situations of issue 11, and each post
/// crossing's time error (set GATESPEED_DIAG=1; GATESPEED_SITUATION is large, stopper, small,
/// small2, dusk or duskcolour).
@Suite struct CrossingPrecisionDiagnostics {
    static func situation(_ which: String) -> (PerspectiveScene, FrameGeometry) {
        typealias W = WildSituationsTests
        switch which {
        case "large":
            let (camera, crop) = W.croppedView(width: 1280, riderFraction: 1.0 / 3)
            var scene = W.course(camera, duration: 0, seed: 31)
            let first = W.skater(.leftToRight, start: 3.5, kmh: 32, weave: 1)
            let second = W.skater(.rightToLeft, start: W.finish(first) + 4, kmh: 27, across: -0.5, weave: 1.2, luma: 175)
            scene.riders = [first, second]
            scene.duration = W.finish(second) + 3
            return (scene, crop)
        case "stopper":
            let (camera, crop) = W.croppedView(width: 1280, riderFraction: 1.0 / 3)
            var scene = W.course(camera, duration: 0, seed: 32)
            var stopper = W.skater(.leftToRight, start: 3.5, kmh: 29, weave: 0)
            stopper.motion = .stopping(speed: 29 / 3.6, stopAt: 15, pause: 12)
            let second = W.skater(.rightToLeft, start: W.finish(stopper) + 4, kmh: 31, weave: 1)
            let third = W.skater(.leftToRight, start: W.finish(second) + 4, kmh: 26, across: 0.5, weave: 1, luma: 170)
            scene.riders = [stopper, second, third]
            scene.duration = W.finish(third) + 3
            return (scene, crop)
        case "small", "small2":
            let first: TravelDirection = which == "small" ? .leftToRight : .rightToLeft
            let (camera, crop) = W.croppedView(width: 640, riderFraction: 0.11)
            var scene = W.course(camera, duration: 0, framesPerSecond: 60, seed: first == .leftToRight ? 41 : 42)
            scene.timestampJitter = 0.002
            let other: TravelDirection = first == .leftToRight ? .rightToLeft : .leftToRight
            let one = W.skater(first, start: 3, kmh: 38, weave: 0.6)
            let two = W.skater(other, start: W.finish(one) + 3.5, kmh: 38, across: -0.3, weave: 0.6, luma: 165)
            scene.riders = [one, two]
            scene.duration = W.finish(two) + 3
            return (scene, crop)
        case "standard", "lean", "lean2", "standard2":
            var scene = PerspectiveScene.ride(Placement.standard[which.hasSuffix("2") ? 3 : 0], line: Line(across: 0, weave: 1), speedKmh: 30)
            if which.hasPrefix("lean") { scene.riders[0].forwardLeanDegrees = 10 }
            func number(_ name: String) -> Double? { getenvValue(name).flatMap { Double($0) } }
            if let v = number("GS_SPEED") { scene.riders[0].motion = .constant(speed: v / 3.6); scene.duration = 3 + 28 / (v / 3.6) + 2.5 }
            if let v = number("GS_WEAVE") { scene.riders[0].weaveMetres = v }
            if let v = number("GS_FPS") { scene.framesPerSecond = v }
            if let v = number("GS_NOISE") { scene.noise = v }
            if let v = number("GS_CONTRAST") { scene.contrastScale = v }
            if let v = number("GS_LUMA") { scene.riders[0].luma = v }
            if let v = number("GS_SEED") { scene.seed = UInt64(v) }
            return (scene, .identity)
        default:
            let colour = which == "duskcolour"
            var scene = W.course(duration: 0, seed: colour ? 62 : 61)
            scene.contrastScale = 0.5
            scene.noise = 7
            scene.colour = colour
            var first = W.skater(.leftToRight, start: 3.5, kmh: 30, weave: 1)
            var second = W.skater(.rightToLeft, start: W.finish(first) + 4, kmh: 34, across: -0.5, weave: 1, luma: 170)
            if colour {
                first.chromaBlue = 160; first.chromaRed = 110
                second.chromaBlue = 100; second.chromaRed = 175
            }
            scene.riders = [first, second]
            scene.duration = W.finish(second) + 3
            return (scene, .identity)
        }
    }

    @Test(.enabled(if: diagnosticsWanted)) func perspectiveSituationErrors() throws {
        var (scene, crop) = Self.situation(getenvValue("GATESPEED_SITUATION") ?? "large")
        func number(_ name: String) -> Double? { getenvValue(name).flatMap { Double($0) } }
        if let v = number("GS_NOISE") { scene.noise = v }
        if let v = number("GS_CONTRAST") { scene.contrastScale = v }
        if let v = number("GS_SEED") { scene.seed = UInt64(v) }
        if getenvValue("GS_ONE") != nil { scene.riders = [scene.riders[0]] }
        if getenvValue("GS_NOCROP") != nil { crop = .identity }
        func typed(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }
        let marked = try WildSituationsTests.markedCourse(scene, geometry: crop), course = marked.gate
        print("DIAG posts", course.postAlong, "camera", course.camera.position)
        var pipeline = try marked.pipeline()
        var source = PerspectiveCourseSource(scene: scene)
        var track = GatePlaneTrack(camera: course.camera)
        func printSample(_ sample: RiderSample, _ id: UInt32) {
            guard let x = sample.x, id != 0 else { return }
            var best = (distance: Double.infinity, truth: 0.0)
            for r in scene.riders {
                let g = scene.groundPoint(of: r, at: sample.t)
                if abs(g.x - x) < best.distance { best = (abs(g.x - x), g.x) }
            }
            if abs(best.truth - 14) < 17 {
                print("DIAG sample t \(typed(sample.t)) truex \(typed(best.truth)) err \(typed(x - best.truth)) sigma \(typed(sample.xSigma))")
            }
        }
        while source.nextFrame({ frame in
            var finished = false
            pipeline.process(frame) { event in
                switch event {
                case .post(let t, let post, _): print("DIAG post \(post) t \(t)")
                case .start(let t, let post, _): print("DIAG post \(post) t \(t) start")
                case .ready(let t): print("DIAG ready \(t)")
                case .result(let r):
                    print("DIAG result \(r.speedKmh) ± \(r.uncertaintyKmh) crossings \(r.crossingTimes)"); finished = true
                case .invalid(let r): print("DIAG invalid \(r.reason)"); finished = true
                }
            }
            if pipeline.lastOutput.phase == .ready {
                // The pipeline's own entry for this frame, into a track of our own that prints its samples.
                let entry = TimingPipeline.gateEntry(pipeline.lastOutput, course: course)
                track.push(entry, emit: printSample)
                track.drain(now: frame.timestamp, emit: printSample)
            }
            if let rider = pipeline.lastOutput.rider {
                let t = frame.timestamp
                var best = (distance: Double.infinity, index: -1)
                for (index, r) in scene.riders.enumerated() {
                    let g = scene.groundPoint(of: r, at: t)
                    guard let v = scene.camera.project(x: g.x, y: g.y, z: 0) else { continue }
                    let p = crop.viewPoint(sensorX: v.x, sensorY: v.y)
                    if abs(p.x - rider.footX) < best.distance { best = (abs(p.x - rider.footX), index) }
                }
                if best.index >= 0 {
                    let g = scene.groundPoint(of: scene.riders[best.index], at: t)
                    let foot = course.groundPoint(viewX: rider.footX, viewY: rider.footY)
                    let depth = (foot?.y ?? .nan) + course.awaySign * GateCourse.footToAxisMetres
                    let alongTrueDepth = course.along(viewX: rider.footX, viewY: rider.footY, across: g.y) ?? .nan
                    let w = pipeline.lastOutput.viewHeightPixels
                    let below = course.groundPoint(viewX: rider.footX, viewY: rider.footY + 1 / w)
                    let gpp = ((foot?.y ?? .nan) - (below?.y ?? .nan)) * course.awaySign
                    print("DIAG frame t \(typed(t)) run \(best.index) id \(rider.trackID) truex \(typed(g.x)) truey \(typed(g.y)) "
                          + "deptherr \(typed(depth - g.y)) alongerr \(typed(alongTrueDepth - g.x)) "
                          + "hpx \(typed(rider.heightPixels)) gpp \(typed(gpp)) sigma \(typed(rider.footSigma * w))")
                }
            }
            if finished { pipeline.announcementFinished { _ in } }
        }) == .delivered {}
        pipeline.finish { _ in }
        for (index, rider) in scene.riders.enumerated() {
            let truth = scene.truth(for: rider)
            print("DIAG truth run \(index) \(truth.speedKmh) crossings \(truth.crossingTimes)")
        }
    }
}
