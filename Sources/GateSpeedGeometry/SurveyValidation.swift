/// The checks made before solving: finite numbers, marks inside the view, tops above their bases,
/// at least two posts, bases in order along the course, and sane ranges for every length.
enum SurveyValidation {
    static func problems(in survey: CourseSurvey) -> [GeometryProblem] {
        var problems: [GeometryProblem] = []
        let aspectProblems = range(survey.sensorAspect, key: "sensor.aspect", 0.2...5, unit: "")
        problems += aspectProblems
        problems += range(survey.sensorWidthPixels, key: "sensor.width_px", 16...100_000, unit: " px")
        problems += range(survey.markPrecision, key: "mark_precision", 0.00001...0.05, unit: " of the sensor width")
        problems += range(survey.courseLengthMetres, key: "length_m", 1...500, unit: " m")
        if let pole = survey.poleHeightMetres { problems += range(pole, key: "post_height_m", 0.2...5, unit: " m") }
        if let h = survey.camera.heightMetres { problems += range(h, key: "camera.height_m", 0.2...30, unit: " m") }
        if let d = survey.camera.distanceMetres { problems += range(d, key: "camera.distance_m", 1...200, unit: " m") }
        if let f = survey.camera.horizontalFieldOfViewDegrees { problems += range(f, key: "camera.hfov_deg", 20...170, unit: "°") }
        let posts = survey.posts
        if posts.count < 2 {
            problems.append(GeometryProblem(key: "posts", message: "needs at least 2 posts (has \(posts.count))"))
        }
        let firstTop = posts.firstIndex { $0.top != nil }
        if let firstTop, survey.poleHeightMetres == nil {
            problems.append(GeometryProblem(key: "post_height_m",
                                            message: "is needed because post tops are marked (posts[\(firstTop)].top); give the height of the poles above the ground"))
        }
        var basesValid = true
        for (i, post) in posts.enumerated() {
            let baseProblems = inView(post.base, key: "posts[\(i)].base")
            basesValid = basesValid && baseProblems.isEmpty
            problems += baseProblems
            if let top = post.top { problems += inView(top, key: "posts[\(i)].top") }
        }
        problems += topSides(posts)
        if basesValid && aspectProblems.isEmpty && posts.count >= 2 { problems += order(posts, aspect: survey.sensorAspect) }
        return problems
    }

    static func range(_ value: Double, key: String, _ sane: ClosedRange<Double>, unit: String) -> [GeometryProblem] {
        guard value.isFinite else {
            return [GeometryProblem(key: key, message: "must be a finite number (got \(NumberText.trimmed(value)))")]
        }
        guard sane.contains(value) else {
            return [GeometryProblem(key: key, message: "\(NumberText.trimmed(value, 5)) is outside the sane range "
                                    + "\(NumberText.trimmed(sane.lowerBound, 5))–\(NumberText.trimmed(sane.upperBound, 5))\(unit)")]
        }
        return []
    }

    static func inView(_ point: ImagePoint, key: String) -> [GeometryProblem] {
        var problems: [GeometryProblem] = []
        for (name, value) in [("x", point.x), ("y", point.y)] {
            if !value.isFinite {
                problems.append(GeometryProblem(key: key, message: "\(name) must be a finite number (got \(NumberText.trimmed(value)))"))
            } else if !(0...1).contains(value) {
                problems.append(GeometryProblem(key: key, message: "\(NumberText.trimmed(value)) is outside the view (0…1)"))
            }
        }
        return problems
    }

    /// Tops must be above their bases. An upside-down sensor (every top, or most, marked below its
    /// base in sensor coordinates) is accepted; then the odd ones out are the problems.
    static func topSides(_ posts: [PostMark]) -> [GeometryProblem] {
        let marked = posts.enumerated().compactMap { i, post -> (Int, ImagePoint, ImagePoint)? in
            guard let top = post.top, top.x.isFinite, top.y.isFinite, post.base.y.isFinite else { return nil }
            return (i, post.base, top)
        }
        let above = marked.filter { $0.2.y < $0.1.y }.count
        let below = marked.filter { $0.2.y > $0.1.y }.count
        let upright = above >= below
        var problems: [GeometryProblem] = []
        for (i, base, top) in marked {
            let topText = NumberText.trimmed(top.y), baseText = NumberText.trimmed(base.y)
            if upright && !(top.y < base.y) {
                let relation = top.y == base.y ? "is level with" : "is below"
                problems.append(GeometryProblem(key: "posts[\(i)].top",
                                                message: "must be above its base (top y \(topText) \(relation) base y \(baseText))"))
            } else if !upright && !(top.y > base.y) {
                problems.append(GeometryProblem(key: "posts[\(i)].top",
                                                message: "must be on the same side of its base as the other tops (top y \(topText), base y \(baseText); the other tops are below their bases, as on an upside-down camera)"))
            }
        }
        return problems
    }

    /// Bases must follow one another along the line from the first base to the last.
    static func order(_ posts: [PostMark], aspect: Double) -> [GeometryProblem] {
        guard let first = posts.first?.base, let last = posts.last?.base else { return [] }
        let dx = last.x - first.x, dy = (last.y - first.y) / aspect
        let span = dx * dx + dy * dy
        guard span > 1e-4 else {
            return [GeometryProblem(key: "posts[\(posts.count - 1)].base",
                                    message: "is at the same place as posts[0].base; the first and last posts must be apart")]
        }
        var problems: [GeometryProblem] = []
        var previous = 0.0
        for i in 1..<posts.count {
            let b = posts[i].base
            let t = ((b.x - first.x) * dx + (b.y - first.y) / aspect * dy) / span
            if !(t > previous) {
                problems.append(GeometryProblem(key: "posts[\(i)].base",
                                                message: "is not beyond posts[\(i - 1)] along the line of posts (mark the posts in order, post 1 first)"))
            }
            previous = max(previous, t)
        }
        return problems
    }
}
