/// Searches camera heights and distances for the target gate-plane timing error, each camera
/// re-aimed at the point the current optical axis meets the plane of the posts (same roll, same lens),
/// judged with marks as precise as the solve found them (`CourseGeometry.markNoisePixels`).
struct PlacementSearch: Sendable {
    let geometry: CourseGeometry
    let model: GatePlaneErrorModel
    let riderHeightMetres: Double
    let target: Double

    /// Where the current optical axis meets the plane of the posts, or the course's middle.
    var aim: CoursePoint {
        let length = geometry.survey.courseLengthMetres
        if let hit = geometry.camera.point(through: ImagePoint(x: 0.5, y: 0.5), across: 0),
           hit.x > -length, hit.x < 2 * length, hit.z > -30, hit.z < 30 { return hit }
        return CoursePoint(x: length / 2, y: 0, z: riderHeightMetres / 2)
    }

    func camera(height: Double, distance: Double) -> PinholeCamera {
        let c = geometry.camera
        let side = ImageRuleParallax.towardCamera(c)
        return PinholeCamera(position: CoursePoint(x: c.position.x, y: side * distance, z: height), lookingAt: aim,
                             rollDegrees: c.rollDegrees, horizontalFieldOfViewDegrees: c.horizontalFieldOfViewDegrees,
                             sensorAspect: c.sensorAspect)
    }

    /// Whether every post, and a rider standing at it, is inside the central 90 % of the view.
    func fits(_ camera: PinholeCamera) -> Bool {
        geometry.postAlong.allSatisfy { x in
            [0, riderHeightMetres].allSatisfy { z in
                guard let p = camera.project(CoursePoint(x: x, y: 0, z: z)) else { return false }
                return (0.05...0.95).contains(p.x) && (0.05...0.95).contains(p.y)
            }
        }
    }

    func error(_ camera: PinholeCamera) -> Double {
        model.expectedErrorPercent(camera: camera, postAlong: geometry.postAlong, survey: geometry.survey,
                                   markNoise: geometry.markNoise)
    }

    /// Raising the camera (at the same distance) until the target is met, up to 30 m.
    func height() -> PlacementChange {
        let c = geometry.camera
        let distance = c.distanceMetres
        var low = c.heightMetres
        var high = low
        while high < 30 {
            high = min(30, high * 1.15 + 0.05)
            let candidate = camera(height: high, distance: distance)
            guard fits(candidate) else {
                return .unreachable(reason: "above \(NumberText.fixed(low, 1)) m the course would leave the view")
            }
            if error(candidate) <= target {
                for _ in 0..<12 {
                    let mid = (low + high) / 2
                    if error(camera(height: mid, distance: distance)) <= target { high = mid } else { low = mid }
                }
                return .to(metres: high, errorPercent: error(camera(height: high, distance: distance)))
            }
            low = high
        }
        return .unreachable(reason: "even at 30 m the timing would be ±\(NumberText.fixed(error(camera(height: 30, distance: distance)), 1)) %")
    }

    /// Moving the camera (at the same height) in whichever direction improves the timing, within 1–200 m.
    func distance() -> PlacementChange {
        let c = geometry.camera
        let height = c.heightMetres, start = c.distanceMetres
        let nearer = error(camera(height: height, distance: start * 0.97))
        let farther = error(camera(height: height, distance: start * 1.03))
        let here = error(camera(height: height, distance: start))
        guard min(nearer, farther) < here else {
            return .unreachable(reason: "the camera is already at its best distance (±\(NumberText.fixed(here, 1)) % here)")
        }
        let factor = nearer < farther ? 0.95 : 1.05
        var previous = start, previousError = here
        while true {
            let next = previous * factor
            guard (1...200).contains(next) else {
                return .unreachable(reason: "not within 1–200 m (±\(NumberText.fixed(previousError, 1)) % at \(NumberText.fixed(previous, 0)) m)")
            }
            let candidate = camera(height: height, distance: next)
            guard fits(candidate) else {
                return .unreachable(reason: "closer than \(NumberText.fixed(previous, 0)) m the course would not fit this lens "
                                    + "with a 10 % margin (±\(NumberText.fixed(previousError, 1)) % there)")
            }
            let e = error(candidate)
            if e <= target {
                var low = previous, high = next
                for _ in 0..<12 {
                    let mid = (low + high) / 2
                    if error(camera(height: height, distance: mid)) <= target { high = mid } else { low = mid }
                }
                return .to(metres: high, errorPercent: error(camera(height: height, distance: high)))
            }
            guard e < previousError else {
                return .unreachable(reason: "the best distance, about \(NumberText.fixed(previous, 0)) m, gives ±\(NumberText.fixed(previousError, 1)) %")
            }
            previous = next
            previousError = e
        }
    }
}
