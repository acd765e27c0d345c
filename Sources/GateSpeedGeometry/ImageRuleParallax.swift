/// The error of the plain image rule, which calls a post crossed when the rider's image passes the
/// post's image. A rider off the line of posts is seen along a different sight line, so the
/// crossing is seen early or late; for a rider nearer the camera both end crossings move toward the
/// middle and the course looks short (timed too fast).
enum ImageRuleParallax {
    /// Where along the course a rider's foot, `offset` metres from the line of posts toward the
    /// camera, is when its image column equals that of the base of a post at `along`; nil when the
    /// sight plane does not meet the rider's path.
    static func apparentCrossing(_ camera: PinholeCamera, along: Double, offset: Double) -> Double? {
        guard let image = camera.project(CoursePoint(x: along, y: 0, z: 0)) else { return nil }
        // Course points with that image column satisfy (right − (u / f)·forward)·(P − C) = 0.
        let u = image.x - 0.5
        let normal = camera.right - (u / camera.focalLength) * camera.forward
        let c = camera.position
        let pathY = towardCamera(camera) * offset
        guard normal.x.magnitude > 1e-12 else { return nil }
        let x = c.x - (normal.y * (pathY - c.y) - normal.z * c.z) / normal.x
        return x.isFinite ? x : nil
    }

    /// +1 when the camera is on the +y side of the line of posts, −1 otherwise.
    static func towardCamera(_ camera: PinholeCamera) -> Double { camera.position.y >= 0 ? 1 : -1 }

    /// The speed error in percent (positive = too fast) for a rider `offset` metres nearer the
    /// camera than the line of posts, timed from the first post to the last; nil when undefined.
    static func speedErrorPercent(_ camera: PinholeCamera, postAlong: [Double], offset: Double) -> Double? {
        guard let first = postAlong.first, let last = postAlong.last,
              let start = apparentCrossing(camera, along: first, offset: offset),
              let end = apparentCrossing(camera, along: last, offset: offset), (end - start).magnitude > 1e-9 else { return nil }
        return ((last - first) / (end - start) - 1) * 100
    }
}
