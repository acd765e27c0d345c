/// Multi-start search: the starts that fit best as they stand (up to `screenedPerSide` on each side of
/// the line of posts) get a few Levenberg–Marquardt iterations, then the best `keptPerSide` on each
/// side are run to convergence.
enum SolveSearch {
    /// Converged (or stopped) runs, best (lowest χ²) first; empty when no start could be evaluated.
    static func run(_ model: SurveyModel, starts: [[Double]], screenedPerSide: Int = 10, screeningIterations: Int = 6,
                    keptPerSide: Int = 3, fullIterations: Int = 300) -> [LevenbergMarquardt.Outcome] {
        let costed = starts.compactMap { p in model.residuals(p).map { (p, LevenbergMarquardt.sumOfSquares($0)) } }
            .sorted { $0.1 < $1.1 }
        let chosen = bothSides(costed, each: screenedPerSide) { $0.0[SurveyModel.cameraY] }.map(\.0)
        let screen = LevenbergMarquardt(maximumIterations: screeningIterations)
        let screened = chosen.compactMap { screen.minimise(model, from: $0) }.sorted { $0.cost < $1.cost }
        let full = LevenbergMarquardt(maximumIterations: fullIterations)
        return bothSides(screened, each: keptPerSide) { $0.parameters[SurveyModel.cameraY] }.compactMap { run in
            run.converged ? run : full.minimise(model, from: run.parameters)
        }.sorted { $0.cost < $1.cost }
    }

    /// The first `each` items with a negative side value and the first `each` with a non-negative one.
    static func bothSides<T>(_ items: [T], each: Int, side: (T) -> Double) -> [T] {
        Array(items.filter { side($0) < 0 }.prefix(each)) + Array(items.filter { side($0) >= 0 }.prefix(each))
    }
}
