import GateSpeedCore
import GateSpeedSimulation

/// The replay traces' lines for the timing's events (`SweepTrace`, `SweepPerspectiveTrace`): each
/// start, crossing and result against the truth of the run whose rider was in view when the run
/// started (times in scene seconds, errors in milliseconds and percent of the true speed).
struct SweepTraceEvents<Run: SweepCountedRun> {
    let runs: [Run]
    /// With each result, its crossing times.
    let listingCrossings: Bool
    /// The run the current start was given to, and the crossings counted since.
    private(set) var runIndex: Int?
    private var crossingIndex = 0

    init(runs: [Run], listingCrossings: Bool) {
        self.runs = runs
        self.listingCrossings = listingCrossings
    }

    /// The run whose rider is in view at `t` (the latest to enter), if any.
    func run(at t: Double) -> Int? {
        runs.indices.last { runs[$0].entersView <= t && t <= runs[$0].leavesView }
    }

    /// Prints `event`'s line; true when it ends a run (a result or an invalid run).
    mutating func print(_ event: TimingEvent) -> Bool {
        switch event {
        case .start(let at, let post, _):
            runIndex = run(at: at)
            crossingIndex = 0
            Swift.print("TRACE start post \(post) t \(fixed(at, 4))" + crossingError(at))
        case .post(let at, let post, _):
            crossingIndex += 1
            Swift.print("TRACE post \(post) t \(fixed(at, 4))" + crossingError(at))
        case .result(let result):
            let truth = runIndex.map { runs[$0].truth.speedKmh } ?? .nan
            Swift.print("TRACE result \(fixed(result.speedKmh, 3)) ± \(fixed(result.uncertaintyKmh, 3)) truth "
                        + "\(fixed(truth, 3)) error \(fixed((result.speedKmh - truth) / truth * 100, 3)) % ± "
                        + "\(fixed(result.uncertaintyKmh / truth * 100, 3)) %"
                        + (listingCrossings ? " crossings " + result.crossingTimes.map { fixed($0, 4) }.joined(separator: " ") : ""))
            return true
        case .invalid(let invalid):
            Swift.print("TRACE invalid \(invalid.reason.rawValue) t \(fixed(invalid.t, 3))")
            return true
        case .ready(let at):
            Swift.print("TRACE ready t \(fixed(at, 3))")
        }
        return false
    }

    private func crossingError(_ at: Double) -> String {
        guard let index = runIndex, crossingIndex < runs[index].truth.crossingTimes.count else { return "" }
        let truth = runs[index].truth.crossingTimes[crossingIndex]
        return " truth \(fixed(truth, 4)) error \(fixed((at - truth) * 1000, 2)) ms"
    }

    private func fixed(_ value: Double, _ digits: Int) -> String { BenchReport.fixed(value, digits) }
}
