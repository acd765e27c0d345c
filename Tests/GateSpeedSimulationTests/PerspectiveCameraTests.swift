import Testing
import GateSpeedSimulation

/// The pinhole projection against values worked out by hand (f = 320 / tan 32.5° = 502.2994 px
/// for the 65°, 640-pixel lens).
@Suite struct PerspectiveCameraTests {
    let focal = 502.29938467759690

    /// A level camera: optical axis horizontal through (14, 0, 2.5).
    var level: PerspectiveCamera { PerspectiveCamera(aimHeightMetres: 2.5) }

    func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

    @Test func focalLengthFollowsTheFieldOfView() {
        #expect(close(PerspectiveCamera().focalLengthPixels, focal, 1e-9))
        let wide = PerspectiveCamera(horizontalFieldOfViewDegrees: 90)
        #expect(close(wide.focalLengthPixels, 320, 1e-9))
    }

    @Test func theMiddlePostBaseLandsAtTheCentreWhenSquareOn() {
        let camera = PerspectiveCamera()                     // aimed at (14, 0, 0) from (14, -29, 2.5)
        let p = camera.project(x: 14, y: 0, z: 0)!
        #expect(close(p.x, 0.5) && close(p.y, 0.5))
        // Tilted down by atan(2.5/29), the axes are right (1, 0, 0), forward (0, 29, -2.5)/L and
        // down (0, -2.5, -29)/L with L = √(29² + 2.5²). Post 1's base, (-14, 29, -2.5) from the
        // lens, is 14 m left at depth L on the centre row: u = 320 - f·14/L.
        let l = (29.0 * 29 + 2.5 * 2.5).squareRoot()
        let first = camera.project(x: 0, y: 0, z: 0)!, last = camera.project(x: 28, y: 0, z: 0)!
        #expect(close(first.x * 640, 320 - focal * 14 / l, 1e-7) && close(first.y, 0.5, 1e-12))
        #expect(close(last.x * 640, 320 + focal * 14 / l, 1e-7) && close(last.y, 0.5, 1e-12))
        // Its top, (-14, 29, -1) from the lens: depth (29·29 + 2.5)/L, down (-29·2.5 + 29)/L.
        let top = camera.project(x: 0, y: 0, z: 1.5)!
        let depth = (29.0 * 29 + 2.5) / l, down = (-29 * 2.5 + 29) / l
        #expect(close(top.x * 640, 320 - focal * 14 / depth, 1e-7))
        #expect(close(top.y * 480, 240 + focal * down / depth, 1e-7))
        // (Numerically 0.12251, 0.12083 and 0.44603 of the view.)
        #expect(abs(first.x - 0.12251) < 1e-5 && abs(top.x - 0.12083) < 1e-5 && abs(top.y - 0.44603) < 1e-5)
    }

    @Test func aRiderAt29MetresIsAbout29PixelsTall() {
        // Level camera: the 1.7 m rider's feet are f·2.5/29 below the centre, the head f·0.8/29.
        let camera = level
        let feet = camera.project(x: 14, y: 0, z: 0)!, head = camera.project(x: 14, y: 0, z: 1.7)!
        #expect(close(feet.y * 480, 240 + focal * 2.5 / 29, 1e-7))
        #expect(close(head.y * 480, 240 + focal * 0.8 / 29, 1e-7))
        #expect(close((feet.y - head.y) * 480, 29.445136343169473, 1e-7))
        // The default camera, tilted down by atan(2.5/29): the feet are on the centre row and the
        // head, (0, 29, -0.8) from the lens, at depth (29·29 + 0.8·2.5)/L and (29·-2.5 + 0.8·29)/L
        // down: 29.37 px above.
        let tilted = PerspectiveCamera()
        let l = (29.0 * 29 + 2.5 * 2.5).squareRoot()
        let tall = (tilted.project(x: 14, y: 0, z: 0)!.y - tilted.project(x: 14, y: 0, z: 1.7)!.y) * 480
        #expect(close(tall, -focal * ((29 * -2.5 + 0.8 * 29) / l) / ((29 * 29 + 0.8 * 2.5) / l), 1e-7))
        #expect(abs(tall - 29.37) < 0.01)
    }

