import AllocationCounting
import GateSpeedCore
import GateSpeedEngine
import GateSpeedFrames
import GateSpeedVision
import Synchronization
import GateSpeedPlatform

/// What the per-frame path cost on one sequence of frames.
struct BenchMeasurement {
    var width: Int
    var height: Int
    /// How the frames were laid out in memory.
    var layout = StoredLayout.grey
    /// Frames the pipeline was timed on.
    var frames = 0
    /// Per stage (indexed by `FrameStage.rawValue`), over the steady-state frames that reached it.
    var stages: [DurationSummary?] = []
    /// The whole frame on the production path (no stage probe), steady state.
    var steadyFrame: DurationSummary?
    /// The whole frame while the empty course was being learnt (and on relearning).
    var calibrationFrame: DurationSummary?
    /// Producing a frame: decoding a file, or rendering the simulated scene.
    var fetch: DurationSummary?
    /// Heap allocations during steady-state frames, and how many of those frames allocated at all.
    var steadyAllocations = 0
    var steadyFramesAllocating = 0
    /// Steady-state frames that allocated while the timing machine emitted an event.
    var allocatingFramesWithEvents = 0
    /// Heap allocations during calibration frames after the first frame of the run (which sizes
    /// every buffer), not counting the frame that finishes learning the course.
    var calibrationAllocations = 0
    var calibrationFramesCounted = 0
    /// Of those, the frames in which the view counted as still (little changed since the last).
    var stillFrames = 0
    var runsTimed = 0
    var invalidRuns = 0
    /// Why the source stopped early, if it failed.
    var sourceFault: String?

    var steadyFrames: Int { steadyFrame?.count ?? 0 }
}

/// Times the per-frame path (`TimingPipeline`) on frames held in memory.
///
/// Two pipelines see the same frames: one through a `StageTimingProbe` (the stage breakdown),
/// one through the production entry point with only a clock read either side (the whole frame
/// and its allocations, undisturbed by the probe). Frames are taken from the source in batches
/// as large as `FrameStore` allows, so rendering and decoding are never inside a timed interval.
/// A frame is steady state once the course is learnt; the frame that finishes learning and
/// frames while relearning count as calibration.
///
/// For callgrind, the production-path frames go through `callgrindFirstFrame` (a run's first
/// frame, which sizes the buffers), `callgrindSteadyFrame` (the course was learnt before the
/// frame) or `callgrindCalibratingFrame`, and each measured run starts with a
/// call of `callgrindSectionStarts`, so `--dump-before='*callgrindSectionStarts*'` gives one
/// profile per run (see `BenchCommand`).
enum PipelineBench {
    /// Largest batch of frames held in memory, bytes.
    static let batchBytes = 128 << 20
    /// Runs started, so that the section marker has an effect the compiler keeps.
    static let sectionsStarted = Atomic<Int>(0)

    /// Called once before each measured run: where callgrind cuts its profiles.
    @inline(never)
    static func callgrindSectionStarts() {
        sectionsStarted.add(1, ordering: .relaxed)
    }

    /// The first production-path frame of a run: it sizes every buffer and builds the grid's tables
    /// (once a run, and again only when the frame layout changes), then starts learning the course.
    @inline(never)
    static func callgrindFirstFrame(_ pipeline: inout TimingPipeline, _ frame: VideoFrame,
                                    emit: (TimingEvent) -> Void) {
        pipeline.process(frame, emit: emit)
    }

    /// One production-path frame of a pipeline whose course was learnt before it.
    @inline(never)
    static func callgrindSteadyFrame(_ pipeline: inout TimingPipeline, _ frame: VideoFrame,
                                     emit: (TimingEvent) -> Void) {
        pipeline.process(frame, emit: emit)
    }

    /// One production-path frame of a pipeline still learning the course (not the run's first frame).
    @inline(never)
    static func callgrindCalibratingFrame(_ pipeline: inout TimingPipeline, _ frame: VideoFrame,
                                          emit: (TimingEvent) -> Void) {
        pipeline.process(frame, emit: emit)
    }

