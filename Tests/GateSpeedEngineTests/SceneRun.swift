import GateSpeedCore
import GateSpeedEngine
import GateSpeedFrames
import GateSpeedSimulation
import GateSpeedVision

/// A simulated scene judged by the whole per-frame path (vision + timing), at the scene's
/// own cadence, with announcements taken as spoken at once.
struct SceneRun {
    var events: [TimingEvent] = []
    var relearns: [RelearnCause] = []
    var frames = 0

    init(_ scene: SimulatedScene, course: Course? = nil, vision: VisionSettings = VisionSettings(),
         geometry: FrameGeometry = .identity) throws {
        var pipeline = try TimingPipeline(
            course: course ?? Course(posts: scene.posts, lengthMetres: scene.courseLength),
            vision: vision, geometry: geometry)
        var source = SimulatedCourseSource(scene: scene)
        let driven = Self.drive(&source, pipeline: &pipeline)
        events = driven.events
        relearns = driven.relearns
        frames = driven.frames
    }

    /// Every frame of `source` through `pipeline`, announcements taken as spoken at once, and
    /// what was still held for smoothing judged at the end.
    static func drive<Source: FrameSource>(_ source: inout Source, pipeline: inout TimingPipeline)
        -> (events: [TimingEvent], relearns: [RelearnCause], frames: Int) {
        var collected: [TimingEvent] = []
        var relearns: [RelearnCause] = []
        var frames = 0
        while source.nextFrame({ frame in
            var finished = false
            pipeline.process(frame) { event in
                collected.append(event)
                if case .result = event { finished = true }
                if case .invalid = event { finished = true }
            }
            if let cause = pipeline.lastOutput.relearn { relearns.append(cause) }
            if finished { pipeline.announcementFinished { collected.append($0) } }
        }) == .delivered {
            frames += 1
        }
        pipeline.finish { collected.append($0) }
        return (collected, relearns, frames)
    }

    var results: [RunResult] {
        events.compactMap { if case .result(let r) = $0 { r } else { nil } }
    }
    var invalidRuns: [InvalidRun] {
        events.compactMap { if case .invalid(let r) = $0 { r } else { nil } }
    }
    var starts: Int {
        events.filter { if case .start = $0 { true } else { false } }.count
    }
    var readies: Int {
        events.filter { if case .ready = $0 { true } else { false } }.count
    }
}

extension SimulatedScene {
    /// The standard course with one rider crossing the start post at `start` seconds.
    static func oneRider(speedKmh: Double = 31, start: Double = 4, duration: Double = 10,
                         direction: TravelDirection = .leftToRight) -> SimulatedScene {
        var scene = SimulatedScene(duration: duration)
        scene.riders = [SimulatedRider(direction: direction, startTime: start, motion: .constant(speed: speedKmh / 3.6))]
        return scene
    }
}
