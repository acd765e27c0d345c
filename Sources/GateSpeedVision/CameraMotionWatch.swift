/// Whether the view is moving, from one verdict a frame ("this frame's foreground looks like
/// the course moved", see `CameraShiftTest`): a share of recent time the view looked moved,
/// an exponential average over `timeConstant` seconds.
///
/// A shaking camera's single jolt moves the share for a moment only: its own frame is held,
/// and the share is back below a half by the next still frame at any frame rate. A camera that
/// was bumped and goes on shaking or swaying looks moved in nearly every frame: the share
/// stays high, and once it has stayed so for long enough the course is relearnt.
struct CameraMotionWatch: Sendable {
    /// Seconds of memory of the share.
    static let timeConstant = 0.1
    /// Share of recent time that looked moved (0...1).
    private(set) var share: Float = 0
    /// Whether the last frame looked moved or jolted.
    private var lastLookedMoved = false
    /// Source time (seconds) since which the share has stayed at a half or more; nil below.
    private var movingSince: Double?
    private var lastTime: Double?

    /// Adds the verdict of the frame at `time` (seconds); `jolted`: the frame is to be held
    /// though it does not count as moved.
    mutating func add(looksMoved: Bool, jolted: Bool, time: Double) {
        // The first frame seen after learning is the whole share.
        let weight = lastTime.map { Float(1 - Self.decay(max(0, time - $0) / Self.timeConstant)) } ?? 1
        lastTime = time
        share += weight * ((looksMoved ? 1 : 0) - share)
        lastLookedMoved = looksMoved || jolted
        if share >= 0.5 {
            if movingSince == nil { movingSince = time }
        } else {
            movingSince = nil
        }
    }

    /// The last frame looked moved or jolted, or the view has looked so most of the recent time.
    var isMoving: Bool { lastLookedMoved || share >= 0.5 }

    /// Whether the view has been moving, without a break, for `seconds` up to `time`.
    func hasLookedMoved(for seconds: Double, at time: Double) -> Bool {
        movingSince.map { time - $0 >= seconds } ?? false
    }

    /// e^-x for 0 <= x <= 10 (no Foundation): halved until small, a short series, squared back.
    static func decay(_ x: Double) -> Double {
        var y = max(0, min(10, x)), halvings = 0
        while y > 0.125 { y *= 0.5; halvings += 1 }
        var value = 1 - y + y * y / 2 - y * y * y / 6 + y * y * y * y / 24
        for _ in 0..<halvings { value *= value }
        return value
    }
}