    @Test func depthScalesImageSize() {
        let camera = level
        // One metre along x at depth 29 and at depth 14.5 (7 m nearer… y = -14.5).
        let far = camera.project(x: 15, y: 0, z: 2.5)!.x - camera.project(x: 14, y: 0, z: 2.5)!.x
        let near = camera.project(x: 15, y: -14.5, z: 2.5)!.x - camera.project(x: 14, y: -14.5, z: 2.5)!.x
        #expect(close(far * 640, focal / 29, 1e-9))
        #expect(close(near * 640, focal / 14.5, 1e-9))
        #expect(close(camera.depth(x: 3, y: 0, z: 2.5), 29, 1e-12))
    }

    @Test func pointsBehindTheCameraDoNotProject() {
        let camera = PerspectiveCamera()
        #expect(camera.project(x: 14, y: -40, z: 0) == nil)
        #expect(camera.project(x: 14, y: -29, z: 2.5) == nil)   // the lens itself
        #expect(camera.project(x: 14, y: -28, z: 2.5) != nil)
    }

    @Test func panTurnsTheViewTowardLargerX() {
        var camera = level
        camera.panDegrees = 10
        // The course middle moves left by f·tan 10°.
        let p = camera.project(x: 14, y: 0, z: 2.5)!
        #expect(close(p.x, 0.3616110407626243, 1e-9) && close(p.y, 0.5, 1e-9))
        // The new optical axis passes through x = 14 + 29 tan 10° on the post line.
        let axis = camera.project(x: 14 + 29 * 0.17632698070846498, y: 0, z: 2.5)!
        #expect(close(axis.x, 0.5, 1e-9) && close(axis.y, 0.5, 1e-9))
    }

    @Test func rollTurnsTheCameraClockwiseSoLevelLinesRiseToTheRight() {
        var camera = level
        camera.rollDegrees = 10
        // A point 6 m right of the axis at the lens height: u = cx + f·6/29·cos 10°, v = cy − f·6/29·sin 10°.
        let p = camera.project(x: 20, y: 0, z: 2.5)!
        #expect(close(p.x * 640, 320 + focal * 6 / 29 * 0.984807753012208, 1e-7))
        #expect(close(p.y * 480, 240 - focal * 6 / 29 * 0.17364817766693033, 1e-7))
        #expect(close(camera.project(x: 14, y: 0, z: 2.5)!.x, 0.5, 1e-12))
    }

    @Test func aGivenTiltPitchesTheAxisDown() {
        var camera = level
        camera.tiltDegrees = 0
        let flat = camera.project(x: 17, y: 3, z: 1)!, levelPoint = level.project(x: 17, y: 3, z: 1)!
        #expect(close(flat.x, levelPoint.x, 1e-12) && close(flat.y, levelPoint.y, 1e-12))
        camera.tiltDegrees = 10
        // The axis meets the post line 29·tan 10° = 5.1135 m below the lens.
        let centre = camera.project(x: 14, y: 0, z: 2.5 - 29 * 0.17632698070846498)!
        #expect(close(centre.x, 0.5, 1e-9) && close(centre.y, 0.5, 1e-9))
    }

    @Test func verticalsConvergeDownwardWhenTheCameraLooksDown() {
        var camera = PerspectiveCamera(distanceMetres: 12, heightMetres: 8)   // steeply down
        let base = camera.project(x: 0, y: 0, z: 0)!, top = camera.project(x: 0, y: 0, z: 1.5)!
        // Post 1 is left of centre: its top leans farther left than its base.
        #expect(top.x < base.x - 0.005)
        camera.aimHeightMetres = 8                                            // level: verticals stay vertical
        let b = camera.project(x: 0, y: 0, z: 0)!, t = camera.project(x: 0, y: 0, z: 1.5)!
        #expect(close(b.x, t.x, 1e-12))
    }

    @Test func anOffCentreCameraStillAimsAtTheCourseMiddle() {
        let camera = PerspectiveCamera(alongMetres: 4)
        let p = camera.project(x: 14, y: 0, z: 0)!
        #expect(close(p.x, 0.5, 1e-12) && close(p.y, 0.5, 1e-12))
        let scene = PerspectiveScene(duration: 1, courseLength: 40)
        #expect(scene.camera.alongMetres == 20 && scene.camera.aimAlongMetres == 20)
        #expect(close(scene.postViewFractions[2], 0.5, 1e-12))
    }
}
