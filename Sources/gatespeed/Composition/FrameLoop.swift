import Foundation
import GateSpeedBoard
import GateSpeedCore
import GateSpeedEngine
import GateSpeedFrames
import GateSpeedRecording
import GateSpeedService
import GateSpeedVision

/// How the loop paces itself and when it stops.
struct LoopPacing {
    /// Wait until each frame's time has come on the wall clock (the demo's real cadence).
    var realTime = false
    /// Stop after this many seconds of source time.
    var stopAfter: Double?
    /// Give the recorder time to take every frame (replay); never for a live camera.
    var recorderMayBlock = false
    /// Seconds of source time (from the first frame), ascending, at which a short button press
    /// is simulated (the demo's highlights).
    var scriptedPresses: [Double] = []
}

/// What the loop did, for the `summary` event.
struct LoopSummary {
    var lastTime = 0.0
    var statistics = FrameSourceStatistics()
    var wallSeconds = 0.0
}

/// The tight loop: frame -> pipeline -> events; the recorder gets a copy of the frame with the
/// overlay of that moment. Everything slow happens on other threads behind bounded queues.
/// Generic over the source, so nothing on the per-frame path goes through an existential.
struct FrameLoop {
    var pipeline: TimingPipeline
    let sink: EventSink
    let recorder: Recorder?
    let commands: LoopCommands
    let shutdown: ShutdownSignal
    let notifier: SystemdNotifier?
    let log: Log
    /// Told when the LEDs should show something else (events only).
    let indicate: (IndicatorState) -> Void
    /// Told when the course has been learnt (the camera locks exposure then) or is relearnt.
    var onCalibrated: () -> Void = {}
    var onRecalibrating: () -> Void = {}
    /// Told when clips stop or resume for lack of disk space (the status LED blinks fast).
    var storageFault: (Bool) -> Void = { _ in }
    private var clipsSuspended = false
    private var presentation: Presentation
    private var handled = (rearm: 0, recalibrate: 0, highlight: 0, announcements: 0, sessions: 0, sessionRequests: 0)
    private var inFault = false
    private var lastCalibrationLog = -Double.infinity
    /// Events of the current step, collected while the pipeline runs and posted after it.
    private var eventBuffer: [TimingEvent] = []

    init(pipeline: TimingPipeline, sink: EventSink, recorder: Recorder?, commands: LoopCommands,
         shutdown: ShutdownSignal, notifier: SystemdNotifier?, log: Log, indicate: @escaping (IndicatorState) -> Void) {
        self.pipeline = pipeline
        self.sink = sink
        self.recorder = recorder
        self.commands = commands
        self.shutdown = shutdown
        self.notifier = notifier
        self.log = log
        self.indicate = indicate
        presentation = Presentation(course: pipeline.machine.course, postViewX: pipeline.postViewX)
        eventBuffer.reserveCapacity(32)
    }

    /// Runs `step` on the pipeline, then posts the events it emitted (the pipeline cannot be
    /// touched by `post` while it is running). No allocation: the buffer is reused.
    private mutating func withPipeline(_ step: (inout TimingPipeline, (TimingEvent) -> Void) -> Void) {
        var events: [TimingEvent] = []
        swap(&events, &eventBuffer)
        events.removeAll(keepingCapacity: true)
        step(&pipeline) { events.append($0) }
        for event in events { post(event) }
        swap(&events, &eventBuffer)
    }

    static func monotonicNow() -> Double { SystemdNotifier.monotonicNow() }

