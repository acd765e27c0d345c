/// The LED picture for each indicator state at a moment: a pure function of
/// (state, time in seconds), evaluated by the LED driver at ~50 Hz.
///
/// - posts: lit as crossed while running; PASS blinks all five together at 4 Hz for 3 s,
///   then stays steady; FAIL chases one LED back and forth (1-2-3-4-5-4-3-2, 10 steps/s);
///   invalid alternates odd (1, 3, 5) and even (2, 4) posts twice a second; all off when
///   ready (re-armed), calibrating or in a fault.
/// - status: 1 Hz blink while calibrating, 5 Hz blink on a fault, steady otherwise.
public enum LEDPatterns {
    public static let calibratingBlinkHertz = 1.0
    public static let faultBlinkHertz = 5.0
    public static let passBlinkHertz = 4.0
    /// How long PASS blinks before staying steady, seconds.
    public static let passBlinkSeconds = 3.0
    /// Chase steps per second on FAIL.
    public static let failChaseStepsPerSecond = 10.0
    /// Odd/even swaps per second on invalid.
    public static let invalidSwapsPerSecond = 2.0

    /// The levels for `state` at `time` (seconds, the clock of `since` in the state).
    public static func levels(for state: IndicatorState, at time: Double) -> LEDLevels {
        switch state {
        case .calibrating:
            return LEDLevels(posts: .none, status: isOnPhase(time * calibratingBlinkHertz))
        case .ready:
            return LEDLevels(posts: .none, status: true)
        case .running(let litPosts, _):
            return LEDLevels(posts: litPosts, status: true)
        case .result(let pass, let since):
            let elapsed = max(0, time - since)
            return LEDLevels(posts: pass ? passPosts(elapsed) : failPosts(elapsed), status: true)
        case .invalid(let since):
            let elapsed = max(0, time - since)
            let oddPhase = wholeCycles(elapsed * invalidSwapsPerSecond) % 2 == 0
            return LEDLevels(posts: oddPhase ? PostSet([1, 3, 5]) : PostSet([2, 4]), status: true)
        case .fault:
            return LEDLevels(posts: .none, status: isOnPhase(time * faultBlinkHertz))
        }
    }

    private static func passPosts(_ elapsed: Double) -> PostSet {
        guard elapsed < passBlinkSeconds else { return .all }
        return isOnPhase(elapsed * passBlinkHertz) ? .all : .none
    }

    /// One LED bouncing between post 1 and post 5.
    private static func failPosts(_ elapsed: Double) -> PostSet {
        let period = 2 * (BoardProfile.postCount - 1)
        let step = wholeCycles(elapsed * failChaseStepsPerSecond) % period
        let post = step < BoardProfile.postCount ? step + 1 : period - step + 1
        return PostSet([post])
    }

    /// True in the first half of each cycle (`cycles` counts whole periods).
    private static func isOnPhase(_ cycles: Double) -> Bool {
        cycles - Double(wholeCycles(cycles)) < 0.5
    }

    /// Floor as an integer, without libm (this module links no C library); non-finite
    /// or absurdly large times count as 0 instead of trapping.
    private static func wholeCycles(_ cycles: Double) -> Int {
        guard cycles.isFinite, abs(cycles) < 1e15 else { return 0 }
        let truncated = Int(cycles)
        return Double(truncated) > cycles ? truncated - 1 : truncated
    }
}
