import GateSpeedCore
import GateSpeedFrames
import GateSpeedVision

/// The per-frame heart of the service: a frame goes through the rider detector, the rider's
/// position through the timing machine, and timing events come out.
///
/// Pure Swift, generic-free and allocation-free per frame in steady state (events that carry
/// words allocate their strings, once per run). It owns no threads: the caller's frame loop
/// drives it, and the caller tells it when an announcement has been spoken.
public struct TimingPipeline: Sendable {
    public private(set) var detector: RiderDetector
    public private(set) var machine: TimingMachine
    /// The identity the tracker followed last frame (0: nobody).
    private var lastTrackID: UInt32 = 0
    /// Source time of the last frame analysed, seconds.
    public private(set) var lastFrameTime: Double = 0
    /// The last detector output, for status displays and logs.
    public private(set) var lastOutput = DetectorOutput()

    public init(course: Course, vision: VisionSettings = VisionSettings(), geometry: FrameGeometry = .identity,
                timing: TimingSettings = TimingSettings()) throws(ConfigurationError) {
        machine = try TimingMachine(course: course, settings: timing)
        var vision = vision
        if vision.metresPerViewWidth == nil, let first = course.posts.first, let last = course.posts.last, last > first {
            vision.metresPerViewWidth = course.lengthMetres / (last - first)
        }
        detector = RiderDetector(settings: vision, geometry: geometry)
    }

    /// Analyses one frame and emits what happened, in time order.
    public mutating func process(_ frame: VideoFrame, emit: (TimingEvent) -> Void) {
        var probe = NoStageProbe()
        process(frame, probe: &probe, emit: emit)
    }

    /// As `process(_:emit:)`, telling `probe` as each stage ends (for the benchmark).
    public mutating func process<Probe: StageProbe>(_ frame: VideoFrame, probe: inout Probe,
                                                    emit: (TimingEvent) -> Void) {
        defer { probe.stageEnded(.timing) }
        let output = detector.process(frame, holdIdentity: machine.phase.isRunning, probe: &probe)
        lastOutput = output
        lastFrameTime = output.time
        if let cause = output.relearn, cause != .requested {
            // The view changed under us (bump, new camera format): a run in progress cannot be
            // trusted any more, and the course must be learnt again before anything is timed.
            machine.sourceLost(t: output.time, emit: emit)
            machine.recalibrate()
            lastTrackID = 0
        }
        if output.becameReady {
            machine.arm(t: output.time, emit: emit)
        }
        guard output.phase == .ready else { return }
        let trackID = output.rider?.trackID ?? 0
        if trackID != 0 && lastTrackID != 0 && trackID != lastTrackID {
            // Someone else is being followed now: never join two people's paths into one.
            machine.trackChanged()
        }
        if trackID != 0 { lastTrackID = trackID }
        let sample = RiderSample(t: output.time, x: output.rider?.x, confidence: output.rider?.confidence ?? 0)
        machine.observe(sample, emit: emit)
    }

    /// The announcement of the last result or invalid run has been spoken (or there is no voice).
    public mutating func announcementFinished(emit: (TimingEvent) -> Void) {
        machine.announcementFinished(t: lastFrameTime, emit: emit)
    }

    /// Button or command: arm again now. Returns false while the course is not learnt yet.
    @discardableResult
    public mutating func rearm(emit: (TimingEvent) -> Void) -> Bool {
        machine.rearm(t: lastFrameTime, emit: emit)
    }

    /// Button (long press) or command: learn the empty course again.
    public mutating func recalibrate() {
        machine.recalibrate()
        detector.recalibrate()
        lastTrackID = 0
    }

    /// The frame source failed (camera unplugged): a run in progress becomes invalid, and the
    /// course is learnt again once frames come back.
    public mutating func sourceLost(emit: (TimingEvent) -> Void) {
        machine.sourceLost(t: lastFrameTime, emit: emit)
        machine.recalibrate()
        detector.recalibrate()
        lastTrackID = 0
    }

    public mutating func resetSession(emit: (TimingEvent) -> Void) {
        machine.resetSession(t: lastFrameTime, emit: emit)
    }

    public mutating func restore(scoreboard: Scoreboard) {
        machine.restore(scoreboard: scoreboard)
    }
}
