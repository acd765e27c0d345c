import AllocationCounting
import FFmpegMedia
import GateSpeedCore
import GateSpeedFrames
import GateSpeedSimulation
import GateSpeedVision
import Glibc
import GateSpeedPlatform

/// `gatespeed bench [FILE] [--frames N]`: what the per-frame path costs, per stage, median and
/// p99 in microseconds, and its heap allocations per frame (the requirement is 0 in steady state).
///
/// Without FILE it times the built-in simulated scene at 320x240, 640x480 and 1280x720; with
/// FILE, the file's frames at its own size (and reports the decoding separately). The table
/// goes to stdout; a failure is one line on stderr. After the grey table come:
/// - colour: the per-frame path on colour frames (chroma sampling and the colour test), I420 in
///   full and NV12 and YUYV (a camera's own layouts) as whole frames;
/// - calibration: frames while the course is being learnt, on a view that never stills (the
///   path real footage with people about stays on), grey, I420 and YUYV;
/// - recorder hand-off: what `FrameHandoff.submit` (the copy into the recorder's pooled buffer)
///   costs the frame loop, per layout;
/// - live view: what `LiveView.offer` costs the frame loop with 0, 1 and 3 viewers (`LiveViewBench`).
///
/// Callgrind: every measured run starts with a call of `PipelineBench.callgrindSectionStarts`
/// (so `--dump-before='*callgrindSectionStarts*'` gives one profile per run, in the order they
/// are printed), and its production-path frames go through `PipelineBench.callgrindSteadyFrame`
/// or `callgrindCalibratingFrame`, whose inclusive cost over calls x pixels is the per-pixel cost;
/// the run's first frame (sizing every buffer, once) goes through `callgrindFirstFrame`.
/// GATESPEED_BENCH_SIZES (e.g. `320x240`) limits the built-in scene to those sizes;
/// GATESPEED_BENCH_RAW=FILE writes the colour scene's frames instead (`RawSceneWriter`).
enum BenchCommand {
    /// Frames per size when `--frames` is not given (20 s of the built-in scene at 30 fps).
    static let defaultFrames = 600
    static let sizes = [(320, 240), (640, 480), (1280, 720)]

    /// The sizes of the built-in scene to time: `sizes`, or those listed in the environment
    /// variable GATESPEED_BENCH_SIZES (e.g. `320x240,640x480`), so a run under callgrind, some
    /// fifty times slower, can keep to the size it measures.
    static var sceneSizes: [(Int, Int)] {
        guard let text = getenv("GATESPEED_BENCH_SIZES").map({ String(cString: $0) }) else { return sizes }
        let parsed = text.split(separator: ",").compactMap { item -> (Int, Int)? in
            let parts = item.split(separator: "x")
            guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w >= 16, h >= 16, w % 2 == 0, h % 2 == 0
            else { return nil }
            return (w, h)
        }
        return parsed.isEmpty ? sizes : parsed
    }

    /// Runs the benchmark; returns the exit status (0 done, 1 failure, 2 bad usage).
    /// With `sweep`, runs that many randomised scenes from `seed` instead (`SweepCommand`; true
    /// perspective with gate-plane timing when `perspective`).
    static func run(file: String?, frames: Int = defaultFrames, sweep: Int? = nil,
                    seed: UInt64 = SweepCommand.defaultSeed, perspective: Bool = false) -> Int32 {
        if let sweep { return SweepCommand.run(scenes: sweep, seed: seed, perspective: perspective) }
        guard frames >= 1 else {
            printError("gatespeed bench: --frames must be at least 1 (got \(frames))")
            return 2
        }
        if file == nil, let raw = getenv("GATESPEED_BENCH_RAW").map({ String(cString: $0) }) {
            let (width, height) = sceneSizes.first ?? (320, 240)
            return RawSceneWriter.run(path: raw, width: width, height: height, frames: frames)
        }
        let allocationProblem = AllocationCounter.problem()
        let clockCost = MonotonicClock.readCost()
        do throws(BenchFailure) {
            if let file, FileTrackerTrace.isOn {
                try FileTrackerTrace.print(file)
            } else if let file {
                try benchFile(file, frames: frames, clockCost: clockCost, allocationProblem: allocationProblem)
            } else {
                try benchScene(frames: frames, clockCost: clockCost, allocationProblem: allocationProblem)
            }
            return 0
        } catch {
            printError("gatespeed bench: \(error.message)")
            return 1
        }
    }

