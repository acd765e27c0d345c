/// Tuning of the timing core that is not part of the course rules.
public struct TimingSettings: Sendable, Equatable {
    /// After a result or an invalid run, the course must have had nobody tracked for
    /// this long (seconds, source clock) before the machine re-arms.
    public var clearSeconds: Double
    /// How far beyond a post line (normalised view width) the rider's centre must get
    /// before the crossing counts, so a rider hovering on a line gives one crossing.
    public var hysteresis: Double
    /// The longest gap without a tracked rider (seconds) that crossing interpolation
    /// bridges; after a longer absence the detector forgets where the rider was.
    public var bridgeSeconds: Double
    /// Samples below this confidence (0...1) count as nobody tracked.
    public var minimumConfidence: Double

    public init(clearSeconds: Double = 0.5, hysteresis: Double = 0.004,
                bridgeSeconds: Double = 0.5, minimumConfidence: Double = 0) {
        self.clearSeconds = clearSeconds
        self.hysteresis = hysteresis
        self.bridgeSeconds = bridgeSeconds
        self.minimumConfidence = minimumConfidence
    }

    /// Problems with these settings for `course`, keyed `clear_s`, `hysteresis`,
    /// `bridge_s`, `min_confidence`; empty when usable.
    public func validationProblems(for course: Course) -> [ValidationProblem] {
        var problems: [ValidationProblem] = []
        func check(_ ok: Bool, _ key: String, _ value: Double, _ rule: String) {
            if !ok {
                problems.append(ValidationProblem(key: key, message: "\(DecimalFormat.trimmed(value)) \(rule)"))
            }
        }
        check(clearSeconds.isFinite && clearSeconds >= 0, "clear_s", clearSeconds, "must be a finite number of at least 0")
        check(bridgeSeconds.isFinite && bridgeSeconds >= 0, "bridge_s", bridgeSeconds, "must be a finite number of at least 0")
        check(minimumConfidence.isFinite && minimumConfidence >= 0 && minimumConfidence <= 1,
              "min_confidence", minimumConfidence, "must be inside [0, 1]")
        check(hysteresis.isFinite && hysteresis >= 0 && hysteresis < 0.5,
              "hysteresis", hysteresis, "must be inside [0, 0.5)")
        var smallestGap = Double.infinity
        for index in course.posts.indices.dropFirst() {
            smallestGap = min(smallestGap, course.posts[index] - course.posts[index - 1])
        }
        if hysteresis.isFinite, smallestGap.isFinite, smallestGap > 0, hysteresis * 2 >= smallestGap {
            problems.append(ValidationProblem(
                key: "hysteresis",
                message: "\(DecimalFormat.trimmed(hysteresis)) must be less than half the closest post spacing (\(DecimalFormat.trimmed(smallestGap)))"))
        }
        return problems
    }
}
