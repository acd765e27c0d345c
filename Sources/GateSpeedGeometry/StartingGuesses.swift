/// Starting cameras for the solve, made from the data rather than an assumed orientation.
///
/// For each candidate lens (the stated field of view, or 35–145°), the angle the end bases subtend
/// gives a distance for a camera centred on the course; around it, a few distances and heights are
/// tried with the camera on either side of the line of posts. Each start's orientation is the
/// rotation that sends the two end posts' directions exactly onto their marked rays (the TRIAD
/// construction), so an upside-down sensor or a camera on the far side starts in the right
/// orientation. The inner posts start evenly spaced.
enum StartingGuesses {
    static func starts(for model: SurveyModel, hints: CameraHints) -> [[Double]] {
        guard let first = model.observations.first, let last = model.observations.last, model.postCount >= 2 else { return [] }
        let fovs: [Double] = hints.horizontalFieldOfViewDegrees.map { [$0] } ?? [35, 50, 65, 80, 100, 120, 145]
        let heights: [Double] = hints.heightMetres.map { [$0] } ?? [1.5, 4]
        let length = model.length
        var starts: [[Double]] = []
        for fov in fovs {
            let focal = PinholeCamera.focalLength(horizontalFieldOfViewDegrees: fov)
            guard let q1 = CoursePoint(x: first.baseX / focal, y: first.baseY / focal, z: 1).normalised,
                  let qn = CoursePoint(x: last.baseX / focal, y: last.baseY / focal, z: 1).normalised else { continue }
            let subtended = Trigonometry.arctangent2(q1.cross(qn).length, q1.dot(qn))
            let centred = (length / 2) / max(Trigonometry.tangent(subtended / 2), 1e-3)
            let distances: [Double] = hints.distanceMetres.map { [$0] }
                ?? [centred, centred * 0.55, centred * 1.8].map { min(400, max(1, $0)) }
            for distance in distances {
                for height in heights {
                    for side in [-1.0, 1.0] {
                        let position = CoursePoint(x: length / 2, y: side * distance, z: height)
                        guard let rotation = triad(cameraRays: (q1, qn),
                                                   courseRays: (CoursePoint(x: 0, y: 0, z: 0) - position,
                                                                CoursePoint(x: length, y: 0, z: 0) - position)) else { continue }
                        let angles = rotation.angles
                        var p = [focal, position.x, position.y, position.z, angles.yaw, angles.pitch, angles.roll]
                        for i in 1..<max(1, model.postCount - 1) {
                            p.append(length * Double(i) / Double(model.postCount - 1))
                        }
                        starts.append(p)
                    }
                }
            }
        }
        return starts
    }

    /// The camera whose rotation sends the two course directions onto the two camera rays (exactly
    /// for the first, in the plane of both for the second), at the origin with unit focal length.
    static func triad(cameraRays: (CoursePoint, CoursePoint), courseRays: (CoursePoint, CoursePoint)) -> PinholeCamera? {
        guard let t1 = cameraRays.0.normalised, let t2 = cameraRays.0.cross(cameraRays.1).normalised,
              let s1 = courseRays.0.normalised, let s2 = courseRays.0.cross(courseRays.1).normalised else { return nil }
        let t3 = t1.cross(t2), s3 = s1.cross(s2)
        // Row i of the rotation is Σ_k t_k[i] s_k.
        let right = t1.x * s1 + t2.x * s2 + t3.x * s3
        let down = t1.y * s1 + t2.y * s2 + t3.y * s3
        let forward = t1.z * s1 + t2.z * s2 + t3.z * s3
        let horizontal = (forward.x * forward.x + forward.y * forward.y).squareRoot()
        return PinholeCamera(position: CoursePoint(x: 0, y: 0, z: 0), focalLength: 1, sensorAspect: 1,
                             yaw: Trigonometry.arctangent2(forward.x, forward.y),
                             pitch: Trigonometry.arctangent2(-forward.z, horizontal),
                             roll: Trigonometry.arctangent2(-right.z, -down.z))
    }
}
