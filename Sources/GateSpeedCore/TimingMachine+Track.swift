extension TimingMachine {
    /// The vision now follows a different person than in the previous sample. The crossing
    /// detector forgets the old position, so two people's positions are never joined into one
    /// path (which could invent a crossing between where one stood and where the other is).
    /// So does what it keeps for the start (the stretch's first positions, the position before
    /// the gap that began it): a gap is only ever bridged within one person.
    public mutating func trackChanged() {
        detector.reset()
    }
}
