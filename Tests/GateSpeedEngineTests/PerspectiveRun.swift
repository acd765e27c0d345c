import GateSpeedCore
import GateSpeedEngine
import GateSpeedFrames
import GateSpeedGeometry
import GateSpeedSimulation
import GateSpeedVision

/// A true-perspective scene judged by the whole per-frame path with gate-plane timing: the
/// posts are marked as a user would (with a pixel of noise), the camera is solved from the
/// marks (and whatever camera facts are given), and every frame goes through the pipeline.
struct PerspectiveRun {
    var events: [TimingEvent] = []
    var gateCourse: GateCourse
    var frames = 0

    /// Which camera facts the user typed in besides the marks.
    struct Facts {
        var height = true, distance = true, fieldOfView = true
        static let all = Facts()
        static let marksOnly = Facts(height: false, distance: false, fieldOfView: false)
    }

    /// `markNoisePixels`: Gaussian noise added to each mark (1 sigma, pixels); the marks are then
    /// written with three decimals, as a user types them into the config.
    init(_ scene: PerspectiveScene, facts: Facts = .all, markNoisePixels: Double = 0, markSeed: UInt64 = 11,
         rules: Course = Course()) throws {
        func typed(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }
        let marks = scene.postMarks(markNoisePixels: markNoisePixels, seed: markSeed).map {
            (base: (x: typed($0.base.x), y: typed($0.base.y)), top: (x: typed($0.top.x), y: typed($0.top.y)))
        }
        let survey = GateSurvey(
            marks: marks.map { GateSurvey.Mark(baseX: $0.base.x, baseY: $0.base.y, topX: $0.top.x, topY: $0.top.y) },
            poleHeightMetres: scene.poleHeightMetres,
            camera: CameraHints(heightMetres: facts.height ? scene.camera.heightMetres : nil,
                                distanceMetres: facts.distance ? scene.camera.distanceMetres : nil,
                                horizontalFieldOfViewDegrees: facts.fieldOfView ? scene.camera.horizontalFieldOfViewDegrees : nil),
            sensorWidth: scene.camera.width, sensorHeight: scene.camera.height)
        var rules = rules
        rules.lengthMetres = scene.courseLength
        rules.posts = marks.map(\.base.x)
        gateCourse = try GateCourse.solve(survey, lengthMetres: scene.courseLength, frameGeometry: .identity).get()
        var pipeline = try TimingPipeline(course: rules, gateCourse: gateCourse)
        var source = PerspectiveCourseSource(scene: scene)
        let driven = SceneRun.drive(&source, pipeline: &pipeline)
        events = driven.events
        frames = driven.frames
    }

    var results: [RunResult] { events.compactMap { if case .result(let r) = $0 { r } else { nil } } }
    var invalidRuns: [InvalidRun] { events.compactMap { if case .invalid(let r) = $0 { r } else { nil } } }
    var starts: Int { events.filter { if case .start = $0 { true } else { false } }.count }
}

/// The placements of the issue: a pinhole camera 15–29 m from the posts, 1.5–3 m high, 65–100°.
struct Placement: Sendable, CustomStringConvertible {
    var distance: Double, height: Double, fov: Double
    var width = 640, height_ = 480
    var description: String { "\(Int(distance)) m, \(height) m high, \(Int(fov))°, \(width)x\(height_)" }

    var camera: PerspectiveCamera {
        var camera = PerspectiveCamera()
        camera.distanceMetres = distance
        camera.heightMetres = height
        camera.horizontalFieldOfViewDegrees = fov
        camera.width = width
        camera.height = height_
        return camera
    }

    static let standard = [
        Placement(distance: 29, height: 2.5, fov: 65),
        Placement(distance: 22, height: 2.0, fov: 80),
        Placement(distance: 15, height: 1.5, fov: 100),
        Placement(distance: 29, height: 3.0, fov: 65, width: 1280, height_: 720),
    ]
}

/// How the rider rides: straight on the line, nearer or farther, or a slalom weave.
struct Line: Sendable, CustomStringConvertible {
    var across: Double, weave: Double
    var description: String { weave == 0 ? "straight \(across) m" : "weave ±\(weave) m around \(across) m" }
    static let all = [Line(across: 0, weave: 0), Line(across: -1, weave: 0), Line(across: 1, weave: 0),
                      Line(across: 0, weave: 1), Line(across: -0.5, weave: 1.2)]
}

extension PerspectiveScene {
    /// One rider at `speedKmh` at 30 fps with 3 ms jitter and 4 % drops, starting at 3 s.
    static func ride(_ placement: Placement, line: Line, speedKmh: Double, direction: TravelDirection = .leftToRight,
                     seed: UInt64 = 1) -> PerspectiveScene {
        var scene = PerspectiveScene(duration: 3 + 28 / (speedKmh / 3.6) + 2.5, courseLength: 28, camera: placement.camera)
        var rider = PerspectiveRider(direction: direction, startTime: 3, motion: .constant(speed: speedKmh / 3.6))
        rider.acrossMetres = line.across
        rider.weaveMetres = line.weave
        scene.riders = [rider]
        scene.timestampJitter = 0.003
        scene.dropFraction = 0.04
        scene.seed = seed
        return scene
    }
}
