/// How the timing of one sweep scene went: a verdict for every counted run and the false starts,
/// from the events the whole per-frame path gave.
///
/// Events are given to riders by time: a run's window is from half a second before its rider
/// enters the view to a second after they have left it. A start inside a window is that rider's
/// (the one of matching direction whose start is nearest, else the nearest); a result or invalid
/// run after a start belongs to whoever the start belonged to; an invalid run with no start before
/// it belongs to the rider whose window holds it. Starts, and invalid runs without a start, that
/// fall in no window are false starts.
public struct SweepSceneOutcome: Sendable, Equatable {
    public var seed: UInt64
    public var runs: [SweepRunOutcome]
    public var falseStarts: [SweepFalseStart]
    public var sceneTraits: [SweepTrait]

    /// Seconds before a rider enters the view and after they have left it during which events are theirs.
    public static let windowBefore = 0.5, windowAfter = 1.0

    public init(seed: UInt64, runs: [SweepRunOutcome], falseStarts: [SweepFalseStart], sceneTraits: [SweepTrait]) {
        self.seed = seed
        self.runs = runs
        self.falseStarts = falseStarts
        self.sceneTraits = sceneTraits
    }

    /// Judges `events` (in the order the pipeline gave them) against `sweep`'s runs.
    public init(judging events: [SweepEvent], of sweep: SweepScene) {
        self.init(judging: events, seed: sweep.seed, runs: sweep.runs, sceneTraits: sweep.sceneTraits,
                  description: sweep.parameters.description)
    }

    /// Judges `events` against the counted `runs` of scene `seed` (any sweep's: flat or perspective).
    public init<Run: SweepCountedRun>(judging events: [SweepEvent], seed: UInt64, runs counted: [Run],
                                      sceneTraits: [SweepTrait], description: String) {
        self.seed = seed
        self.sceneTraits = sceneTraits
        var verdicts = [SweepRunOutcome.Verdict](repeating: .missed, count: counted.count)
        var uncertainties = [Double?](repeating: nil, count: counted.count)
        var falseStarts: [SweepFalseStart] = []
        /// Whose run is open: nil for none, -1 for a false start, else the run's index.
        var open: Int?
        func record(_ verdict: SweepRunOutcome.Verdict, for index: Int, uncertaintyKmh: Double? = nil) {
            if verdict.rank > verdicts[index].rank { verdicts[index] = verdict; uncertainties[index] = uncertaintyKmh }
        }
        for event in events {
            switch event {
            case .ready:
                continue
            case .start(let t, let direction):
                if let index = Self.run(at: t, direction: direction, in: counted) {
                    open = index
                } else {
                    open = -1
                    falseStarts.append(SweepFalseStart(seed: seed, t: t,
                                                       what: direction == .leftToRight ? "start L>R" : "start R>L"))
                }
            case .result(let speed, _, _, let uncertainty):
                if let index = open, index >= 0 {
                    record(SweepRunOutcome.verdict(measuredKmh: speed, truthKmh: counted[index].truth.speedKmh), for: index,
                           uncertaintyKmh: uncertainty)
                } else if open == -1, !falseStarts.isEmpty {
                    falseStarts[falseStarts.count - 1].what += ", then a result"
                }
                open = nil
            case .invalid(let t, let reason):
                if let index = open, index >= 0 {
                    record(.invalid(reason: reason), for: index)
                } else if open == -1, !falseStarts.isEmpty {
                    falseStarts[falseStarts.count - 1].what += ", then invalid " + reason
                } else if let index = Self.run(at: t, direction: nil, in: counted) {
                    record(.invalid(reason: reason), for: index)
                } else {
                    falseStarts.append(SweepFalseStart(seed: seed, t: t, what: "invalid " + reason))
                }
                open = nil
            }
        }
        runs = counted.enumerated().map { index, run in
            var outcome = SweepRunOutcome(seed: seed, index: index, runCount: counted.count, truthKmh: run.truth.speedKmh,
                                          verdict: verdicts[index], traits: run.traits, sceneDescription: description)
            outcome.uncertaintyKmh = uncertainties[index]
            return outcome
        }
        self.falseStarts = falseStarts
    }

    /// The run whose window holds `t`: of those, the one going `direction` whose start is
    /// nearest `t`, else the nearest of any direction; nil when no window holds it.
    static func run<Run: SweepCountedRun>(at t: Double, direction: TravelDirection?, in runs: [Run]) -> Int? {
        var best: (index: Int, matches: Bool, distance: Double)?
        for (index, run) in runs.enumerated()
        where t >= run.entersView - windowBefore && t <= run.leavesView + windowAfter {
            let matches = direction == nil || run.direction == direction
            let distance = (t - run.truth.crossingTimes[0]).magnitude
            if let current = best, (current.matches && !matches) || (current.matches == matches && current.distance <= distance) {
                continue
            }
            best = (index, matches, distance)
        }
        return best?.index
    }
}