    mutating func run<Source: FrameSource>(_ source: inout Source, pacing: LoopPacing) -> LoopSummary {
        let wallStart = Self.monotonicNow()
        var firstFrameTime: Double?
        var summary = LoopSummary()
        var presses = 0
        indicate(presentation.indicator)
        while !shutdown.isRequested {
            var stop = false
            let outcome = source.nextFrame { frame in
                if let limit = pacing.stopAfter, let first = firstFrameTime, frame.timestamp - first > limit {
                    stop = true
                    return
                }
                if firstFrameTime == nil { firstFrameTime = frame.timestamp }
                if presses < pacing.scriptedPresses.count, let first = firstFrameTime,
                   frame.timestamp - first >= pacing.scriptedPresses[presses] {
                    presses += 1
                    commands.requestHighlight()
                }
                if pacing.realTime, let first = firstFrameTime {
                    let due = wallStart + (frame.timestamp - first)
                    let wait = due - Self.monotonicNow()
                    if wait > 0 { Thread.sleep(forTimeInterval: wait) }
                }
                analyse(frame)
                if let recorder {
                    _ = recorder.submit(frame, overlay: presentation.overlay, waitForRoom: pacing.recorderMayBlock)
                }
                summary.lastTime = frame.timestamp
            }
            if stop { break }
            switch outcome {
            case .delivered, .skipped:
                if inFault { inFault = false; log.info("frames are coming again") }
            case .fault(let reason):
                if !inFault {
                    inFault = true
                    log.error("frame source fault: \(reason)")
                    withPipeline { pipeline, emit in pipeline.sourceLost(emit: emit) }
                    if presentation.fault() { indicate(presentation.indicator) }
                }
            case .endOfStream:
                // Samples still held for smoothing are judged: a run that finished on the last frames counts.
                withPipeline { pipeline, emit in pipeline.finish(emit: emit) }
                summary.statistics = source.statistics
                summary.wallSeconds = Self.monotonicNow() - wallStart
                return summary
            }
            notifier?.watchdogPing(now: Self.monotonicNow())
            handleCommands()
            if let recorder, recorder.clipsSuspended != clipsSuspended {
                clipsSuspended.toggle()
                storageFault(clipsSuspended)
            }
        }
        summary.statistics = source.statistics
        summary.wallSeconds = Self.monotonicNow() - wallStart
        return summary
    }

    private mutating func analyse(_ frame: VideoFrame) {
        let wasReady = pipeline.detector.phase == .ready
        withPipeline { pipeline, emit in pipeline.process(frame, emit: emit) }
        let output = pipeline.lastOutput
        if let cause = output.relearn {
            log.warning("relearning the empty course (\(cause.rawValue))")
            if presentation.calibrating() { indicate(presentation.indicator) }
            onRecalibrating()
        }
        if output.becameReady { onCalibrated() }
        if output.restlessView {
            log.info("calibrating: the view never stills completely (leaves, water, flags?); learning it with the small movements in")
        }
        if !wasReady && output.phase == .calibrating && frame.timestamp - lastCalibrationLog >= 5 {
            lastCalibrationLog = frame.timestamp
            if output.motionFraction > 0 {
                log.info(String(format: "calibrating: %.1f %% of the view is moving; keep the course clear and the camera still",
                                output.motionFraction * 100))
            }
        }
        presentation.tick(t: frame.timestamp)
        let started = sink.sessionsStarted.load(ordering: .acquiring)
        if started != handled.sessions, let board = sink.latestSession {
            // The journal began a session (date change or command): its tally is the truth.
            handled.sessions = started
            if let restored = try? Scoreboard(runs: board.runs, passes: board.passes, totalKmh: board.totalKmh) {
                pipeline.restore(scoreboard: restored)
                post(.session(t: frame.timestamp, restored))
            }
        }
        let finished = sink.announcementsFinished.load(ordering: .acquiring)
        while handled.announcements < finished {
            handled.announcements += 1
            withPipeline { pipeline, emit in pipeline.announcementFinished(emit: emit) }
        }
    }

    /// Every timing event goes to the sink (printing, journal, speech), the presentation
    /// (overlay, LEDs) and, for a valid run, the recorder (its clip).
    private mutating func post(_ event: TimingEvent) {
        if presentation.apply(event, now: Self.monotonicNow()) { indicate(presentation.indicator) }
        if case .result(let r) = event, let recorder, let start = r.crossingTimes.first {
            recorder.requestRunClip(RunClipRequest(number: pipeline.machine.scoreboard.runs, startTime: start,
                                                   finishTime: r.t, speedKmh: r.speedKmh, pass: r.pass))
        }
        sink.post(.timing(event))
    }

    private mutating func handleCommands() {
        let counts = commands.counts
        if counts.newSession > handled.sessionRequests {
            handled.sessionRequests = counts.newSession
            sink.requestNewSession()
        }
        if counts.recalibrate > handled.recalibrate {
            handled.recalibrate = counts.recalibrate
            pipeline.recalibrate()
            if presentation.calibrating() { indicate(presentation.indicator) }
            onRecalibrating()
        }
        if counts.rearm > handled.rearm {
            handled.rearm = counts.rearm
            withPipeline { pipeline, emit in pipeline.rearm(emit: emit) }
        }
        if counts.highlight > handled.highlight {
            handled.highlight = counts.highlight
            let t = pipeline.lastFrameTime
            if let recorder {
                if recorder.requestHighlight(at: t) { sink.post(.highlight(t: t)) }
                else { log.info("highlight ignored: one was marked less than the cooldown ago") }
            } else {
                sink.post(.highlight(t: t))
            }
        }
    }
}
