/// Which session a result belongs to: the local calendar date it started on and its
/// number within that date (1, 2, … ; a `new session` command starts the next one).
public struct SessionID: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Local date, `YYYY-MM-DD`.
    public var date: String
    /// 1-based number within `date`.
    public var number: Int

    public init(date: String, number: Int) {
        self.date = date
        self.number = number
    }

    public var description: String { "\(date) session \(number)" }
}

/// The running tally shown bottom-left on the clips and sent as the `session` event.
public struct SessionScoreboard: Sendable, Equatable {
    /// Valid runs (results); invalid attempts are not runs.
    public var runs: Int
    /// Valid runs at or above the pass speed.
    public var passes: Int
    /// Sum of the valid runs' speeds, km/h (unrounded), for the average.
    public var totalKmh: Double
    /// Invalid attempts, kept for the log.
    public var invalid: Int

    public init(runs: Int = 0, passes: Int = 0, totalKmh: Double = 0, invalid: Int = 0) {
        self.runs = runs
        self.passes = passes
        self.totalKmh = totalKmh
        self.invalid = invalid
    }

    /// Mean speed of the valid runs, km/h; 0 before the first run.
    public var averageKmh: Double { runs == 0 ? 0 : totalKmh / Double(runs) }

    public mutating func recordResult(speedKmh: Double, pass: Bool) {
        runs += 1
        if pass { passes += 1 }
        totalKmh += speedKmh
    }

    public mutating func recordInvalid() { invalid += 1 }
}
