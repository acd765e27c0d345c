/// The figures of a sweep, accumulated scene by scene: the detection rate, the speed error of
/// detected runs, false starts, the worst runs and what they had in common. Pure bookkeeping:
/// the scenes are judged elsewhere (`SweepSceneOutcome`).
public struct SweepTally: Sendable {
    public private(set) var scenes = 0
    /// Every counted run, in the order added.
    public private(set) var runs: [SweepRunOutcome] = []
    public private(set) var falseStarts: [SweepFalseStart] = []
    /// Per scene trait: scenes with it, and of those the ones with a false start.
    private var sceneTraitTotals: [SweepTrait: (scenes: Int, withFalseStarts: Int)] = [:]

    public init() {}

    public mutating func add(_ outcome: SweepSceneOutcome) {
        scenes += 1
        runs += outcome.runs
        falseStarts += outcome.falseStarts
        for trait in outcome.sceneTraits {
            var totals = sceneTraitTotals[trait] ?? (0, 0)
            totals.scenes += 1
            if !outcome.falseStarts.isEmpty { totals.withFalseStarts += 1 }
            sceneTraitTotals[trait] = totals
        }
    }

    // MARK: Detection

    /// Runs ridden through the course.
    public var runCount: Int { runs.count }
    /// Runs given a result within 2 % of the truth.
    public var detectedCount: Int { runs.count(where: \.isDetected) }
    /// Detected runs over runs ridden (0 before any run).
    public var detectionRate: Double { runs.isEmpty ? 0 : Double(detectedCount) / Double(runs.count) }
    /// Runs given a result more than 2 % off.
    public var wrongSpeedCount: Int { runs.count(where: { if case .wrongSpeed = $0.verdict { true } else { false } }) }
    public var invalidCount: Int { runs.count(where: { if case .invalid = $0.verdict { true } else { false } }) }
    public var missedCount: Int { runs.count(where: { $0.verdict == .missed }) }

    // MARK: Speed error

    /// Absolute speed errors of the detected runs, percent of the truth, smallest first.
    public var detectedErrorsPercent: [Double] {
        runs.compactMap { $0.isDetected ? $0.errorPercent?.magnitude : nil }.sorted()
    }

    /// The nearest-rank percentile (`fraction` 0…1) of the detected runs' absolute errors,
    /// percent: the smallest error that at least `fraction` of them do not exceed. Nil without
    /// a detected run.
    public func errorPercentile(_ fraction: Double) -> Double? {
        let errors = detectedErrorsPercent
        guard !errors.isEmpty else { return nil }
        var rank = Int(fraction * Double(errors.count))
        if Double(rank) < fraction * Double(errors.count) { rank += 1 }
        return errors[max(0, min(errors.count - 1, rank - 1))]
    }

    /// Of the detected runs whose result gave a ±, how many had the true speed inside it, and how
    /// many gave one: the ± is honest when about 95 % are covered.
    public var uncertaintyCoverage: (covered: Int, total: Int) {
        let judged = runs.filter(\.isDetected).compactMap(\.isCoveredByUncertainty)
        return (judged.count(where: { $0 }), judged.count)
    }

    /// Of the runs announced more than the detection tolerance off that gave a ±, how many had the
    /// true speed inside it (the speed said honestly that it could be that far off), and how many gave one.
    public var wrongSpeedCoverage: (covered: Int, total: Int) {
        let judged = runs.filter { if case .wrongSpeed = $0.verdict { true } else { false } }.compactMap(\.isCoveredByUncertainty)
        return (judged.count(where: { $0 }), judged.count)
    }

    /// The median of the detected runs' ±, percent of their speed; nil without one.
    public var medianUncertaintyPercent: Double? {
        let values = runs.compactMap { run -> Double? in
            guard run.isDetected, let u = run.uncertaintyKmh, u > 0, let m = run.measuredKmh, m > 0 else { return nil }
            return u / m * 100
        }.sorted()
        return values.isEmpty ? nil : values[values.count / 2]
    }

    // MARK: False starts

    public var falseStartCount: Int { falseStarts.count }

    /// Seeds of the scenes with false starts, in the order added, each once.
    public var falseStartSeeds: [UInt64] {
        var seeds: [UInt64] = []
        for start in falseStarts where seeds.last != start.seed && !seeds.contains(start.seed) { seeds.append(start.seed) }
        return seeds
    }

    // MARK: Worst cases and causes

    /// The `count` worst runs: missed, invalid, then by the size of the speed error.
    public func worst(_ count: Int) -> [SweepRunOutcome] {
        Array(runs.sorted(by: SweepRunOutcome.isWorse).prefix(count))
    }

    /// Up to `count` runs that were not detected, those with the fewest traits first (their
    /// cause is the plainest), then the worst first.
    public func clearestFailures(_ count: Int) -> [SweepRunOutcome] {
        let failed = runs.filter { !$0.isDetected }
        return Array(failed.sorted {
            $0.traits.count != $1.traits.count ? $0.traits.count < $1.traits.count : SweepRunOutcome.isWorse($0, than: $1)
        }.prefix(count))
    }

    /// Up to `count` detected runs with the largest speed errors, largest first.
    public func largestErrors(_ count: Int) -> [SweepRunOutcome] {
        Array(runs.filter(\.isDetected).sorted(by: SweepRunOutcome.isWorse).prefix(count))
    }

    /// How many runs were thrown out for each reason, the most common first.
    public var invalidReasons: [(reason: String, count: Int)] {
        var counts: [String: Int] = [:]
        for run in runs { if case .invalid(let reason) = run.verdict { counts[reason, default: 0] += 1 } }
        return counts.map { ($0.key, $0.value) }.sorted { $0.count != $1.count ? $0.count > $1.count : $0.reason < $1.reason }
    }

    /// How many false starts of each kind (`SweepFalseStart.what`), the most common first.
    public var falseStartKinds: [(what: String, count: Int)] {
        var counts: [String: Int] = [:]
        for start in falseStarts { counts[start.what, default: 0] += 1 }
        return counts.map { ($0.key, $0.value) }.sorted { $0.count != $1.count ? $0.count > $1.count : $0.what < $1.what }
    }

    /// For each trait of any run, how many runs had it and how many of those were not detected;
    /// the traits whose runs failed most often first (ties: more failures first).
    public func failuresByTrait() -> [SweepTraitShare] {
        var totals: [SweepTrait: SweepTraitShare] = [:]
        for run in runs {
            for trait in run.traits {
                var share = totals[trait] ?? SweepTraitShare(trait: trait, total: 0, failed: 0)
                share.total += 1
                if !run.isDetected { share.failed += 1 }
                totals[trait] = share
            }
        }
        return Self.ranked(Array(totals.values))
    }

    /// For each scene trait, how many scenes had it and how many of those had a false start,
    /// most often first.
    public func falseStartsByTrait() -> [SweepTraitShare] {
        Self.ranked(sceneTraitTotals.map { SweepTraitShare(trait: $0.key, total: $0.value.scenes, failed: $0.value.withFalseStarts) })
    }

    private static func ranked(_ shares: [SweepTraitShare]) -> [SweepTraitShare] {
        shares.sorted {
            if $0.fraction != $1.fraction { return $0.fraction > $1.fraction }
            if $0.failed != $1.failed { return $0.failed > $1.failed }
            return $0.trait < $1.trait
        }
    }
}
