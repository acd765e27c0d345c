/// Finds the post that fits worst: over 3 px (on a 640-wide sensor, scaled to the real width) it is
/// a warning naming the mark; over four times that, a problem.
enum ResidualCheck {
    static let warningPixelsAt640 = 3.0
    static let refusalFactor = 4.0

    static func findings(_ residuals: [PostResidual], survey: CourseSurvey) -> (problems: [GeometryProblem], warnings: [String]) {
        let threshold = warningPixelsAt640 * survey.sensorWidthPixels / 640
        var worst: (key: String, pixels: Double)?
        for (i, r) in residuals.enumerated() {
            for (key, pixels) in [("posts[\(i)].base", r.basePixels), ("posts[\(i)].top", r.topPixels ?? 0)]
                where pixels > (worst?.pixels ?? 0) {
                worst = (key, pixels)
            }
        }
        guard let worst, worst.pixels > threshold else { return ([], []) }
        let text = NumberText.fixed(worst.pixels, 1)
        if worst.pixels > refusalFactor * threshold || !worst.pixels.isFinite {
            return ([GeometryProblem(key: worst.key,
                                     message: "looks mis-marked: it is \(text) px from where the other marks put it; check it")], [])
        }
        return ([], ["\(worst.key): \(text) px from where the other marks put it (more than \(NumberText.fixed(threshold, 1)) px); check that mark"])
    }
}
