/// A finished run whose crossings no steady ride explains is refused, not announced.
///
/// A rider over a 28 m course rides at a pace that changes smoothly: over the few seconds of a
/// run, a constant acceleration (position quadratic in time) explains every post's crossing to
/// within its timing sigma. When the vision follows someone else for part of the run (a
/// bystander the rider's region merged with, a stale region frozen in place, another identity),
/// the crossings timed from those positions are late or early by tens of milliseconds, and the
/// speed announced from the first and last of them is wrong by several per cent while its ±,
/// built from the end crossings' own sigmas, says nothing of it.
///
/// So at the finish, with at least four posts, position is fitted as a quadratic of time through
/// every crossing (least squares), and each crossing's miss from that fit, as time (the position
/// miss over the fitted pace there), is compared with its sigma combined with
/// `steadinessFloorSeconds` (what a real rider's uneven pedalling, and the crossing interpolation
/// on a sparse cadence, may add). A miss over `steadinessLimit` such sigmas refuses the run as
/// `unsteady`. A quadratic absorbs one wrong end crossing as an acceleration, so this finds
/// inner crossings that disagree with the ride; it cannot find a start alone off.
///
/// The same misses say how well the run's crossings are timed, whatever each one's own sigma
/// claims: their scatter about the steady ride (root mean square over the degrees of freedom
/// left, `count - 3`) is a floor under the start's and the finish's sigma in the speed's ±. A
/// run timed from positions biased by someone else's region for part of it then says so in its
/// ± instead of claiming a precision it does not have.
///
/// A post credited across a tracking gap (`TimingMachine+Gaps`) was passed, but its time is only
/// somewhere in the gap (a straight path from the last sighting, often a stale or merged region's,
/// to the first new one): it is no measurement of the ride. It enters neither the fit nor the
/// scatter; the run's timed crossings alone are tested, when there are at least four of them.
/// (In the fit it pulled the quadratic off the timed crossings, which then missed it by many
/// of their own sigmas: a right speed refused, seed 269's first run.)
extension TimingMachine {
    /// Seconds added in quadrature to each crossing's sigma: a real rider's pace is not exactly
    /// a constant acceleration, and a crossing interpolated between sparse frames has errors its
    /// sigma may understate.
    static let steadinessFloorSeconds = 0.012
    /// How many combined sigmas a crossing may miss the steady ride by.
    static let steadinessLimit = 4.0

    /// The steady ride's fit through the run's crossings (see above): `worst`, the largest miss of
    /// a crossing in combined sigmas; `scatter`, the misses' root mean square over the degrees of
    /// freedom left (seconds). Nil with fewer than four timed crossings or a degenerate fit.
    func steadyRide(direction: Direction) -> (worst: Double, scatter: Double)? {
        let count = runCrossingTimes.count
        guard count == course.postCount, runCrossingSigmas.count == count else { return nil }
        // Every credited bit is one of this run's crossings: `GapMemory` starts afresh with each run
        // (`gapRunStarted`, where `runCrossingTimes` is emptied) and `credit` sets the bit of the
        // crossing it appends.
        let timed = count - gap.creditedCrossings.nonzeroBitCount
        guard timed >= 4 else { return nil }
        // Times about their mean, for a well-conditioned fit.
        var meanT = 0.0
        for index in 0..<count where isTimed(crossing: index) { meanT += runCrossingTimes[index] }
        meanT /= Double(timed)
        var s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0, s4 = 0.0, y0 = 0.0, y1 = 0.0, y2 = 0.0
        for index in 0..<count where isTimed(crossing: index) {
            let t = runCrossingTimes[index] - meanT
            let x = position(ofCrossing: index, direction: direction)
            let t2 = t * t
            s0 += 1; s1 += t; s2 += t2; s3 += t2 * t; s4 += t2 * t2
            y0 += x; y1 += x * t; y2 += x * t2
        }
        // Normal equations [s0 s1 s2; s1 s2 s3; s2 s3 s4] (a b c) = (y0 y1 y2), Cramer's rule.
        let det = s0 * (s2 * s4 - s3 * s3) - s1 * (s1 * s4 - s3 * s2) + s2 * (s1 * s3 - s2 * s2)
        guard det.isFinite, det.magnitude > 1e-12 else { return nil }
        let a = (y0 * (s2 * s4 - s3 * s3) - s1 * (y1 * s4 - s3 * y2) + s2 * (y1 * s3 - s2 * y2)) / det
        let b = (s0 * (y1 * s4 - y2 * s3) - y0 * (s1 * s4 - s3 * s2) + s2 * (s1 * y2 - y1 * s2)) / det
        let c = (s0 * (s2 * y2 - s3 * y1) - s1 * (s1 * y2 - y1 * s2) + y0 * (s1 * s3 - s2 * s2)) / det
        var worst = 0.0, squares = 0.0
        for index in 0..<count where isTimed(crossing: index) {
            let t = runCrossingTimes[index] - meanT
            let x = position(ofCrossing: index, direction: direction)
            let pace = b + 2 * c * t
            guard pace.isFinite, pace.magnitude > 0 else { return nil }
            let missSeconds = (x - (a + b * t + c * t * t)) / pace
            let sigma = runCrossingSigmas[index]
            let combined = ((sigma.isFinite ? sigma * sigma : 0)
                            + Self.steadinessFloorSeconds * Self.steadinessFloorSeconds).squareRoot()
            worst = max(worst, missSeconds.magnitude / combined)
            squares += missSeconds * missSeconds
        }
        let scatter = (squares / Double(timed - 3)).squareRoot()
        return worst.isFinite && scatter.isFinite ? (worst, scatter) : nil
    }

    /// The position (post unit) of the run's `index`-th crossing in travel order.
    private func position(ofCrossing index: Int, direction: Direction) -> Double {
        direction == .leftToRight ? course.posts[index] : course.posts[course.postCount - 1 - index]
    }
}
