/// What a user would enter for a perspective course: the posts marked on a still of the view,
/// and the config JSON built from them.
extension PerspectiveScene {
    /// Posts as a user would mark them on a still, from post 1: where each pole meets the ground
    /// (base) and its top, in normalised view coordinates (0…1, top-left origin), each coordinate
    /// off by Gaussian noise of `markNoisePixels` (standard deviation, pixels), drawn from `seed`.
    /// A post behind the camera is reported at (nan, nan). Marks are not clamped to the view.
    public func postMarks(markNoisePixels: Double, seed: UInt64) -> [(base: (x: Double, y: Double), top: (x: Double, y: Double))] {
        var random = SeededRandom(seed: seed)
        let w = Double(camera.width), h = Double(camera.height)
        return postPositions.map { x in
            let base = camera.project(x: x, y: 0, z: 0) ?? (.nan, .nan)
            let top = camera.project(x: x, y: 0, z: poleHeightMetres) ?? (.nan, .nan)
            let noisy = (base: (x: base.x + random.gaussian() * markNoisePixels / w, y: base.y + random.gaussian() * markNoisePixels / h),
                         top: (x: top.x + random.gaussian() * markNoisePixels / w, y: top.y + random.gaussian() * markNoisePixels / h))
            return noisy
        }
    }

    /// The `course` section a user would write for this course, as a whole JSON document:
    /// `{"course": {"posts": [{"base": [x, y], "top": [x, y]}, …], "post_height_m": …, "length_m": …,
    /// "camera": {"height_m": …, "distance_m": …, "hfov_deg": …}}}`, the marks as `postMarks` gives
    /// them, and only the camera keys asked for (no `camera` object when none is).
    /// Positions are written to six decimals, metres and degrees to four.
    public func courseJSON(markNoisePixels: Double, seed: UInt64, includeHeight: Bool, includeDistance: Bool,
                           includeFieldOfView: Bool) -> String {
        let marks = postMarks(markNoisePixels: markNoisePixels, seed: seed)
        var posts: [String] = []
        for mark in marks {
            posts.append("{\"base\": [\(Self.json(mark.base.x, 6)), \(Self.json(mark.base.y, 6))], "
                         + "\"top\": [\(Self.json(mark.top.x, 6)), \(Self.json(mark.top.y, 6))]}")
        }
        var course = [
            "\"posts\": [\(posts.joined(separator: ", "))]",
            "\"post_height_m\": \(Self.json(poleHeightMetres, 4))",
            "\"length_m\": \(Self.json(courseLength, 4))",
        ]
        var cameraKeys: [String] = []
        if includeHeight { cameraKeys.append("\"height_m\": \(Self.json(camera.heightMetres, 4))") }
        if includeDistance { cameraKeys.append("\"distance_m\": \(Self.json(camera.distanceMetres, 4))") }
        if includeFieldOfView { cameraKeys.append("\"hfov_deg\": \(Self.json(camera.horizontalFieldOfViewDegrees, 4))") }
        if !cameraKeys.isEmpty { course.append("\"camera\": {\(cameraKeys.joined(separator: ", "))}") }
        return "{\"course\": {\(course.joined(separator: ", "))}}"
    }

    /// A JSON number rounded to `decimals` places (null when not finite).
    static func json(_ value: Double, _ decimals: Int) -> String {
        guard value.isFinite else { return "null" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        // Swift writes the shortest round-tripping form ("28.0", "0.512345", "1e-06"): all valid JSON.
        return rounded == 0 ? "0" : rounded.description
    }
}
