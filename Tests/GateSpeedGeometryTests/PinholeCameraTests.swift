import Testing
@testable import GateSpeedGeometry

/// Projection, back-projection and the placement angles of the pinhole camera.
@Suite struct PinholeCameraTests {
    let camera = PinholeCamera(position: CoursePoint(x: 10, y: -29, z: 2.5), lookingAt: CoursePoint(x: 14, y: 0, z: 0.5),
                               rollDegrees: 3, horizontalFieldOfViewDegrees: 65, sensorAspect: 4.0 / 3.0)

    func close(_ a: CoursePoint, _ b: CoursePoint, _ tolerance: Double = 1e-9) -> Bool {
        (a - b).length < tolerance
    }

    @Test func theRotationIsOrthonormalAndRightHanded() {
        for c in [camera, SyntheticCourse.placed(distance: 20, height: 3, fov: 90, pan: -15, roll: 4, farSide: true, upsideDown: true).camera] {
            #expect((c.right.length - 1).magnitude < 1e-12 && (c.down.length - 1).magnitude < 1e-12 && (c.forward.length - 1).magnitude < 1e-12)
            #expect(c.right.dot(c.down).magnitude < 1e-12 && c.right.dot(c.forward).magnitude < 1e-12)
            #expect(close(c.right.cross(c.down), c.forward, 1e-12))
        }
    }

    @Test func theRayThroughAProjectionPassesThroughThePoint() {
        var random = TestRandom(seed: 7)
        for _ in 0..<200 {
            let p = CoursePoint(x: random.uniform(-5...33), y: random.uniform(-20...10), z: random.uniform(0...4))
            guard let image = camera.project(p) else { continue }
            let ray = camera.rayDirection(through: image)
            let toPoint = p - camera.position
            #expect(ray.cross(toPoint).length / (ray.length * toPoint.length) < 1e-12)
            #expect(ray.dot(toPoint) > 0)
        }
    }

    @Test func groundPointsRoundTrip() {
        for x in stride(from: -2.0, through: 30, by: 4) {
            for y in stride(from: -10.0, through: 8, by: 3) {
                let ground = CoursePoint(x: x, y: y, z: 0)
                guard let image = camera.project(ground), let back = camera.groundPoint(of: image) else {
                    Issue.record("\(ground) should be seen on the ground")
                    continue
                }
                #expect(close(back, ground, 1e-8), "\(ground) came back as \(back)")
            }
        }
    }

    @Test func nothingAtOrAboveTheHorizonIsOnTheGround() {
        // A point far away at the camera's own height lies on the horizon; higher ones above it.
        let horizon = camera.project(CoursePoint(x: 14, y: 1e7, z: 2.5))!
        #expect(camera.groundPoint(of: ImagePoint(x: horizon.x, y: horizon.y - 0.01)) == nil)
        let above = camera.project(CoursePoint(x: 14, y: 0, z: 4))!
        #expect(camera.groundPoint(of: above) == nil)
        let level = PinholeCamera(position: CoursePoint(x: 0, y: -10, z: 2), lookingAt: CoursePoint(x: 0, y: 0, z: 2),
                                  rollDegrees: 0, horizontalFieldOfViewDegrees: 60, sensorAspect: 1)
        #expect(level.groundPoint(of: ImagePoint(x: 0.5, y: 0.5)) == nil, "the optical axis of a level camera is the horizon")
        #expect(level.groundPoint(of: ImagePoint(x: 0.5, y: 0.6)) != nil)
    }

    @Test func theVerticalPlaneIntersectionFindsPointsOnThatPlane() {
        for across in [0.0, -1.0, 2.5] {
            for (x, z) in [(0.0, 0.0), (7.0, 1.5), (28.0, 0.8), (14.0, 3.0)] {
                let point = CoursePoint(x: x, y: across, z: z)
                guard let image = camera.project(point), let hit = camera.point(through: image, across: across) else {
                    Issue.record("\(point) should be found")
                    continue
                }
                #expect(close(hit, point, 1e-8), "\(point) came back as \(hit)")
            }
        }
        // Behind the camera (y < −29) and parallel to the plane: no intersection.
        #expect(camera.point(through: ImagePoint(x: 0.5, y: 0.5), across: -40) == nil)
        let alongTheLine = PinholeCamera(position: CoursePoint(x: -10, y: -3, z: 1), lookingAt: CoursePoint(x: 0, y: -3, z: 1),
                                         rollDegrees: 0, horizontalFieldOfViewDegrees: 60, sensorAspect: 1)
        #expect(alongTheLine.point(through: ImagePoint(x: 0.5, y: 0.5), across: 0) == nil)
    }

