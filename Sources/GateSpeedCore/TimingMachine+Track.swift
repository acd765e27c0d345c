extension TimingMachine {
    /// The vision now follows a different person than in the previous sample. The crossing
    /// detector forgets the old position, so two people's positions are never joined into one
    /// path (which could invent a crossing between where one stood and where the other is).
    public mutating func trackChanged() {
        forgetPersonFollowed()
    }

    /// The crossing detector forgets the person followed, and so do the sightings kept beside it
    /// for the start (`TimingMachine+StretchSightings`, `TimingMachine+StartInGap`).
    mutating func forgetPersonFollowed() {
        detector.reset()
        forgetStretchSightings()
        forgetSightingsBeforeGap()
    }
}
