/// The session tally: valid runs, passes and their average speed.
public struct Scoreboard: Sendable, Equatable {
    /// Valid (completed) runs.
    public private(set) var runs: Int
    /// Valid runs that passed.
    public private(set) var passes: Int
    /// Sum of the valid runs' unrounded speeds, km/h (what a journal stores to restore).
    public private(set) var totalKmh: Double

    /// An empty scoreboard.
    public init() {
        runs = 0
        passes = 0
        totalKmh = 0
    }

    /// Restores a saved tally (e.g. from the journal at start-up). Throws a problem keyed
    /// `runs`, `passes` or `total_kmh` when the numbers cannot belong together.
    public init(runs: Int, passes: Int, totalKmh: Double) throws(ValidationProblem) {
        guard runs >= 0 else {
            throw ValidationProblem(key: "runs", message: "must be at least 0 (got \(runs))")
        }
        guard passes >= 0, passes <= runs else {
            throw ValidationProblem(key: "passes", message: "must be between 0 and runs (\(runs)) (got \(passes))")
        }
        guard totalKmh.isFinite, totalKmh >= 0, runs > 0 || totalKmh == 0 else {
            throw ValidationProblem(
                key: "total_kmh",
                message: "must be a finite number of at least 0, and 0 when runs is 0 (got \(DecimalFormat.trimmed(totalKmh)))")
        }
        self.runs = runs
        self.passes = passes
        self.totalKmh = totalKmh
    }

    /// Average speed of the valid runs, km/h; 0 when there are none.
    public var averageKmh: Double {
        runs == 0 ? 0 : totalKmh / Double(runs)
    }

    /// Adds one valid run.
    public mutating func record(speedKmh: Double, pass: Bool) {
        runs += 1
        if pass { passes += 1 }
        totalKmh += speedKmh
    }

    /// Back to no runs.
    public mutating func reset() {
        self = Scoreboard()
    }
}
