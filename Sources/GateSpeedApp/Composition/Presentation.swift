import GateSpeedBoard
import GateSpeedCore
import GateSpeedRecording

/// What the rider sees: the overlay burnt into clips and the LED state, both following the
/// timing events. Updated on the frame loop; changes only on events (plus the elapsed time
/// in the status pill), so it costs nothing per frame.
///
/// The overlay follows the clip, not the live state: a result stays on it from the finish to
/// the end of its clip's post-roll (`resultHoldSeconds` of camera time), through the re-arm
/// that comes 0.9 s after the finish, so a run clip shows its result up to its last frame.
struct Presentation {
    private(set) var overlay: OverlayState
    private(set) var indicator: IndicatorState = .calibrating
    private var direction: Direction = .leftToRight
    private var postsPassed = 0
    private var startTime: Double?
    private let postCount: Int
    /// How long a result stays on the overlay after the finish, camera seconds (the clip's post-roll).
    let resultHoldSeconds: Double
    /// Camera time until which the overlay keeps the last result (nil: no result held).
    private var resultShownUntil: Double?
    private let passKmh: Double

    /// `postViewX`: each post's x in the view (normalised), where the overlay draws it.
    init(course: Course, postViewX: [Double], resultHoldSeconds: Double = 0) {
        self.resultHoldSeconds = max(0, resultHoldSeconds)
        postCount = course.postCount
        passKmh = course.passKmh
        overlay = OverlayState(postXs: postViewX, status: .calibrating, scoreboard: OverlayState.Scoreboard(runs: 0, passes: 0, averageKmh: 0))
    }

    /// Applies an event; returns true when the LED state changed.
    @discardableResult
    mutating func apply(_ event: TimingEvent, now: Double) -> Bool {
        let before = indicator
        switch event {
        case .ready:
            startTime = nil
            postsPassed = 0
            overlay.light(passed: 0, leftToRight: true)
            overlay.status = .ready
            if resultShownUntil == nil { overlay.result = nil }
            indicator = .ready
        case .start(let t, _, let d):
            direction = d
            startTime = t
            postsPassed = 1
            if resultShownUntil == nil { overlay.result = nil }
            overlay.light(passed: 1, leftToRight: d == .leftToRight)
            indicator = .running(litPosts: lit(), direction: direction)
        case .post:
            postsPassed += 1
            overlay.light(passed: postsPassed, leftToRight: direction == .leftToRight)
            indicator = .running(litPosts: lit(), direction: direction)
        case .result(let r):
            startTime = nil
            overlay.result = OverlayState.Result(speedKmh: r.speedKmh, pass: r.pass, thresholdKmh: passKmh)
            overlay.status = .hidden
            resultShownUntil = r.t + resultHoldSeconds
            indicator = .result(pass: r.pass, since: now)
        case .invalid:
            startTime = nil
            overlay.status = .hidden
            indicator = .invalid(since: now)
        }
        return before != indicator
    }

    /// The session tally on the overlay: the journal's, once it has counted (a frame or two after
    /// the result; the tally is never counted here).
    mutating func show(scoreboard board: Scoreboard) {
        overlay.scoreboard = OverlayState.Scoreboard(board)
    }

    mutating func calibrating() -> Bool {
        let changed = indicator != .calibrating
        indicator = .calibrating
        overlay.status = .calibrating
        overlay.result = nil
        resultShownUntil = nil
        overlay.light(passed: 0, leftToRight: true)
        return changed
    }

    mutating func fault() -> Bool {
        let changed = indicator != .fault
        indicator = .fault
        return changed
    }

    /// Per frame: the pill's next post and elapsed time during a run.
    mutating func tick(t: Double) {
        if let until = resultShownUntil, t > until {
            resultShownUntil = nil
            releaseHeldResult()
        }
        guard let startTime else { return }
        let next = direction == .leftToRight ? postsPassed + 1 : postCount - postsPassed
        overlay.status = .nextPost(number: next, elapsedSeconds: max(0, t - startTime))
    }

    /// Ends the held result: it leaves the overlay unless the live state still shows it.
    private mutating func releaseHeldResult() {
        if case .result = indicator { return }
        overlay.result = nil
    }

    private func lit() -> PostSet {
        var set = PostSet.none
        for step in 0..<min(postsPassed, postCount) {
            set.insert(direction == .leftToRight ? step + 1 : postCount - step)
        }
        return set
    }
}
