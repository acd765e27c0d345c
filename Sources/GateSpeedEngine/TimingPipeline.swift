import GateSpeedCore
import GateSpeedFrames
import GateSpeedGeometry
import GateSpeedVision

/// The per-frame heart of the service: a frame goes through the rider detector, the rider's
/// position through the timing machine, and timing events come out.
///
/// Two timing rules: with view-fraction posts (the seed's image rule) the rider's image
/// position is timed against the posts' image positions, frame by frame. With a `GateCourse`
/// (posts marked with base and top), the rider's position along the course in metres is
/// timed against vertical gate planes through the posts, through a `GatePlaneTrack` that
/// smooths depth over the track and so delays every sample by its window (0.3 s). With the
/// image rule a `ViewTrack` smooths the view position likewise (0.45 s), setting aside frames
/// whose region was merged with someone else's, and gives each sample the sigma it showed.
///
/// Frame times are kept monotonic per source (`SourceClock`): a frame with an unusable,
/// repeated or slightly earlier timestamp is not analysed; a big step back (two recordings
/// joined) ends a run in progress as `camera_lost` and learns the course again on the new
/// timeline; a forward gap over `TimestampRules.sourceLostGapSeconds` ends a run in progress
/// as `camera_lost` and re-arms as usual. `lastClockVerdict` tells the caller which (to log it).
///
/// Pure Swift, generic-free and allocation-free per frame in steady state (events that carry
/// words allocate their strings, once per run). It owns no threads: the caller's frame loop
/// drives it, and the caller tells it when an announcement has been spoken.
public struct TimingPipeline: Sendable {
    public private(set) var detector: RiderDetector
    public private(set) var machine: TimingMachine
    /// The solved course for gate-plane timing, nil for the image rule.
    public let gateCourse: GateCourse?
    /// Each post's x in the view (normalised, top-left origin; the base of a marked post),
    /// for drawing. With the image rule these are also the timing positions.
    public let postViewX: [Double]
    /// The identity whose samples the timing machine saw last (0: nobody yet).
    private var lastTrackID: UInt32 = 0
    /// The last sample handed to the timing machine and whose it was (0: nobody), and how many
    /// samples it has been handed in all: for traces (a smoothed sample reaches it late).
    public private(set) var lastFedSample = RiderSample(t: 0, x: nil, confidence: 0)
    public private(set) var lastFedTrackID: UInt32 = 0
    public private(set) var fedSampleCount = 0
    /// Source time of the last frame analysed, seconds.
    public private(set) var lastFrameTime: Double = 0
    /// The last detector output, for status displays and logs.
    public private(set) var lastOutput = DetectorOutput()
    /// What the last frame's timestamp did; that frame was not analysed unless `isAnalysed`.
    public private(set) var lastClockVerdict = SourceClock.Verdict.first
    /// The judge of frame timestamps, with its counts.
    public private(set) var clock = SourceClock()
    private var gateTrack: GatePlaneTrack?
    /// The image rule's smoother of the rider's view position (nil with a gate course).
    private var viewTrack: ViewTrack?
    private var jitter = TimestampJitterMeter()
    /// How far the view moved since the course was first learnt (a bump between runs): rider
    /// positions are read back into the first view, where the posts were set.
    private var viewShift = ViewShift()
    /// The view's shift since the course was first learnt, view widths across and view heights
    /// down: where the posts now are in the view is `postViewX` plus `viewShiftX`.
    public var viewShiftX: Double { viewShift.dx }
    public var viewShiftY: Double { viewShift.dy }
    /// The foot-edge precision (pixels, 1 sigma) below which all foot points weigh the same.
    static let cleanFootSigmaPixels = 0.5
    /// Metres across the post line, either side, within which a person can be the rider.
    public static let courseBandAcrossMetres = 3.5
    /// Metres beyond the course band within which a foot depth is still taken as read (the
    /// nearer foot and the foot edge's own error at the band's edge).
    static let footBeyondBandMetres = 1.0
    /// Metres beyond the end posts along the line within which a person can be the rider.
    public static let courseBandBeyondMetres = 6.0

