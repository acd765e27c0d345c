/// Whether the detector has a learnt empty course to compare against.
public enum DetectorPhase: Sendable, Equatable {
    /// Waiting for the scene to be empty and still for the calibration window.
    case calibrating
    /// The empty course is learnt; riders are being looked for.
    case ready
}

/// Why the detector went back to learning the course.
public enum RelearnCause: String, Sendable, Equatable {
    /// Most of the view changed at once: the camera was bumped or the light switched.
    case globalChange = "global_change"
    /// The frame size or layout changed (a camera reconnected with another format).
    case frameLayoutChanged = "frame_layout_changed"
    /// Asked for (button, command).
    case requested
}

/// What the detector made of one frame.
public struct DetectorOutput: Sendable, Equatable {
    /// Source time of the frame, seconds.
    public var time: Double = 0
    public var phase: DetectorPhase = .calibrating
    /// The course became learnt with this frame.
    public var becameReady = false
    /// Set on the frame at which the detector started relearning.
    public var relearn: RelearnCause?
    /// The rider, when seen in this frame. Never someone whose feet stand outside
    /// `VisionSettings.courseBand`.
    public var rider: RiderTracker.Observation?
    /// People followed on the course in this frame other than the rider (see `RiderProspects`).
    public var prospects = RiderProspects()
    /// People followed in this frame, rider or not, on the course or off it (for the log).
    public var trackedPeople = 0
    /// Of those, how many stand outside the course band (0 without a band).
    public var offCoursePeople = 0
    /// Height of the view in pixels (to turn normalised sigmas into pixels).
    public var viewHeightPixels = 0.0
    /// Fraction of the view that differs from the learnt course (0 while calibrating).
    public var foregroundFraction = 0.0
    /// While calibrating: fraction of the view that changed since the previous frame.
    public var motionFraction = 0.0
    /// While calibrating: seconds the scene has been still so far.
    public var stillSeconds = 0.0
    /// Set once per calibration when part of the view never stills (leaves, water) and is
    /// left out of the stillness test (for the log).
    public var restlessView = false

    public init() {}
}