    /// - Parameters:
    ///   - clockCost: nanoseconds one clock read adds to a measured interval (subtracted).
    ///   - countAllocations: false when allocation counting does not work in this build.
    ///   - layout: how the frames are laid out in memory (converted from the source's).
    ///   - vision: the detector's settings (the calibration runs never let the course be learnt).
    static func measure<Source: FrameSource & ~Copyable>(
        _ source: inout Source, width: Int, height: Int, frames: Int, course: Course,
        clockCost: Double, countAllocations: Bool, layout: StoredLayout = .grey,
        vision: VisionSettings = VisionSettings()
    ) throws(ConfigurationError) -> BenchMeasurement {
        var store = FrameStore(width: width, height: height,
                               capacity: min(frames, FrameStore.capacity(bytes: batchBytes, width: width, height: height,
                                                                         layout: layout)),
                               layout: layout)
        var probe = StageTimingProbe(frameCapacity: frames)
        var staged = try TimingPipeline(course: course, vision: vision)
        var plain = try TimingPipeline(course: course, vision: vision)
        var wholeNanoseconds = [UInt64](repeating: 0, count: frames)
        var fetchNanoseconds = [UInt64](repeating: 0, count: frames)
        var allocations = [Int](repeating: 0, count: frames)
        var emitted = [Bool](repeating: false, count: frames)
        var stagedSteady = [Bool](repeating: false, count: frames)
        var plainSteady = [Bool](repeating: false, count: frames)
        var plainOutputs = [DetectorOutput](repeating: DetectorOutput(), count: frames)
        var results = 0, invalid = 0
        var done = 0
        var fault: String?

        callgrindSectionStarts()
        while done < frames {
            let end = store.fill(from: &source, limit: frames - done)
            for i in 0..<store.count { fetchNanoseconds[done + i] = store.fetchNanoseconds[i] }
            if countAllocations { AllocationCounter.start() }
            store.forEachFrame { i, frame in
                let n = done + i
                var finished = false
                probe.beginFrame(n)
                staged.process(frame, probe: &probe) { event in finished = finished || endsRun(event) }
                stagedSteady[n] = isSteady(staged.lastOutput)
                if finished { staged.announcementFinished { _ in } }
            }
            store.forEachFrame { i, frame in
                let n = done + i
                var finished = false
                var anyEvent = false
                let learnt = plain.lastOutput.phase == .ready
                let allocationsBefore = AllocationCounter.count
                let started = MonotonicClock.nanoseconds()
                func emit(_ event: TimingEvent) {
                    anyEvent = true
                    if case .result = event { results += 1; finished = true }
                    if case .invalid = event { invalid += 1; finished = true }
                }
                if n == 0 {
                    callgrindFirstFrame(&plain, frame, emit: emit)
                } else if learnt {
                    callgrindSteadyFrame(&plain, frame, emit: emit)
                } else {
                    callgrindCalibratingFrame(&plain, frame, emit: emit)
                }
                wholeNanoseconds[n] = MonotonicClock.nanoseconds() &- started
                allocations[n] = AllocationCounter.count - allocationsBefore
                emitted[n] = anyEvent
                plainSteady[n] = isSteady(plain.lastOutput)
                plainOutputs[n] = plain.lastOutput
                if finished { plain.announcementFinished { _ in } }
            }
            AllocationCounter.stop()
            done += store.count
            if case .fault(let reason) = end { fault = reason }
            if end != nil { break }
        }

        var measurement = BenchMeasurement(width: width, height: height, layout: layout)
        measurement.frames = done
        measurement.sourceFault = fault
        measurement.runsTimed = results
        measurement.invalidRuns = invalid
        let micro = { (nanoseconds: UInt64) in max(0, Double(nanoseconds) - clockCost) / 1000 }
        measurement.steadyFrame = DurationSummary((0..<done).filter { plainSteady[$0] }.map { micro(wholeNanoseconds[$0]) })
        measurement.calibrationFrame = DurationSummary((0..<done).filter { !plainSteady[$0] }.map { micro(wholeNanoseconds[$0]) })
        measurement.fetch = DurationSummary((0..<done).map { Double(fetchNanoseconds[$0]) / 1000 })
        measurement.stages = FrameStage.allCases.map { stage in
            DurationSummary((0..<done).filter { stagedSteady[$0] }.compactMap { probe.duration(of: stage, frame: $0) }.map(micro))
        }
        for n in 0..<done where plainSteady[n] && allocations[n] > 0 {
            measurement.steadyAllocations += allocations[n]
            measurement.steadyFramesAllocating += 1
            if emitted[n] { measurement.allocatingFramesWithEvents += 1 }
        }
        for n in 1..<max(1, done) where !plainSteady[n] && !plainOutputs[n].becameReady {
            measurement.calibrationAllocations += allocations[n]
            measurement.calibrationFramesCounted += 1
            if plainOutputs[n].motionFraction < vision.stillMotionFraction { measurement.stillFrames += 1 }
        }
        return measurement
    }

    /// Steady state: the course is learnt, and this frame neither finished learning it nor started over.
    private static func isSteady(_ output: DetectorOutput) -> Bool {
        output.phase == .ready && !output.becameReady && output.relearn == nil
    }

    private static func endsRun(_ event: TimingEvent) -> Bool {
        switch event {
        case .result, .invalid: true
        default: false
        }
    }
}
