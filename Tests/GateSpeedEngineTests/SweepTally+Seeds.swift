import GateSpeedSimulation

extension SweepTally {
    /// The tally of the scenes of `seeds`, each judged by `judge` on a task of its own (the
    /// sweeps' fixed sets take most of a core-minute each), added in seed order so that the
    /// report reads the same however the tasks finished.
    static func judging(seeds: [UInt64],
                        _ judge: @escaping @Sendable (UInt64) throws -> SweepSceneOutcome) async throws -> SweepTally {
        let outcomes = try await withThrowingTaskGroup(of: SweepSceneOutcome.self) { group in
            for seed in seeds { group.addTask { try judge(seed) } }
            var all: [SweepSceneOutcome] = []
            for try await outcome in group { all.append(outcome) }
            return all.sorted { $0.seed < $1.seed }
        }
        var tally = SweepTally()
        outcomes.forEach { tally.add($0) }
        return tally
    }
}
