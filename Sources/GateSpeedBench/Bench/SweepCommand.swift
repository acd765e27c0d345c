import Dispatch
import GateSpeedCore
import GateSpeedEngine
import GateSpeedFrames
import GateSpeedGeometry
import GateSpeedSimulation
import Glibc
import Synchronization
import GateSpeedPlatform

/// `gatespeed bench --sweep N [--seed S]`: judges N randomised scenes (`SceneSweep`, seeds S to
/// S + N - 1) through the whole per-frame path and prints the sweep's figures: detection rate,
/// speed-error percentiles of detected runs, false starts, what the failures had in common and
/// the worst runs by seed. `--sweep 1 --seed S` replays scene S alone.
///
/// Each scene goes through its own `TimingPipeline` with the image-rule posts, frame by frame at
/// the scene's cadence, announcements taken as spoken at once. Scenes are judged on every core;
/// the report is the same whatever the number of cores (it is assembled in seed order).
///
/// `--perspective` judges `PerspectiveSweep`'s true-perspective scenes instead: the posts marked
/// as a user taps them, the camera solved from the marks, gate-plane timing.
enum SweepCommand {
    /// Seed of the first scene when `--seed` is not given.
    static let defaultSeed: UInt64 = 1

    /// Runs the sweep; returns the exit status (0 done, 1 failure, 2 bad usage).
    static func run(scenes: Int, seed: UInt64 = defaultSeed, perspective: Bool = false) -> Int32 {
        guard scenes >= 1 else {
            Log.writeToStandardError("gatespeed bench: --sweep must be at least 1 (got \(scenes))\n")
            return 2
        }
        let began = MonotonicClock.nanoseconds()
        let threads = max(1, min(scenes, sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        let judged: [Judged]
        do throws(SweepFailure) {
            let judgeFlat: @Sendable (UInt64) throws(SweepFailure) -> Judged = { seed throws(SweepFailure) in
                try judge(SceneSweep.scene(seed: seed))
            }
            let judgePerspective: @Sendable (UInt64) throws(SweepFailure) -> Judged = { seed throws(SweepFailure) in
                try judge(PerspectiveSweep.scene(seed: seed))
            }
            judged = try judgeAll(first: seed, count: scenes, threads: threads,
                                  judge: perspective ? judgePerspective : judgeFlat)
        } catch {
            Log.writeToStandardError("gatespeed bench: the course is not usable: \(error.message)\n")
            return 1
        }
        var tally = SweepTally()
        judged.forEach { tally.add($0.outcome) }
        let seconds = Double(MonotonicClock.nanoseconds() - began) / 1e9
        let frames = judged.reduce(0) { $0 + $1.frames }
        #if DEBUG
        let build = "debug build"
        #else
        let build = "release build"
        #endif
        let last = seed &+ UInt64(scenes - 1)
        print("gatespeed bench --sweep \(scenes) --seed \(seed)" + (perspective ? " --perspective" : "") + ": scenes \(seed)…\(last), \(tally.runCount) runs ridden, "
              + "\(frames) frames in " + BenchReport.fixed(seconds, 1) + " s (\(build), \(threads) threads)")
        // GATESPEED_SWEEP_WORST=N lists N failed runs and N largest errors (to split the work).
        let listed = getenv("GATESPEED_SWEEP_WORST").flatMap { Int(String(cString: $0)) }.map { max(0, $0) }
        SweepReport.lines(tally, worst: listed ?? 10, largest: listed ?? 3).forEach { print($0) }
        // Colour and grey runs apart (the report lists only the traits that fail most).
        let byTrait = tally.failuresByTrait()
        if let colour = byTrait.first(where: { $0.trait == .colour }) {
            let grey = (total: tally.runCount - colour.total, failed: tally.runCount - tally.detectedCount - colour.failed)
            print("colour camera runs: \(colour.failed) of \(colour.total) failed ("
                  + BenchReport.fixed(100 * Double(colour.failed) / Double(max(1, colour.total)), 1) + " %); grey runs: "
                  + "\(grey.failed) of \(grey.total) failed ("
                  + BenchReport.fixed(100 * Double(grey.failed) / Double(max(1, grey.total)), 1) + " %)")
        }
        if let only = judged.first, judged.count == 1, perspective {
            let sweep = PerspectiveSweep.scene(seed: seed)
            printReplay(sweep.description, runs: sweep.runs, events: only.events)
            // GATESPEED_SWEEP_TRACE=1: every frame's gate-plane reading against the truth.
            let trace = getenv("GATESPEED_SWEEP_TRACE").map { String(cString: $0) }
            if trace == "tracker" {
                do throws(SweepFailure) { try SweepPerspectiveTrackerTrace.print(sweep) } catch { return 1 }
            } else if trace != nil && !SweepDetectorTrace.isOn {
                do throws(SweepFailure) { try SweepPerspectiveTrace.print(sweep) } catch { return 1 }
            }
        } else if let only = judged.first, judged.count == 1 {
            let sweep = SceneSweep.scene(seed: seed)
            printReplay(sweep.description, runs: sweep.runs, events: only.events)
            // GATESPEED_SWEEP_TRACE=1: every frame's timed position and every crossing against the truth
            // (=detector: what the detector made of each frame, printed as the scene is judged;
            // =tracker: what the tracker follows, frame by frame, against where the riders are;
            // =light: the detector's frames with the light field and the cloud's front).
            let trace = getenv("GATESPEED_SWEEP_TRACE").map { String(cString: $0) }
            if trace == "tracker" {
                SweepTrackerTrace.print(sweep)
            } else if trace != nil && !SweepDetectorTrace.isOn && !SweepLightTrace.isOn {
                do throws(ConfigurationError) { try SweepTrace.print(sweep) } catch { return 1 }
            }
        }
        return 0
    }

    /// A replay's head: the scene, the truth of each run and what the pipeline said, to see where
    /// it went wrong.
    private static func printReplay<Run: SweepCountedRun>(_ description: String, runs: [Run], events: [SweepEvent]) {
        print(description)
        for (index, run) in runs.enumerated() { print("  run \(index + 1): " + run.summary) }
        print("  events: " + events.map(\.summary).joined(separator: ", "))
    }

    /// One scene's verdicts, the events they were judged from, and the frames it took.
    struct Judged: Sendable {
        var outcome: SweepSceneOutcome
        var events: [SweepEvent]
        var frames: Int
    }

    /// Why a sweep could not judge its scenes: a course the pipeline or the camera solver refused.
    struct SweepFailure: Error {
        var message: String
    }

    /// Judges scenes `first` … `first + count - 1` with `judge` on `threads` threads, in seed order.
    private static func judgeAll(first: UInt64, count: Int, threads: Int,
                                 judge: @Sendable (UInt64) throws(SweepFailure) -> Judged) throws(SweepFailure) -> [Judged] {
        let next = Atomic<Int>(0)
        let results = Mutex<[Judged?]>([Judged?](repeating: nil, count: count))
        let failure = Mutex<SweepFailure?>(nil)
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            while true {
                let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index < count, failure.withLock({ $0 == nil }) else { return }
                do throws(SweepFailure) {
                    let judged = try judge(first &+ UInt64(index))
                    results.withLock { $0[index] = judged }
                } catch {
                    failure.withLock { $0 = error }
                }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
        return results.withLock { $0.compactMap { $0 } }
    }

    /// Runs `sweep`'s scene through a fresh pipeline and judges the events it gave.
    static func judge(_ sweep: SweepScene) throws(SweepFailure) -> Judged {
        let scene = sweep.scene
        var pipeline: TimingPipeline
        do throws(ConfigurationError) {
            pipeline = try TimingPipeline(course: Course(posts: scene.posts, lengthMetres: scene.courseLength))
        } catch {
            throw SweepFailure(message: "seed \(sweep.seed): \(error)")
        }
        var source = SimulatedCourseSource(scene: scene)
        let tracing = SweepLightTrace.isOn
        let driven = drive(&source, &pipeline, printingEvents: tracing) { pipeline in
            if tracing { print(SweepLightTrace.line(pipeline, scene: scene)) }
            if SweepDetectorTrace.isOn { SweepDetectorTrace.line(pipeline.lastOutput, detector: pipeline.detector) }
        }
        return Judged(outcome: SweepSceneOutcome(judging: driven.events, of: sweep), events: driven.events, frames: driven.frames)
    }

    /// Runs a perspective scene as a user sets it up: the posts marked on the view (with the
    /// scene's mark noise, written to four decimals), the camera's height, distance and lens
    /// typed in, the camera solved from them; then every frame through a fresh pipeline with
    /// gate-plane timing.
    static func judge(_ sweep: PerspectiveSweepScene) throws(SweepFailure) -> Judged {
        var (pipeline, _) = try perspectivePipeline(sweep)
        var source = PerspectiveCourseSource(scene: sweep.scene)
        let driven = drive(&source, &pipeline, printingEvents: SweepDetectorTrace.isOn) { pipeline in
            if SweepDetectorTrace.isOn { SweepDetectorTrace.line(pipeline.lastOutput, detector: pipeline.detector) }
        }
        let outcome = SweepSceneOutcome(judging: driven.events, seed: sweep.seed, runs: sweep.runs,
                                        sceneTraits: sweep.sceneTraits, description: sweep.parameters)
        return Judged(outcome: outcome, events: driven.events, frames: driven.frames)
    }

    /// The gate-plane pipeline a user would set up for a perspective scene, and its solved course.
    static func perspectivePipeline(_ sweep: PerspectiveSweepScene) throws(SweepFailure) -> (TimingPipeline, GateCourse) {
        let scene = sweep.scene, geometry = sweep.geometry, camera = scene.camera
        let marks = sweep.viewMarks.map { GateSurvey.Mark(baseX: $0.base.x, baseY: $0.base.y, topX: $0.top.x, topY: $0.top.y) }
        let hints = CameraHints(heightMetres: camera.heightMetres, distanceMetres: camera.distanceMetres,
                                horizontalFieldOfViewDegrees: camera.horizontalFieldOfViewDegrees)
        let survey = GateSurvey(marks: marks, poleHeightMetres: scene.poleHeightMetres, camera: hints,
                                sensorWidth: camera.width, sensorHeight: camera.height)
        let marked: MarkedCourse
        switch MarkedCourse.solve(survey, lengthMetres: scene.courseLength, frameGeometry: geometry) {
        case .success(let solved): marked = solved
        case .failure(let failure): throw SweepFailure(message: "seed \(sweep.seed): the marked posts give no camera: \(failure)")
        }
        do throws(ConfigurationError) {
            return (try marked.pipeline(), marked.gate)
        } catch {
            throw SweepFailure(message: "seed \(sweep.seed): \(error)")
        }
    }

    /// Every frame of `source` through `pipeline`, `afterFrame` after each, announcements taken as
    /// spoken at once; what was still held for smoothing judged at the end (as the service does).
    /// Returns the events a sweep judges and the frames delivered.
    private static func drive<Source: FrameSource>(_ source: inout Source, _ pipeline: inout TimingPipeline,
                                                   printingEvents: Bool, afterFrame: (TimingPipeline) -> Void)
        -> (events: [SweepEvent], frames: Int) {
        var events: [SweepEvent] = []
        var frames = 0
        while source.nextFrame({ frame in
            var runEnded = false
            pipeline.process(frame) { event in
                guard let judged = sweepEvent(event) else { return }
                if printingEvents { print("  event " + judged.summary) }
                events.append(judged)
                switch judged {
                case .result, .invalid: runEnded = true
                case .ready, .start: break
                }
            }
            afterFrame(pipeline)
            if runEnded { pipeline.announcementFinished { _ in } }
        }) == .delivered {
            frames += 1
        }
        pipeline.finish { event in if let judged = sweepEvent(event) { events.append(judged) } }
        return (events, frames)
    }

    /// The events a sweep judges, in its own terms; nil for the others (post).
    private static func sweepEvent(_ event: TimingEvent) -> SweepEvent? {
        func travel(_ direction: Direction) -> TravelDirection { direction == .leftToRight ? .leftToRight : .rightToLeft }
        return switch event {
        case .start(let t, _, let direction): .start(t: t, direction: travel(direction))
        case .result(let result): .result(speedKmh: result.speedKmh, crossingTimes: result.crossingTimes,
                                          direction: travel(result.direction), uncertaintyKmh: result.uncertaintyKmh)
        case .invalid(let run): .invalid(t: run.t, reason: run.reason.rawValue)
        case .ready(let t): .ready(t: t)
        case .post: nil
        }
    }
}