    /// An image-rule pipeline (`course.posts` are view fractions), or a gate-plane one when
    /// `gateCourse` is given (`course` then supplies the rules: length, pass speed, timeout).
    public init(course: Course, gateCourse: GateCourse? = nil, vision: VisionSettings = VisionSettings(),
                geometry: FrameGeometry = .identity, timing: TimingSettings = TimingSettings()) throws(ConfigurationError) {
        var vision = vision
        if vision.metresPerViewWidth == nil, let first = course.posts.first, let last = course.posts.last, last > first,
           course.postUnit == .viewWidth {
            vision.metresPerViewWidth = course.lengthMetres / (last - first)
        }
        self.gateCourse = gateCourse
        postViewX = course.posts
        if let gateCourse {
            var timing = timing
            // The hysteresis is given in view widths; the gate positions are metres.
            timing.hysteresis *= vision.metresPerViewWidth ?? course.lengthMetres / 0.8
            machine = try TimingMachine(course: gateCourse.timingCourse(rules: course), settings: timing)
            vision.courseBand = CourseBand(vertices: gateCourse.bandPolygon(
                acrossMetres: Self.courseBandAcrossMetres, beyondMetres: Self.courseBandBeyondMetres
            ).map { CourseBand.Point(x: $0.x, y: $0.y) })
            gateTrack = GatePlaneTrack(camera: gateCourse.camera)
            // Where each pole stands in the view: the mean of its foot's and its point 1 m up.
            if vision.postViewX.isEmpty {
                vision.postViewX = gateCourse.postAlong.compactMap { along in
                    guard let foot = gateCourse.viewPoint(of: CoursePoint(x: along, y: 0, z: 0)),
                          let up = gateCourse.viewPoint(of: CoursePoint(x: along, y: 0, z: 1)) else { return nil }
                    return (foot.x + up.x) / 2
                }
            }
            let posts = machine.course.posts
            gateTrack?.outerPosts = posts[0]...posts[posts.count - 1]
        } else {
            machine = try TimingMachine(course: course, settings: timing)
            viewTrack = ViewTrack()
            // The image rule's posts are view x: where their poles stand in the view.
            if course.postUnit == .viewWidth, vision.postViewX.isEmpty { vision.postViewX = course.posts }
            viewTrack?.outerPosts = course.posts[0]...course.posts[course.posts.count - 1]
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
        let verdict = clock.judge(frame.timestamp)
        lastClockVerdict = verdict
        switch verdict {
        case .unusable, .outOfOrder:
            return
        case .newTimeline:
            // What was learnt and measured on the old clock means nothing on the new one.
            endTimeline(emit: emit)
            detector.recalibrate()
            machine.recalibrate()
        case .gap:
            // The view is the same camera's: keep the learnt course, re-arm as after any run.
            endTimeline(emit: emit)
        case .first, .steady:
            break
        }
        detector.awaitingStart = machine.phase == .armed
        let output = detector.process(frame, holdIdentity: machine.phase.isRunning, probe: &probe)
        lastOutput = output
        lastFrameTime = output.time
        jitter.add(output.time)
        if let cause = output.relearn, cause != .requested {
            // The view changed under us (bump, new camera format): a run in progress cannot be
            // trusted any more, and the course must be learnt again before anything is timed.
            forgetTrack()
            machine.sourceLost(t: output.time, emit: emit)
            machine.recalibrate()
        }
        if output.becameReady {
            if let grid = detector.gridSize {
                viewShift.courseLearnt(detector.learntBackground, columns: grid.columns, rows: grid.rows)
            }
            forgetTrack()
            machine.arm(t: output.time, emit: emit)
        }
        guard output.phase == .ready else { return }
        if let gateCourse, var track = gateTrack.take() {
            // Taken out while it hands samples to the machine (both are parts of self).
            let entry = Self.gateEntry(output, course: gateCourse, shift: viewShift.offset)
            track.runInProgress = machine.phase.isRunning
            track.push(entry) { sample, id in feed(sample, trackID: id, emit: emit) }
            track.drain(now: output.time) { sample, id in feed(sample, trackID: id, emit: emit) }
            gateTrack = track
        } else if var track = viewTrack.take() {
            let entry = Self.viewEntry(output, tSigma: jitter.sigma, gridColumns: detector.gridSize?.columns ?? 0,
                                       shift: viewShift.offset)
            track.runInProgress = machine.phase.isRunning
            track.push(entry) { sample, id in feed(sample, trackID: id, emit: emit) }
            track.drain(now: output.time) { sample, id in feed(sample, trackID: id, emit: emit) }
            viewTrack = track
        }
    }

    /// One sample to the timing machine, from the person `trackID` (0: nobody tracked).
    private mutating func feed(_ sample: RiderSample, trackID: UInt32, emit: (TimingEvent) -> Void) {
        if trackID != 0 && lastTrackID != 0 && trackID != lastTrackID {
            // Someone else is being followed now: never join two people's paths into one.
            machine.trackChanged()
        }
        if trackID != 0 { lastTrackID = trackID }
        lastFedSample = sample
        lastFedTrackID = trackID
        fedSampleCount &+= 1
        machine.observe(sample, emit: emit)
    }

    /// What the gate-plane track needs of this frame's rider: the depth of their axis from the
    /// foot point, and the ray along which their position is read. That ray goes through the
    /// feet, not the upper body: a rider leaning into a turn carries the upper body sideways,
    /// which an oblique view turns into an error along the course; the feet stay on the ground.
    /// (Without a foot point the upper body's ray stands in.)
    static func gateEntry(_ output: DetectorOutput, course: GateCourse, shift: ViewShift.Offset = .none) -> GatePlaneTrack.Entry {
        var entry = GatePlaneTrack.Entry()
        entry.t = output.time
        for i in 0..<output.prospects.count {
            let p = output.prospects[i]
            if let reading = gateReading(trackID: p.trackID, confidence: p.confidence, x: p.x, bodyY: p.bodyY,
                                         footX: p.footX, footY: p.footY, footSigma: p.footSigma,
                                         viewHeightPixels: output.viewHeightPixels, course: course, shift: shift) {
                entry.prospects.add(reading)
            }
        }
        guard let rider = output.rider,
              let reading = gateReading(trackID: rider.trackID, confidence: rider.confidence, x: rider.x,
                                        bodyY: rider.bodyY, footX: rider.footX, footY: rider.footY,
                                        footSigma: rider.footSigma, viewHeightPixels: output.viewHeightPixels,
                                        course: course, shift: shift) else { return entry }
        entry.take(reading)
        entry.motionSince = rider.motionSince
        return entry
    }

    /// One person's reading for the gate-plane track (nil when their ray runs along the course).
    private static func gateReading(trackID: UInt32, confidence: Double, x: Double, bodyY: Double,
                                    footX: Double, footY: Double, footSigma: Double, viewHeightPixels: Double,
                                    course: GateCourse, shift: ViewShift.Offset) -> GatePlaneTrack.Reading? {
        var reading = GatePlaneTrack.Reading()
        // Read in the view the posts were marked in.
        let footX = footX - shift.x, x = x - shift.x
        let footY = footY - shift.y, bodyY = bodyY - shift.y
        // A foot read beyond the course band is not a rider's foot (the rider is in the band):
        // a knee or the crotch read for it, far off across the course (`GatePlaneTrack+LostFoot`).
        if let foot = course.groundPoint(viewX: footX, viewY: footY),
           foot.y.isFinite, foot.y.magnitude <= Self.courseBandAcrossMetres + Self.footBeyondBandMetres {
            reading.across = foot.y + course.awaySign * GateCourse.footToAxisMetres
            reading.hasFoot = true
            // A clean edge is good to a fraction of a pixel; a foot the refinement could not find
            // (hidden by a pole) is only good to a grid cell and weighs far less in the fit.
            let sigmaPixels = max(Self.cleanFootSigmaPixels, footSigma * viewHeightPixels)
            reading.footWeight = (Self.cleanFootSigmaPixels / sigmaPixels) * (Self.cleanFootSigmaPixels / sigmaPixels)
            // That precision as depth: the ground point of the foot edge moved by it.
            if viewHeightPixels > 0, let lower = course.groundPoint(viewX: footX, viewY: footY + sigmaPixels / viewHeightPixels),
               lower.y.isFinite {
                reading.depthSigma = abs(lower.y - foot.y)
                reading.depthPerPixel = reading.depthSigma / sigmaPixels
            }
        }
        let through = reading.hasFoot ? course.imagePoint(viewX: footX, viewY: footY)
                                      : course.imagePoint(viewX: x, viewY: bodyY)
        let direction = course.camera.rayDirection(through: through)
        guard direction.y.magnitude > 1e-9 else { return nil }
        reading.trackID = trackID
        reading.confidence = confidence
        reading.raySlope = direction.x / direction.y
        return reading
    }

    /// What the view track needs of this frame's rider: the timed position, weighed down where it
    /// is less sure (a region merged with someone's, which its area tells), the region's edges and
    /// which of them the view's edge cuts (the view track reads a cut region from its intact edge),
    /// and the timestamp's sigma.
    static func viewEntry(_ output: DetectorOutput, tSigma: Double, gridColumns: Int,
                          shift: ViewShift.Offset = .none) -> ViewTrack.Entry {
        var entry = ViewTrack.Entry(t: output.time)
        entry.tSigma = tSigma
        // A region within a cell and a half of the view's edge touches it (its edge cell is partly
        // outside the view); that is judged in the view it was seen in.
        entry.edge = gridColumns > 0 ? 1.5 / Double(gridColumns) : 0
        entry.shiftX = shift.x
        entry.prospects = output.prospects
        entry.prospects.shift(by: shift.x)
        guard let rider = output.rider, rider.x.isFinite else { return entry }
        entry.trackID = rider.trackID
        entry.motionSince = rider.motionSince
        entry.confidence = rider.confidence
        // Against the posts where they were set: in the first-learnt view.
        entry.x = rider.x - shift.x
        entry.setRegion(seenMinX: rider.blob.minX, seenMaxX: rider.blob.maxX)
        entry.weight = rider.confidence * rider.confidence
        return entry
    }

    /// The source's clock broke off after the last frame: samples still held for smoothing are
    /// judged (a run that finished just before counts), then a run still in progress is
    /// `camera_lost` at the last frame's time, and the rider and the timestamp jitter are forgotten.
    private mutating func endTimeline(emit: (TimingEvent) -> Void) {
        finish(emit: emit)
        machine.sourceLost(t: lastFrameTime, emit: emit)
        forgetTrack()
        jitter.reset()
    }

    /// Drops what the gate-plane or view track holds and who was followed.
    private mutating func forgetTrack() {
        gateTrack?.reset()
        viewTrack?.reset()
        lastTrackID = 0
    }

    /// The announcement of the last result or invalid run has been spoken (or there is no voice).
    public mutating func announcementFinished(emit: (TimingEvent) -> Void) {
        machine.announcementFinished(t: lastFrameTime, emit: emit)
    }

    /// Button or command: arm again now. Returns false while the course is not learnt yet.
    @discardableResult
    public mutating func rearm(emit: (TimingEvent) -> Void) -> Bool {
        forgetTrack()
        return machine.rearm(t: lastFrameTime, emit: emit)
    }

    /// Button (long press) or command: learn the empty course again.
    public mutating func recalibrate() {
        machine.recalibrate()
        detector.recalibrate()
        forgetTrack()
    }

    /// The frame source failed (camera unplugged): a run in progress becomes invalid, and the
    /// course is learnt again once frames come back.
    public mutating func sourceLost(emit: (TimingEvent) -> Void) {
        machine.sourceLost(t: lastFrameTime, emit: emit)
        machine.recalibrate()
        detector.recalibrate()
        forgetTrack()
        jitter.reset()
        clock.reset()  // a reopened camera may start its clock afresh
    }

    /// The source ended (end of a file): samples still held for smoothing are judged now.
    public mutating func finish(emit: (TimingEvent) -> Void) {
        if var track = viewTrack.take() {
            track.drain(now: lastFrameTime, flush: true) { sample, id in feed(sample, trackID: id, emit: emit) }
            viewTrack = track
        }
        guard var track = gateTrack.take() else { return }
        track.drain(now: lastFrameTime, flush: true) { sample, id in feed(sample, trackID: id, emit: emit) }
        gateTrack = track
    }

    /// The walk-through check for `seconds` from the last frame: every post crossing is collected
    /// (`takeWalkthroughCrossings`) whatever the run rules make of it.
    public mutating func startWalkthrough(seconds: Double) {
        machine.startWalkthrough(until: lastFrameTime + seconds)
    }

    /// The crossings of the walk-through check since the last call (none when it is not on).
    public mutating func takeWalkthroughCrossings(_ body: (Crossing) -> Void) {
        machine.takeWalkthroughCrossings(body)
    }
}
