/// A start or invalid run that no rider caused (a walker, a ghost, a bump read as a person).
public struct SweepFalseStart: Sendable, Equatable {
    public var seed: UInt64
    /// Scene seconds.
    public var t: Double
    /// What the timing core said, e.g. "start L>R, then invalid skipped_post" or "invalid inner_start".
    public var what: String

    public init(seed: UInt64, t: Double, what: String) {
        self.seed = seed
        self.t = t
        self.what = what
    }
}