    @Test func pointsBehindTheCameraDoNotProject() {
        #expect(camera.project(CoursePoint(x: 10, y: -40, z: 2)) == nil)
        #expect(camera.project(camera.position) == nil)
        #expect(camera.project(CoursePoint(x: .nan, y: 0, z: 0)) == nil)
    }

    @Test func placementAnglesReadBackWhatBuiltTheCamera() {
        let pan = 15.0
        let offset = 29 * Trigonometry.tangent(Trigonometry.radians(fromDegrees: pan))
        let near = PinholeCamera(position: CoursePoint(x: 14 - offset, y: -29, z: 2.5), lookingAt: CoursePoint(x: 14, y: 0, z: 2.5),
                                 rollDegrees: -4, horizontalFieldOfViewDegrees: 65, sensorAspect: 4.0 / 3.0)
        #expect((near.panDegrees - pan).magnitude < 1e-9)
        #expect(near.tiltDegrees.magnitude < 1e-9)
        #expect((near.rollDegrees + 4).magnitude < 1e-9)
        #expect((near.horizontalFieldOfViewDegrees - 65).magnitude < 1e-9)
        #expect(near.heightMetres == 2.5 && near.distanceMetres == 29)
        let far = PinholeCamera(position: CoursePoint(x: 14 - offset, y: 29, z: 2.5), lookingAt: CoursePoint(x: 14, y: 0, z: 0),
                                rollDegrees: 180, horizontalFieldOfViewDegrees: 100, sensorAspect: 4.0 / 3.0)
        #expect((far.panDegrees - pan).magnitude < 1e-6, "toward the last post is positive on the far side too")
        let tilt = Trigonometry.degrees(fromRadians: Trigonometry.arctangent(2.5 / (29 / Trigonometry.cosine(Trigonometry.radians(fromDegrees: pan)))))
        #expect((far.tiltDegrees - tilt).magnitude < 1e-9)
        #expect((far.rollDegrees.magnitude - 180).magnitude < 1e-9)
        #expect((far.horizontalFieldOfViewDegrees - 100).magnitude < 1e-9)
    }

    @Test func aPositiveRollTurnsThePictureAnticlockwise() {
        let upright = PinholeCamera(position: CoursePoint(x: 0, y: -10, z: 1), lookingAt: CoursePoint(x: 0, y: 0, z: 1),
                                    rollDegrees: 0, horizontalFieldOfViewDegrees: 60, sensorAspect: 1)
        let rolled = PinholeCamera(position: CoursePoint(x: 0, y: -10, z: 1), lookingAt: CoursePoint(x: 0, y: 0, z: 1),
                                   rollDegrees: 10, horizontalFieldOfViewDegrees: 60, sensorAspect: 1)
        let rightOfCentre = CoursePoint(x: 3, y: 0, z: 1)
        #expect(upright.project(rightOfCentre)!.y == 0.5)
        #expect(rolled.project(rightOfCentre)!.y < 0.5, "a point right of centre moves up")
        let posts = [0.0, 28].map { CoursePoint(x: $0, y: 0, z: 0) }
        let pictured = SyntheticCourse.placed(distance: 29, height: 2.5, fov: 65, upsideDown: true).camera
        #expect(pictured.project(posts[0])!.x > pictured.project(posts[1])!.x, "upside down, post 1 is on the right")
    }

    @Test func theFieldOfViewAndFocalLengthAgree() {
        #expect((PinholeCamera.focalLength(horizontalFieldOfViewDegrees: 90) - 0.5).magnitude < 1e-15)
        #expect((camera.project(camera.position + 10 * camera.forward + 10 * 0.5 / camera.focalLength * camera.right)!.x - 1).magnitude < 1e-12)
    }
}