    private static func benchScene(frames: Int, clockCost: Double, allocationProblem: String?) throws(BenchFailure) {
        print(heading(BenchScene.description + ", \(frames) frames per size", clockCost: clockCost))
        print(BenchReport.header)
        var summaries: [String] = []
        let sizes = sceneSizes
        func run(_ scene: SimulatedScene, layout: StoredLayout, vision: VisionSettings = VisionSettings())
            throws(BenchFailure) -> BenchMeasurement {
            var source = SimulatedCourseSource(scene: scene)
            let course = Course(posts: scene.posts, lengthMetres: scene.courseLength)
            return try measure(&source, width: scene.width, height: scene.height, frames: frames, course: course,
                               clockCost: clockCost, allocationProblem: allocationProblem, layout: layout, vision: vision)
        }
        for (width, height) in sizes {
            let measurement = try run(BenchScene.make(width: width, height: height, frames: frames), layout: .grey)
            BenchReport.lines(for: measurement, fetchName: nil, allocationProblem: allocationProblem).forEach { print($0) }
            summaries.append(BenchReport.summary(for: measurement))
        }

        print("")
        print(BenchScene.colourDescription)
        print(BenchReport.header)
        for (width, height) in sizes {
            let scene = BenchScene.colour(width: width, height: height, frames: frames)
            let measurement = try run(scene, layout: .i420)
            BenchReport.lines(for: measurement, fetchName: nil, allocationProblem: allocationProblem).forEach { print($0) }
            summaries.append(BenchReport.summary(for: measurement))
            for layout in [StoredLayout.nv12, .yuyv] {
                print(BenchReport.layoutLine(for: try run(scene, layout: layout), allocationProblem: allocationProblem))
            }
        }

        print("")
        print(BenchScene.calibrationDescription)
        print(BenchReport.calibrationHeader)
        for (width, height) in sizes {
            let scene = BenchScene.walkers(width: width, height: height, frames: frames)
            for layout in [StoredLayout.grey, .i420, .yuyv] {
                let measurement = try run(scene, layout: layout, vision: neverLearnt)
                print(BenchReport.calibrationLine(for: measurement, allocationProblem: allocationProblem))
            }
        }

        print("")
        print(handoffDescription)
        print(BenchReport.handoffHeader)
        for (width, height) in sizes {
            var source = SimulatedCourseSource(scene: BenchScene.colour(width: width, height: height, frames: frames))
            try benchHandoff(&source, width: width, height: height, frames: frames, clockCost: clockCost,
                             allocationProblem: allocationProblem, layouts: StoredLayout.allCases)
        }

        print("")
        print(LiveViewBench.description)
        print(LiveViewBench.header)
        for (width, height) in sizes {
            var source = SimulatedCourseSource(scene: BenchScene.colour(width: width, height: height, frames: LiveViewBench.frames))
            var store = FrameStore(width: width, height: height, capacity: LiveViewBench.frames, layout: .i420)
            if case .fault(let reason) = store.fill(from: &source, limit: LiveViewBench.frames) {
                throw BenchFailure(message: reason)
            }
            for viewers in [0, 1, 3] {
                let measurement = LiveViewBench.measure(store, viewers: viewers, clockCost: clockCost,
                                                        countAllocations: allocationProblem == nil)
                print(LiveViewBench.line(measurement, allocationProblem: allocationProblem))
            }
        }
        summaries.forEach { print($0) }
    }

    /// Detector settings that never let the course be learnt: every frame is a calibration frame.
    static var neverLearnt: VisionSettings {
        var vision = VisionSettings()
        vision.calibrationWindowSeconds = .infinity
        return vision
    }

    static let handoffDescription = "recorder hand-off: FrameHandoff.submit on the frame loop"
        + " (the frame copied into a pooled I420 buffer, then queued)"

