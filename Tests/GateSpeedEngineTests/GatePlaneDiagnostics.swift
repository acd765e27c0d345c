import GateSpeedCore
@testable import GateSpeedEngine
import GateSpeedFrames
import GateSpeedGeometry
import GateSpeedSimulation
import GateSpeedVision
import Testing
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Not an assertion suite: prints where the gate-plane errors come from (set GATESPEED_DIAG=1).
@Suite struct GatePlaneDiagnostics {
    @Test(.enabled(if: diagnosticsWanted)) func errorsByStage() throws {
        for line in [Line(across: 0, weave: 0), Line(across: 1, weave: 0), Line(across: 0, weave: 1)] {
          for noise in [0.0, 0.7] {
            let scene = PerspectiveScene.ride(Placement.standard[0], line: line, speedKmh: 30, seed: 3)
            let marks = scene.postMarks(markNoisePixels: noise, seed: 5)
            let survey = GateSurvey(marks: marks.map { GateSurvey.Mark(baseX: $0.base.x, baseY: $0.base.y, topX: $0.top.x, topY: $0.top.y) },
                                    poleHeightMetres: 1.5, camera: CameraHints(heightMetres: 2.5, distanceMetres: 29, horizontalFieldOfViewDegrees: 65),
                                    sensorWidth: 640, sensorHeight: 480)
            let course = try GateCourse.solve(survey, lengthMetres: 28, frameGeometry: .identity).get()
            print("camera", course.camera.position, course.camera.horizontalFieldOfViewDegrees, "posts", course.postAlong)
            var detector = RiderDetector(settings: VisionSettings(), geometry: .identity)
            var source = PerspectiveCourseSource(scene: scene)
            var footErr: [Double] = [], bodyErr: [Double] = [], footYpx: [Double] = [], footXErr: [Double] = []
            let rider = scene.riders[0]
            while source.nextFrame({ frame in
                let out = detector.process(frame)
                guard let r = out.rider else { return }
                let truth = scene.groundPoint(of: rider, at: frame.timestamp)
                guard truth.x > -2, truth.x < 30 else { return }
                if let g = course.groundPoint(viewX: r.footX, viewY: r.footY) { footErr.append(g.y - truth.y) }
                if let trueFoot = scene.camera.project(x: truth.x, y: truth.y, z: 0) { footYpx.append((r.footY - trueFoot.y) * 480) }
                if let x = course.along(viewX: r.x, viewY: r.bodyY, across: truth.y) { bodyErr.append(x - truth.x) }
                if let x = course.along(viewX: r.footX, viewY: r.footY, across: truth.y) { footXErr.append(x - truth.x) }
            }) == .delivered {}
            func stats(_ v: [Double]) -> String {
                let m = v.reduce(0, +) / Double(max(1, v.count))
                let s = (v.map { ($0 - m) * ($0 - m) }.reduce(0, +) / Double(max(1, v.count))).squareRoot()
                return "mean \(m) sd \(s) n \(v.count)"
            }
            print(line, "marks noise", noise, "foot depth err:", stats(footErr), "foot px:", stats(footYpx), "body x err at true depth:", stats(bodyErr), "foot x err at true depth:", stats(footXErr))
          }
        }
    }
}

let diagnosticsWanted = { () -> Bool in
    var found = false
    for variable in CommandLine.arguments where variable == "--diag" { found = true }
    return found || (getenvValue("GATESPEED_DIAG") != nil)
}()

func getenvValue(_ name: String) -> String? {
    guard let value = getenv(name) else { return nil }
    return String(cString: value)
}

