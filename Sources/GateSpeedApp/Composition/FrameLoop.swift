import Foundation
import GateSpeedBoard
import GateSpeedCore
import GateSpeedEngine
import GateSpeedFrames
import GateSpeedLiveView
import GateSpeedRecording
import GateSpeedVision
import GateSpeedPlatform

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
    /// Told when the disk refuses clips (suspended for space) or the journal (results waiting
    /// in memory), and when both are fine again: the status LED blinks fast meanwhile.
    var storageFault: (Bool) -> Void = { _ in }
    /// systemd's `STATUS=` line: the phase and the faults (nil: not under systemd, or not wanted).
    var status: ServiceStatusReporter?
    /// The pages' live view: offered every frame (one atomic load while nobody watches).
    var liveView: LiveView?
    /// A pipeline for a course saved on the pages, swapped in at the next frame (nil: none).
    var courseHandover: PipelineHandover?
    private var courseGeneration = 0
    private var walkthroughsHandled = 0
    /// Wall-clock seconds on a monotonic line (the real-time pacing, the watchdog, the LEDs'
    /// timing, `wall_s`); tests inject a `ManualClock`'s.
    var clock: @Sendable () -> Double = { MonotonicClock.seconds() }
    private var clipsSuspended = false
    private var journalFaulted = false
    private var presentation: Presentation
    private var handled = (rearm: 0, recalibrate: 0, highlight: 0, announcements: 0, scoreboards: 0, sessionRequests: 0)
    private var inFault = false
    /// Whether `notifier` may feed the watchdog (frames arrive, or the camera is being reopened).
    private var watchdog = WatchdogRule(startedAt: 0)
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
        // A result stays on the overlay for its clip's post-roll (and a frame more).
        presentation = Presentation(course: pipeline.machine.course, postViewX: pipeline.postViewX,
                                    resultHoldSeconds: (recorder?.settings.timing.postRoll ?? 0) + 0.1)
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

    static func monotonicNow() -> Double { MonotonicClock.seconds() }

    mutating func run<Source: FrameSource>(_ source: inout Source, pacing: LoopPacing) -> LoopSummary {
        let wallStart = clock()
        var firstFrameTime: Double?
        var summary = LoopSummary()
        var presses = 0
        watchdog = WatchdogRule(startedAt: wallStart)
        show()
        while !shutdown.isRequested {
            var stop = false
            let outcome = source.nextFrame { frame in
                if let limit = pacing.stopAfter, let first = firstFrameTime, frame.timestamp - first > limit {
                    stop = true
                    return
                }
                if firstFrameTime == nil, TimestampRules.isUsable(frame.timestamp) { firstFrameTime = frame.timestamp }
                if presses < pacing.scriptedPresses.count, let first = firstFrameTime,
                   frame.timestamp - first >= pacing.scriptedPresses[presses] {
                    presses += 1
                    commands.requestHighlight()
                }
                if pacing.realTime, let first = firstFrameTime {
                    let due = wallStart + (frame.timestamp - first)
                    let wait = due - clock()
                    if wait > 0 { Thread.sleep(forTimeInterval: wait) }
                }
                guard analyse(frame) else { return }  // a timestamp no clock could give: not recorded either
                if let recorder {
                    _ = recorder.submit(frame, overlay: presentation.overlay, waitForRoom: pacing.recorderMayBlock)
                }
                liveView?.offer(frame, now: frame.timestamp)
                summary.lastTime = frame.timestamp
            }
            if stop { break }
            switch outcome {
            case .delivered, .skipped:
                if inFault {
                    inFault = false
                    log.info("frames are coming again")
                    status?.setFault(.camera, nil)
                }
            case .fault(let reason):
                if !inFault {
                    inFault = true
                    log.error("frame source fault: \(reason)")
                    withPipeline { pipeline, emit in pipeline.sourceLost(emit: emit) }
                    status?.setFault(.camera, reason)
                    if presentation.fault() { show() }
                }
            case .endOfStream:
                // Samples still held for smoothing are judged: a run that finished on the last frames counts.
                withPipeline { pipeline, emit in pipeline.finish(emit: emit) }
                summary.statistics = source.statistics
                summary.wallSeconds = clock() - wallStart
                return summary
            }
            let now = clock()
            if watchdog.mayFeed(frameArrived: outcome == .delivered, now: now) { notifier?.watchdogPing(now: now) }
            handleCommands()
            let clipsNow = recorder?.clipsSuspended ?? false, journalNow = sink.journalFaulted
            if clipsNow != clipsSuspended || journalNow != journalFaulted {
                if clipsNow != clipsSuspended {
                    status?.setFault(.clips, clipsNow ? "suspended, too little free space (clips.min_free_mb)" : nil)
                }
                if journalNow != journalFaulted {
                    status?.setFault(.journal, journalNow ? "the disk refuses results; they wait in memory" : nil)
                }
                if (clipsNow || journalNow) != (clipsSuspended || journalFaulted) { storageFault(clipsNow || journalNow) }
                clipsSuspended = clipsNow
                journalFaulted = journalNow
            }
        }
        summary.statistics = source.statistics
        summary.wallSeconds = clock() - wallStart
        return summary
    }

    /// Runs the pipeline on `frame`; false when its timestamp kept it from being analysed.
    private mutating func analyse(_ frame: VideoFrame) -> Bool {
        let wasReady = pipeline.detector.phase == .ready
        let wasRunning = pipeline.machine.phase.isRunning
        withPipeline { pipeline, emit in pipeline.process(frame, emit: emit) }
        guard reportClock(frame.timestamp, wasRunning: wasRunning) else { return false }
        let sink = self.sink
        pipeline.takeWalkthroughCrossings { crossing in
            sink.post(.walkthrough(t: crossing.t, post: crossing.post, direction: crossing.direction))
        }
        let output = pipeline.lastOutput
        if let cause = output.relearn {
            log.warning("relearning the empty course (\(cause.rawValue))")
            if presentation.calibrating() { show() }
            onRecalibrating()
        }
        if output.becameReady {
            // How well riders stand out on the course just learnt; a warning when too dark or noisy.
            if let visibility = pipeline.detector.visibility {
                if let warning = visibility.warning { log.warning(warning) } else { log.info("course learnt: " + visibility.summary) }
            }
            // A camera bumped between runs: the image-rule posts follow the view's measured shift.
            if pipeline.viewShiftX != 0 || pipeline.viewShiftY != 0 {
                let across = (pipeline.viewShiftX * 1000).rounded() / 10, down = (pipeline.viewShiftY * 1000).rounded() / 10
                log.info("the view moved \(across) % of its width across and \(down) % of its height down since the course was first learnt: the posts are timed where they are now")
            }
            onCalibrated()
        }
        if output.restlessView {
            log.info("calibrating: the view never stills completely (leaves, water, flags?); learning it with the small movements in")
        }
        if !wasReady && output.phase == .calibrating && frame.timestamp - lastCalibrationLog >= 5 {
            lastCalibrationLog = frame.timestamp
            if output.motionFraction > 0 {
                log.info("calibrating: \(DecimalFormat.fixed(output.motionFraction * 100, decimals: 1)) % of the view is moving; "
                         + "keep the course clear and the camera still")
            }
        }
        presentation.tick(t: frame.timestamp)
        let scoreboards = sink.scoreboardChanges.load(ordering: .acquiring)
        if scoreboards != handled.scoreboards {
            // The journal counted a result or began a session: the overlay shows its tally.
            handled.scoreboards = scoreboards
            presentation.show(scoreboard: sink.scoreboard)
        }
        let finished = sink.announcementsFinished.load(ordering: .acquiring)
        while handled.announcements < finished {
            handled.announcements += 1
            withPipeline { pipeline, emit in pipeline.announcementFinished(emit: emit) }
        }
        return true
    }

    /// Logs what the frame's timestamp did when it was not a steady step; false when the
    /// pipeline did not analyse the frame.
    private mutating func reportClock(_ t: Double, wasRunning: Bool) -> Bool {
        func seconds(_ value: Double, _ digits: Int = 3) -> String { DecimalFormat.fixed(value, decimals: digits) + " s" }
        switch pipeline.lastClockVerdict {
        case .first, .steady:
            return true
        case .newTimeline(let from):
            log.warning("frame timestamps jumped from \(seconds(from)) to \(seconds(t)) (a new recording, or the clock was reset)"
                        + (wasRunning ? "; the run in progress ended as camera_lost" : "")
                        + "; learning the course again on the new timeline")
            lastCalibrationLog = -.infinity
            return true
        case .gap(let length):
            log.warning("no frames for \(seconds(length, 1)) (until \(seconds(t)))"
                        + (wasRunning ? "; the run in progress ended as camera_lost" : ""))
            return true
        case .unusable, .outOfOrder:
            let ignored = pipeline.clock.ignoredFrames
            // The first, then every thousandth: a broken clock must not flood the log.
            if ignored == 1 || ignored % 1000 == 0 {
                let why = pipeline.lastClockVerdict == .unusable ? "is no clock time" : "is not after the last frame's"
                log.warning("frame ignored: its timestamp (\(t) s) \(why) (\(ignored) ignored so far)")
            }
            return false
        }
    }


    /// Every timing event goes to the sink (printing, journal, speech, and for a valid run,
    /// once journalled, the clip request with the journal's numbers) and the presentation
    /// (overlay, LEDs).
    private mutating func post(_ event: TimingEvent) {
        if presentation.apply(event, now: clock()) { show() }
        sink.post(.timing(event))
    }

    /// The LEDs and systemd's status follow the presentation (on changes only).
    private func show() {
        indicate(presentation.indicator)
        status?.setPhase(Self.phase(of: presentation.indicator))
    }

    /// A new course from the pages: its pipeline (built off the loop) learns the course from
    /// scratch; the session's tally (the journal's) stays on the overlay. A run in progress is dropped.
    private mutating func adopt(_ replacement: TimingPipeline) {
        pipeline = replacement
        presentation = Presentation(course: pipeline.machine.course, postViewX: pipeline.postViewX,
                                    resultHoldSeconds: presentation.resultHoldSeconds)
        handled.scoreboards = 0   // the new overlay takes the journal's tally on the next frame
        log.info("course changed on the pages: learning the course again")
        lastCalibrationLog = -.infinity
        show()
        onRecalibrating()
    }

    static func phase(of state: IndicatorState) -> ServiceStatus.Phase {
        switch state {
        case .calibrating: .calibrating
        case .ready: .ready
        case .running: .running
        case .result, .invalid: .result
        case .fault: .fault
        }
    }

    private mutating func handleCommands() {
        if let replacement = courseHandover?.take(newerThan: &courseGeneration) { adopt(replacement) }
        let walkthrough = commands.walkthrough
        if walkthrough.count != walkthroughsHandled {
            walkthroughsHandled = walkthrough.count
            pipeline.startWalkthrough(seconds: walkthrough.seconds)
            log.info("walk-through check: every post crossing is reported for \(Int(walkthrough.seconds)) s")
        }
        let counts = commands.counts
        if counts.newSession > handled.sessionRequests {
            handled.sessionRequests = counts.newSession
            sink.requestNewSession(t: pipeline.lastFrameTime)
        }
        if counts.recalibrate > handled.recalibrate {
            handled.recalibrate = counts.recalibrate
            pipeline.recalibrate()
            if presentation.calibrating() { show() }
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
