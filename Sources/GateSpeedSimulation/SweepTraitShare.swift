/// How often runs with a trait failed, or scenes with a trait had false starts.
public struct SweepTraitShare: Sendable, Equatable {
    public var trait: SweepTrait
    /// Runs (or scenes) with the trait, and of those the ones that failed (or had false starts).
    public var total: Int, failed: Int

    public init(trait: SweepTrait, total: Int, failed: Int) {
        self.trait = trait
        self.total = total
        self.failed = failed
    }

    /// `failed` over `total` (0 when there are none).
    public var fraction: Double { total == 0 ? 0 : Double(failed) / Double(total) }
}