extension GatePlaneDiagnostics {
    @Test(.enabled(if: diagnosticsWanted)) func solverOnExactMarks() throws {
        for noise in [0.0, 0.7] {
            for facts in [PerspectiveRun.Facts.all, .marksOnly] {
                let scene = PerspectiveScene.ride(Placement.standard[0], line: Line(across: 0, weave: 0), speedKmh: 30)
                let marks = scene.postMarks(markNoisePixels: noise, seed: 5)
                let survey = GateSurvey(marks: marks.map { GateSurvey.Mark(baseX: $0.base.x, baseY: $0.base.y, topX: $0.top.x, topY: $0.top.y) },
                                        poleHeightMetres: 1.5,
                                        camera: facts.height ? CameraHints(heightMetres: 2.5, distanceMetres: 29, horizontalFieldOfViewDegrees: 65) : CameraHints(),
                                        sensorWidth: 640, sensorHeight: 480)
                let course = try GateCourse.solve(survey, lengthMetres: 28, frameGeometry: .identity).get()
                print("noise", noise, "facts", facts.height, "camera", course.camera.position, course.camera.horizontalFieldOfViewDegrees,
                      "posts", course.postAlong, "rms px", course.solution.rmsResidualPixels, "gate sigma", course.gateDistanceSigma)
            }
        }
        let scene = PerspectiveScene.ride(Placement.standard[0], line: Line(across: 0, weave: 0), speedKmh: 30)
        let truth = PinholeCamera(position: CoursePoint(x: 14, y: -29, z: 2.5), lookingAt: CoursePoint(x: 14, y: 0, z: 0),
                                  rollDegrees: 0, horizontalFieldOfViewDegrees: 65, sensorAspect: 4.0 / 3.0)
        for x in [0.0, 14, 28] {
            print("post", x, "sim", scene.camera.project(x: x, y: 0, z: 0) as Any, scene.camera.project(x: x, y: 0, z: 1.5) as Any,
                  "pinhole", truth.project(CoursePoint(x: x, y: 0, z: 0)) as Any, truth.project(CoursePoint(x: x, y: 0, z: 1.5)) as Any)
        }
    }
}

extension GatePlaneDiagnostics {
    /// Speed errors with exact marks (no geometry error): what the tracking alone costs.
    @Test(.enabled(if: diagnosticsWanted)) func trackingAloneWithExactMarks() throws {
        for placement in [Placement.standard[0], Placement.standard[2]] {
            for (index, line) in Line.all.enumerated() {
                for direction in [TravelDirection.leftToRight, .rightToLeft] {
                    let scene = PerspectiveScene.ride(placement, line: line, speedKmh: 30, direction: direction, seed: UInt64(index + 1))
                    let run = try PerspectiveRun(scene, markNoisePixels: 0)
                    let truth = scene.truth(for: scene.riders[0])
                    if let r = run.results.first {
                        let ms = zip(r.crossingTimes, truth.crossingTimes).map { String(Int((($0 - $1) * 1000).rounded())) }
                        print("EXACT", placement, line, direction, "err", (r.speedKmh - truth.speedKmh) / truth.speedKmh * 100, "±", r.uncertaintyKmh, ms)
                    } else {
                        print("EXACT", placement, line, direction, "no result", run.invalidRuns)
                    }
                }
            }
        }
    }
}

extension GatePlaneDiagnostics {
    @Test(.enabled(if: diagnosticsWanted)) func printCourseJSON() {
        let scene = PerspectiveScene(duration: 1, courseLength: 28, camera: Placement.standard[0].camera)
        print("JSON", scene.courseJSON(markNoisePixels: 0, seed: 1, includeHeight: true, includeDistance: true, includeFieldOfView: true))
    }
}

