@testable import GateSpeedGeometry

/// A known camera looking at known posts, turned into the marks a user would tap.
struct SyntheticCourse {
    var camera: PinholeCamera
    var postAlong: [Double] = [0, 7, 14, 21, 28]
    var poleHeight = 1.5
    var widthPixels = 640.0
    var aspect: Double { camera.sensorAspect }
    var length: Double { postAlong.last ?? 0 }

    /// A camera `distance` m from the line of posts on the near (−y) or far side, `height` m up,
    /// standing off-centre so that it looks at the course centre (half the pole height up) with the
    /// given pan, rolled by `roll` degrees (plus 180 when upside down).
    static func placed(distance: Double, height: Double, fov: Double, pan: Double = 0, roll: Double = 0,
                       farSide: Bool = false, upsideDown: Bool = false, aspect: Double = 4.0 / 3.0,
                       postAlong: [Double] = [0, 7, 14, 21, 28]) -> SyntheticCourse {
        let length = postAlong.last ?? 28
        let side = farSide ? 1.0 : -1.0
        let offset = distance * Trigonometry.tangent(Trigonometry.radians(fromDegrees: pan))
        let camera = PinholeCamera(position: CoursePoint(x: length / 2 - offset, y: side * distance, z: height),
                                   lookingAt: CoursePoint(x: length / 2, y: 0, z: 0.75),
                                   rollDegrees: roll + (upsideDown ? 180 : 0), horizontalFieldOfViewDegrees: fov,
                                   sensorAspect: aspect)
        return SyntheticCourse(camera: camera, postAlong: postAlong)
    }

    /// The marks, with Gaussian noise of `noise` sensor widths (1 sigma, both directions).
    func marks(tops: Bool = true, noise: Double = 0, random: inout TestRandom) -> [PostMark] {
        postAlong.map { x in
            func jitter(_ p: ImagePoint) -> ImagePoint {
                ImagePoint(x: p.x + noise * random.gaussian(), y: p.y + noise * aspect * random.gaussian())
            }
            let base = camera.project(CoursePoint(x: x, y: 0, z: 0)).map(jitter) ?? ImagePoint(x: .nan, y: .nan)
            let top = tops ? camera.project(CoursePoint(x: x, y: 0, z: poleHeight)).map(jitter) : nil
            return PostMark(base: base, top: top)
        }
    }

    /// A survey of these posts; `hints` as measured (pass values perturbed by their sigmas to be fair).
    func survey(tops: Bool = true, hints: CameraHints = CameraHints(), noise: Double = 0, seed: UInt64 = 1) -> CourseSurvey {
        var random = TestRandom(seed: seed)
        return CourseSurvey(posts: marks(tops: tops, noise: noise, random: &random), poleHeightMetres: tops ? poleHeight : nil,
                            courseLengthMetres: length, camera: hints, sensorAspect: aspect, sensorWidthPixels: widthPixels)
    }

    /// The true camera values, each perturbed by its prior's sigma when `random` is given.
    func hints(height: Bool = false, distance: Bool = false, fov: Bool = false, random: inout TestRandom) -> CameraHints {
        CameraHints(heightMetres: height ? camera.heightMetres + CameraHints.heightSigmaMetres * random.gaussian() : nil,
                    distanceMetres: distance ? camera.distanceMetres + CameraHints.distanceSigmaMetres * random.gaussian() : nil,
                    horizontalFieldOfViewDegrees: fov
                        ? camera.horizontalFieldOfViewDegrees + CameraHints.fieldOfViewSigmaDegrees * random.gaussian() : nil)
    }

    /// The exact camera values, unperturbed.
    var exactHints: CameraHints {
        CameraHints(heightMetres: camera.heightMetres, distanceMetres: camera.distanceMetres,
                    horizontalFieldOfViewDegrees: camera.horizontalFieldOfViewDegrees)
    }
}