    /// Times the hand-off of up to `frames` frames of `source` in each of `layouts`.
    private static func benchHandoff<Source: FrameSource & ~Copyable>(
        _ source: inout Source, width: Int, height: Int, frames: Int, clockCost: Double, allocationProblem: String?,
        layouts: [StoredLayout]
    ) throws(BenchFailure) {
        // One batch is plenty for a copy; every layout gets the same frames.
        let count = min(frames, FrameStore.capacity(bytes: PipelineBench.batchBytes / 2, width: width, height: height,
                                                    layout: .yuyv))
        var stores = layouts.map { FrameStore(width: width, height: height, capacity: count, layout: $0) }
        var held = FrameStore(width: width, height: height, capacity: count, layout: .i420)
        if case .fault(let reason) = held.fill(from: &source, limit: count) { throw BenchFailure(message: reason) }
        guard width % 2 == 0, height % 2 == 0, held.count > 0 else { return }
        for index in stores.indices {
            var replay = StoreReplay(store: held)
            _ = stores[index].fill(from: &replay, limit: count)
            let measurement = HandoffBench.measure(stores[index], clockCost: clockCost,
                                                   countAllocations: allocationProblem == nil)
            print(BenchReport.handoffLine(for: measurement, allocationProblem: allocationProblem))
        }
    }

    private static func benchFile(_ path: String, frames: Int, clockCost: Double,
                                  allocationProblem: String?) throws(BenchFailure) {
        let source: VideoFileSource
        do {
            source = try VideoFileSource(path: path)
        } catch {
            throw BenchFailure(message: error.description)
        }
        var frameSource = source
        let what = "\(path) (\(source.codecName) \(source.frameWidth)x\(source.frameHeight)), up to \(frames) frames"
        print(heading(what, clockCost: clockCost))
        print(BenchReport.header)
        let width = source.frameWidth, height = source.frameHeight
        let peek = try open(path)
        var hasChroma = false
        _ = peek.nextFrame { hasChroma = $0.chromaBlue != nil && $0.chromaRed != nil }
        let layout: StoredLayout = hasChroma && width % 2 == 0 && height % 2 == 0 ? .i420 : .grey
        let measurement = try measure(&frameSource, width: width, height: height,
                                      frames: frames, course: .standard, clockCost: clockCost,
                                      allocationProblem: allocationProblem, layout: layout)
        if let fault = measurement.sourceFault { throw BenchFailure(message: "\(path): \(fault)") }
        BenchReport.lines(for: measurement, fetchName: "decode", allocationProblem: allocationProblem).forEach { print($0) }

        // The same file, never letting the course be learnt: what the frames cost while calibrating.
        print("")
        print("calibration: the same frames while the course is being learnt (never learnt here)")
        print(BenchReport.calibrationHeader)
        var again = try open(path)
        let calibrating = try measure(&again, width: width, height: height, frames: frames, course: .standard,
                                      clockCost: clockCost, allocationProblem: allocationProblem, layout: layout,
                                      vision: neverLearnt)
        print(BenchReport.calibrationLine(for: calibrating, allocationProblem: allocationProblem))

        if width % 2 == 0, height % 2 == 0 {
            print("")
            print(handoffDescription)
            print(BenchReport.handoffHeader)
            var more = try open(path)
            try benchHandoff(&more, width: width, height: height, frames: frames, clockCost: clockCost,
                             allocationProblem: allocationProblem, layouts: layout == .grey ? [.grey] : StoredLayout.allCases)
        }
        print(BenchReport.summary(for: measurement))
    }

    private static func open(_ path: String) throws(BenchFailure) -> VideoFileSource {
        do {
            return try VideoFileSource(path: path)
        } catch {
            throw BenchFailure(message: error.description)
        }
    }

    private static func measure<Source: FrameSource & ~Copyable>(
        _ source: inout Source, width: Int, height: Int, frames: Int, course: Course, clockCost: Double,
        allocationProblem: String?, layout: StoredLayout = .grey, vision: VisionSettings = VisionSettings()
    ) throws(BenchFailure) -> BenchMeasurement {
        do {
            return try PipelineBench.measure(&source, width: width, height: height, frames: frames, course: course,
                                             clockCost: clockCost, countAllocations: allocationProblem == nil,
                                             layout: layout, vision: vision)
        } catch {
            throw BenchFailure(message: "the course is not usable: \(error)")
        }
    }

    private static func heading(_ what: String, clockCost: Double) -> String {
        #if DEBUG
        let build = "debug build (not representative: use swift build -c release)"
        #else
        let build = "release build"
        #endif
        return "gatespeed bench: \(what), \(build), one thread on \(sysconf(Int32(_SC_NPROCESSORS_ONLN))) cores;"
            + " each time less one clock read (\(BenchReport.fixed(clockCost, 0)) ns)"
    }

    private static func printError(_ line: String) {
        Log.writeToStandardError(line + "\n")
    }
}

/// Why the benchmark could not run, one line.
struct BenchFailure: Error {
    var message: String
}