extension GatePlaneDiagnostics {
    /// How the solved geometry maps ground points near the end posts, over mark-noise seeds.
    @Test(.enabled(if: diagnosticsWanted)) func mappingErrorOverSeeds() throws {
        let scene = PerspectiveScene.ride(Placement.standard[0], line: Line(across: 0, weave: 0), speedKmh: 30)
        for seed in UInt64(1)...10 {
            let marks = scene.postMarks(markNoisePixels: 0.7, seed: seed + 100)
            let survey = GateSurvey(marks: marks.map { GateSurvey.Mark(baseX: $0.base.x, baseY: $0.base.y, topX: $0.top.x, topY: $0.top.y) },
                                    poleHeightMetres: 1.5, camera: CameraHints(heightMetres: 2.5, distanceMetres: 29, horizontalFieldOfViewDegrees: 65),
                                    sensorWidth: 640, sensorHeight: 480)
            let course = try GateCourse.solve(survey, lengthMetres: 28, frameGeometry: .identity).get()
            var line = "seed \(seed) cam \(course.camera.position) fov \(course.camera.horizontalFieldOfViewDegrees) posts \(course.postAlong.map { ($0 * 100).rounded() / 100 }) gateσ \(course.gateDistanceSigma) noise \(course.solution.rmsResidualPixels)"
            for (x, y) in [(0.0, -1.0), (0.0, 1.0), (28.0, -1.0), (28.0, 1.0), (28.0, 0.0)] {
                guard let v = scene.camera.project(x: x, y: y, z: 0),
                      let g = course.groundPoint(viewX: v.x, viewY: v.y) else { continue }
                line += " (\(x),\(y))→\(((g.x - x) * 100).rounded() / 100),\(((g.y - y) * 100).rounded() / 100)"
            }
            print(line)
        }
    }
}

extension GatePlaneDiagnostics {
    /// What the ± is made of: the geometry's share against the crossing times' share.
    @Test(.enabled(if: diagnosticsWanted)) func uncertaintyParts() throws {
        for placement in Placement.standard {
            let scene = PerspectiveScene.ride(placement, line: Line(across: 0, weave: 1), speedKmh: 30, seed: 2)
            let run = try PerspectiveRun(scene)
            guard let r = run.results.first else { continue }
            let geometry = 1.96 * r.speedKmh * run.gateCourse.gateDistanceSigma / 28
            let timing = (max(0, r.uncertaintyKmh * r.uncertaintyKmh - geometry * geometry)).squareRoot()
            print("PARTS", placement, "±", r.uncertaintyKmh, "geometry", geometry, "timing", timing,
                  "mark noise px", run.gateCourse.solution.rmsResidualPixels, "gateσ m", run.gateCourse.gateDistanceSigma)
        }
    }
}

extension GatePlaneDiagnostics {
    /// The README's placement table.
    @Test(.enabled(if: diagnosticsWanted)) func placementTable() throws {
        for (distance, fov) in [(15.0, 100.0), (22.0, 80.0), (29.0, 65.0), (35.0, 55.0)] {
            for height in [1.5, 2.5, 3.5] {
                for (w, h) in [(640, 480), (1280, 720)] {
                    var placement = Placement(distance: distance, height: height, fov: fov)
                    placement.width = w; placement.height_ = h
                    let scene = PerspectiveScene(duration: 1, courseLength: 28, camera: placement.camera)
                    func typed(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }
                    let marks = scene.postMarks(markNoisePixels: 0, seed: 1)
                    let survey = GateSurvey(marks: marks.map { GateSurvey.Mark(baseX: typed($0.base.x), baseY: typed($0.base.y), topX: typed($0.top.x), topY: typed($0.top.y)) },
                                            poleHeightMetres: 1.5, camera: CameraHints(heightMetres: height, distanceMetres: distance, horizontalFieldOfViewDegrees: fov),
                                            sensorWidth: w, sensorHeight: h)
                    guard case .success(let course) = GateCourse.solve(survey, lengthMetres: 28, frameGeometry: .identity) else {
                        print("TABLE", distance, height, fov, w, "refused"); continue
                    }
                    let advice = PlacementAdvice(geometry: course.solution, sensorWidthPixels: Double(w), sensorHeightPixels: Double(h), footPrecisionPixels: GateCourse.footPrecisionPixels)
                    print("TABLE | \(Int(distance)) m | \(height) m | \(Int(fov))° | \(w)×\(h) | \(Int(advice.riderHeightPixels[1].rounded())) px | \(String(format: "%.1f", advice.imageRuleParallaxPercent)) % | ±\(String(format: "%.1f", advice.expectedErrorPercent)) % | \(advice.suggestedHeightMetres.map { String(format: "%.1f m", $0) } ?? "–") | \(advice.suggestedDistanceMetres.map { String(format: "%.0f m", $0) } ?? "–") |")
                }
            }
        }
    }
}
