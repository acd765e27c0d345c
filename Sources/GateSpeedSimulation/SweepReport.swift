/// The plain-text report of a sweep: a few lines of figures, what the failures had in common,
/// and the worst cases by seed (each replayed alone by `gatespeed bench --sweep 1 --seed S`).
public enum SweepReport {
    /// At most this many traits on each "by trait" line (the "every trait" line shows them all).
    public static let traitsShown = 8

    /// The report's lines for `tally`: the figures, the traits whose runs fail more often than
    /// the others', the failure rate of every trait met (so each cause can be followed from one
    /// sweep to the next), `worst` failed runs (the clearest causes first) and the `largest`
    /// errors of detected runs.
    public static func lines(_ tally: SweepTally, worst: Int = 10, largest largestCount: Int = 3) -> [String] {
        var lines: [String] = []
        var detection = "detection: \(tally.detectedCount) of \(tally.runCount) runs timed within "
            + SweepText.percent(SweepRunOutcome.detectionTolerance, 0) + " (" + SweepText.percent(tally.detectionRate, 1)
            + "); \(tally.wrongSpeedCount) timed further off, \(tally.invalidCount) invalid"
        if !tally.invalidReasons.isEmpty {
            detection += " (" + tally.invalidReasons.map { "\($0.reason) \($0.count)" }.joined(separator: ", ") + ")"
        }
        lines.append(detection + ", \(tally.missedCount) missed")
        if let median = tally.errorPercentile(0.5), let p90 = tally.errorPercentile(0.9),
           let p99 = tally.errorPercentile(0.99), let max = tally.errorPercentile(1) {
            lines.append("speed error of detected runs: median " + SweepText.number(median, 2) + " %, p90 "
                         + SweepText.number(p90, 2) + " %, p99 " + SweepText.number(p99, 2) + " %, max "
                         + SweepText.number(max, 2) + " %")
        } else {
            lines.append("speed error of detected runs: none detected")
        }
        let coverage = tally.uncertaintyCoverage
        if coverage.total > 0 {
            lines.append("speed ± (95 %) holds the truth in \(coverage.covered) of \(coverage.total) detected runs ("
                         + SweepText.percent(Double(coverage.covered) / Double(coverage.total), 1) + "); median ± "
                         + SweepText.number(tally.medianUncertaintyPercent ?? 0, 2) + " %"
                         + wrongSpeedCoverage(tally))
        } else if tally.wrongSpeedCoverage.total > 0 {
            lines.append("speed ± (95 %) holds the truth " + wrongSpeedCoverage(tally).dropFirst(2))
        }
        let seeds = tally.falseStartSeeds
        var falseStarts = "false starts: \(tally.falseStartCount) in \(seeds.count) of \(tally.scenes) scenes"
        if !seeds.isEmpty {
            falseStarts += " (" + tally.falseStartKinds.map { "\($0.what) \($0.count)" }.joined(separator: "; ")
                + "; seeds " + seeds.prefix(12).map { String($0) }.joined(separator: ", ") + (seeds.count > 12 ? ", …)" : ")")
        }
        lines.append(falseStarts)
        let failureRate = 1 - tally.detectionRate
        let failing = tally.failuresByTrait().filter { $0.failed >= 2 && $0.fraction > failureRate }
        if !failing.isEmpty {
            lines.append("failed runs by trait (failed/runs with it): " + shares(failing))
        }
        let everyTrait = tally.failuresByTrait().sorted { $0.trait < $1.trait }
        if !everyTrait.isEmpty {
            lines.append("every trait, in order (failed/runs with it): " + shares(everyTrait, all: true))
        }
        let startRate = Double(seeds.count) / Double(max(1, tally.scenes))
        let starting = tally.falseStartsByTrait().filter { $0.failed >= 2 && $0.fraction > startRate }
        if !starting.isEmpty {
            lines.append("scenes with false starts by trait (with false starts/scenes with it): " + shares(starting))
        }
        let failures = tally.clearestFailures(worst)
        if !failures.isEmpty {
            lines.append("worst \(failures.count) cases, fewest traits first (replay one: gatespeed bench --sweep 1 --seed S):")
            for run in failures { lines.append("  " + line(run)) }
        }
        let largest = tally.largestErrors(largestCount).filter { ($0.errorPercent ?? 0) != 0 }
        if !largest.isEmpty {
            lines.append("largest errors of detected runs:")
            for run in largest { lines.append("  " + line(run)) }
        }
        return lines
    }

    /// "; in C of W runs announced more than 2 % off" when any was (nothing otherwise).
    static func wrongSpeedCoverage(_ tally: SweepTally) -> String {
        let wrong = tally.wrongSpeedCoverage
        guard wrong.total > 0 else { return "" }
        return "; in \(wrong.covered) of \(wrong.total) runs announced more than 2 % off"
    }

    /// One case: "seed 17 run 2/3, 31.2 km/h: missed [small rider, later run] | 640x480 30 fps …".
    public static func line(_ run: SweepRunOutcome) -> String {
        "seed \(run.seed) run \(run.index + 1)/\(run.runCount), " + SweepText.number(run.truthKmh, 1) + " km/h: "
            + run.summary + " [" + run.traits.map(\.rawValue).joined(separator: ", ") + "] | " + run.sceneDescription
    }

    private static func shares(_ shares: [SweepTraitShare], all: Bool = false) -> String {
        shares.prefix(all ? shares.count : traitsShown).map {
            "\($0.trait.rawValue) \($0.failed)/\($0.total) (" + SweepText.percent($0.fraction, 0) + ")"
        }.joined(separator: ", ")
    }
}
