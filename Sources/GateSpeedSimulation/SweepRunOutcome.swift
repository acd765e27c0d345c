/// What became of one counted run of a sweep scene.
public struct SweepRunOutcome: Sendable, Equatable {
    /// A run is detected when it gives a result within this fraction of the true speed (2 %).
    public static let detectionTolerance = 0.02

    public enum Verdict: Sendable, Equatable {
        /// A result within `detectionTolerance` of the truth.
        case timed(measuredKmh: Double)
        /// A result further off than that.
        case wrongSpeed(measuredKmh: Double)
        /// Thrown out, with the timing core's reason.
        case invalid(reason: String)
        /// No result and no invalid run.
        case missed

        /// Better verdicts replace worse ones when a run has several events (timed is best).
        var rank: Int {
            switch self {
            case .timed: 3
            case .wrongSpeed: 2
            case .invalid: 1
            case .missed: 0
            }
        }
    }

    public var seed: UInt64
    /// The run's place in its scene (0 first) and how many runs the scene has.
    public var index: Int, runCount: Int
    /// True average speed over the course, km/h.
    public var truthKmh: Double
    public var verdict: Verdict
    public var traits: [SweepTrait]
    /// What was drawn for the scene, one line (`SweepParameters.description`).
    public var sceneDescription: String
    /// The result's ± (half-width of its ~95 % interval), km/h; nil without a result or when not given.
    public var uncertaintyKmh: Double?

    /// Whether the result's ± holds the true speed; nil without a result or a ±.
    public var isCoveredByUncertainty: Bool? {
        guard let measured = measuredKmh, let uncertainty = uncertaintyKmh, uncertainty > 0 else { return nil }
        return (measured - truthKmh).magnitude <= uncertainty
    }

    /// The result's speed, km/h; nil without one.
    public var measuredKmh: Double? {
        switch verdict {
        case .timed(let measured), .wrongSpeed(let measured): measured
        case .invalid, .missed: nil
        }
    }

    public init(seed: UInt64, index: Int, runCount: Int, truthKmh: Double, verdict: Verdict, traits: [SweepTrait],
                sceneDescription: String) {
        self.seed = seed
        self.index = index
        self.runCount = runCount
        self.truthKmh = truthKmh
        self.verdict = verdict
        self.traits = traits
        self.sceneDescription = sceneDescription
    }

    /// The verdict for a result of `measuredKmh` against the truth `truthKmh`.
    public static func verdict(measuredKmh: Double, truthKmh: Double) -> Verdict {
        (measuredKmh - truthKmh).magnitude <= detectionTolerance * truthKmh ? .timed(measuredKmh: measuredKmh)
            : .wrongSpeed(measuredKmh: measuredKmh)
    }

    public var isDetected: Bool { if case .timed = verdict { true } else { false } }

    /// Speed error of a result, percent of the truth (signed: positive is too fast); nil without one.
    public var errorPercent: Double? {
        switch verdict {
        case .timed(let measured), .wrongSpeed(let measured): (measured - truthKmh) / truthKmh * 100
        case .invalid, .missed: nil
        }
    }

    /// What happened, a few words: "timed +0.12 %", "wrong speed -4.10 %", "invalid skipped_post", "missed".
    public var summary: String {
        let error = errorPercent.map { ($0 >= 0 ? "+" : "") + SweepText.number($0, 2) + " %" } ?? ""
        switch verdict {
        case .timed: return "timed " + error
        case .wrongSpeed: return "wrong speed " + error
        case .invalid(let reason): return "invalid " + reason
        case .missed: return "missed"
        }
    }

    /// Orders runs worst first: missed, invalid, then by the size of the speed error.
    public static func isWorse(_ a: SweepRunOutcome, than b: SweepRunOutcome) -> Bool {
        let missing = { (run: SweepRunOutcome) in run.errorPercent == nil ? 1 : 0 }
        if missing(a) != missing(b) { return missing(a) > missing(b) }
        if a.verdict.rank != b.verdict.rank { return a.verdict.rank < b.verdict.rank }
        let errorA = a.errorPercent?.magnitude ?? 0, errorB = b.errorPercent?.magnitude ?? 0
        if errorA != errorB { return errorA > errorB }
        return (a.seed, a.index) < (b.seed, b.index)
    }
}
