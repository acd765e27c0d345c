/// The walk-through check: for a while, every post crossing is reported as it happens, whatever
/// the run rules make of it (someone walks or rides the line and the page marks each post).
/// Time is a parameter: the window is in source seconds, like every sample.
extension TimingMachine {
    /// Crossings kept between two `takeWalkthroughCrossings` at most (a frame has a few).
    static var walkthroughCapacity: Int { 64 }

    /// Reports every crossing up to source time `until` (replacing a window already open).
    public mutating func startWalkthrough(until: Double) {
        guard until.isFinite else { return }
        walkthroughUntil = until
    }

    /// Whether the walk-through window is open at `t`.
    public func walkthroughIsOpen(at t: Double) -> Bool {
        guard let walkthroughUntil else { return false }
        return t <= walkthroughUntil
    }

    /// Hands each crossing collected since the last call to `body`, in time order, and forgets them.
    public mutating func takeWalkthroughCrossings(_ body: (Crossing) -> Void) {
        guard !walkthroughCrossings.isEmpty else { return }
        for index in 0..<walkthroughCrossings.count { body(walkthroughCrossings[index]) }
        walkthroughCrossings.removeAll(keepingCapacity: true)
    }

    /// Called by `observe` with the frame's crossings; closes the window once `t` is past it.
    mutating func collectWalkthrough(t: Double) {
        guard let until = walkthroughUntil else { return }
        guard t <= until else {
            walkthroughUntil = nil
            return
        }
        for index in 0..<crossings.count where walkthroughCrossings.count < Self.walkthroughCapacity {
            walkthroughCrossings.append(crossings[index])
        }
    }
}
