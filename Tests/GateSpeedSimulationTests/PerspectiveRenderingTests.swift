import Testing
import GateSpeedSimulation

/// The static world and the order things are drawn in.
@Suite struct PerspectiveRenderingTests {
    typealias Support = PerspectiveTestSupport

    /// A camera 8 m from the post line at pole height, where poles are several pixels wide.
    let near = PerspectiveCamera(distanceMetres: 8, heightMetres: 1.2, aimHeightMetres: 0.75)

    @Test func polesStandAtTheirProjectedBasesWithAlternatingBands() {
        // An 8 m course (posts every 2 m) seen from 8 m: posts 2, 3 and 4 are in view, 3 px wide.
        var scene = PerspectiveScene(duration: 1, courseLength: 8, camera: near)
        scene.noise = 0
        scene.poleHeightMetres = 1.5                        // six 25 cm bands, orange at the bottom
        let picture = Support.still(scene, at: 0)
        let camera = scene.camera
        for x in [2.0, 4.0, 6.0] {
            for band in 0..<6 {
                let p = camera.project(x: x, y: 0, z: 0.25 * Double(band) + 0.125)!
                #expect(p.x > 0 && p.x < 1 && p.y > 0 && p.y < 1)
                let value = picture[Int(p.x * 640), Int(p.y * 480)]
                if band % 2 == 0 { #expect(abs(value - 160) <= 1, "post at \(x), band \(band): \(value)") }
                else { #expect(abs(value - 35) <= 1, "post at \(x), band \(band): \(value)") }
            }
            // Just above the top there is no pole.
            let above = camera.project(x: x, y: 0, z: 1.6)!
            let sky = picture[Int(above.x * 640), Int(above.y * 480)]
            #expect(abs(sky - 160) > 1 && abs(sky - 35) > 1)
        }
    }

    @Test func aDistantPoleIsStillAtLeastAPixelWide() {
        let camera = PerspectiveCamera(distanceMetres: 60)
        let picture = Support.still(Support.quietScene(camera: camera), at: 0)
        // The same course with only the end posts: the middle post is missing, the world is the same.
        var twoPosts = Support.quietScene(camera: camera)
        twoPosts.postCount = 2
        let without = Support.still(twoPosts, at: 0)
        let p = camera.project(x: 14, y: 0, z: 0.125)!          // bottom (orange) band of the middle post
        let row = Int(p.y * 480), column = Int(p.x * 640)
        // Summed over the row, the pole changes the picture by at least a whole pixel of orange.
        var excess = 0.0
        for x in (column - 4)...(column + 4) { excess += Double(picture[x, row] - without[x, row]) }
        let ground = Double(without[column, row])
        #expect(excess > 0.9 * (160 - ground), "excess \(excess) over ground \(ground)")
        #expect(excess < 1.6 * (160 - ground), "excess \(excess) over ground \(ground)")
    }

    @Test func aRiderBehindThePostLineIsHiddenByThePoleAndOneInFrontHidesIt() {
        // At the middle post's crossing the body axis is at x = 14: 1 m beyond the pole, or 1 m before it.
        for across in [1.0, -1.0] {
            let rider = PerspectiveRider(startTime: 0, motion: .constant(speed: 7), acrossMetres: across, luma: 90)
            let scene = Support.quietScene(riders: [rider], camera: near)
            let (with, without) = Support.stills(scene, at: 2)
            let p = near.project(x: 14, y: 0, z: 1.125)!           // an orange band, at the rider's chest
            let x = Int(p.x * 640), y = Int(p.y * 480)
            #expect(abs(without[x, y] - 160) <= 1)
            if across > 0 {
                #expect(abs(with[x, y] - without[x, y]) <= 1, "the pole stays in front: \(with[x, y])")
            } else {
                #expect(abs(with[x, y] - 90) <= 11, "the rider covers the pole: \(with[x, y])")
            }
        }
    }

    @Test func aNearerRiderHidesAFartherOne() {
        let far = PerspectiveRider(startTime: 0, motion: .constant(speed: 7), acrossMetres: 4, luma: 200)
        let nearer = PerspectiveRider(startTime: 0, motion: .constant(speed: 7), acrossMetres: -4, luma: 20)
        let camera = PerspectiveCamera(aimHeightMetres: 1)
        for riders in [[far, nearer], [nearer, far]] {             // whatever the order of the list
            let picture = Support.still(Support.quietScene(riders: riders, camera: camera), at: 2)
            // The far rider's chest would be here; the nearer rider's chest covers it.
            let p = camera.project(x: 14, y: -4, z: 1.2)!
            let value = picture[Int(p.x * 640), Int(p.y * 480)]
            #expect(value >= 20 && value <= 30, "the nearer rider's chest or arm: \(value)")
        }
    }

    @Test func theGroundTextureIsFixedToTheGround() {
        // Looking down from 10 m: the asphalt edge line (y = ±3.5 m, 20 cm wide) is where it projects.
        let camera = PerspectiveCamera(distanceMetres: 10, heightMetres: 10)
        let picture = Support.still(Support.quietScene(camera: camera), at: 0)
        for x in [10.0, 14.0, 18.0] {
            for edge in [-3.4, 3.4] {
                let p = camera.project(x: x, y: edge, z: 0)!
                #expect(picture[Int(p.x * 640), Int(p.y * 480)] > 190, "line at x \(x), y \(edge)")
                let inside = camera.project(x: x, y: edge * 0.8, z: 0)!
                #expect(picture[Int(inside.x * 640), Int(inside.y * 480)] < 140, "asphalt at x \(x)")
            }
        }
        // A different seed: another texture, the same lines.
        var other = Support.quietScene(camera: camera)
        other.seed = 99
        let second = Support.still(other, at: 0)
        var differing = 0
        for i in stride(from: 0, to: 640 * 480, by: 97) where picture.luma[i] != second.luma[i] { differing += 1 }
        #expect(differing > 1000)
    }

    @Test func theSkyIsAboveTheHorizonAndTheGroundBelow() {
        let camera = PerspectiveCamera()
        let picture = Support.still(Support.quietScene(camera: camera), at: 0)
        // The horizon of a camera tilted down by atan(2.5/29) is f·tan(tilt) above the centre.
        let horizon = 240 - 502.3 * 2.5 / 29
        #expect(picture[320, 5] > 150)                              // sky
        #expect(picture[320, Int(horizon) + 60] < 140)              // ground
        #expect(abs(horizon - 196.7) < 0.1)
    }

    @Test func colourScenesHaveGreenGrassBlueSkyOrangeBandsAndClothing() {
        let rider = PerspectiveRider(startTime: 0, motion: .constant(speed: 7), acrossMetres: -1,
                                     luma: 60, chromaBlue: 90, chromaRed: 200)
        var scene = Support.quietScene(riders: [rider], camera: near)
        scene.colour = true
        let picture = Support.still(scene, at: 1.7)
        #expect(picture.chromaBlue.count == 320 * 240 && picture.chromaRed.count == 320 * 240)
        #expect(picture.blue(160, 2) > 140)                                    // sky
        let grass = near.project(x: 14, y: -4.5, z: 0)!
        #expect(picture.blue(Int(grass.x * 320), Int(grass.y * 240)) < 120)
        #expect(picture.red(Int(grass.x * 320), Int(grass.y * 240)) < 125)
        let band = near.project(x: 14, y: 0, z: 0.125)!
        #expect(picture.red(Int(band.x * 320), Int(band.y * 240)) > 160)       // orange
        let chest = near.project(x: 7 * 1.7, y: -1, z: 1.1)!
        #expect(picture.red(Int(chest.x * 320), Int(chest.y * 240)) > 185)
        #expect(picture.blue(Int(chest.x * 320), Int(chest.y * 240)) < 100)
        // Grey scenes carry no chroma.
        scene.colour = false
        #expect(Support.still(scene, at: 1.7).chromaBlue.isEmpty)
    }

    @Test func lightDriftScalesTheWholePicture() {
        var scene = Support.quietScene()
        scene.lightDrift = 0.2
        scene.lightDriftPeriod = 4
        let start = Support.still(scene, at: 0), peak = Support.still(scene, at: 1)   // sin(π/2) = 1
        let i = 300 * 640 + 100
        #expect(abs(Double(peak.luma[i]) - 1.2 * Double(start.luma[i])) <= 1.5)
    }

    @Test func aCameraRolledHalfWaySeesThePictureUpsideDown() {
        let rider = PerspectiveRider(startTime: 0, motion: .constant(speed: 7), acrossMetres: -2, luma: 200)
        var upright = Support.quietScene(riders: [rider])
        upright.camera.panDegrees = 4                      // nothing symmetric about the centre
        var rolled = upright
        rolled.camera.rollDegrees = 180
        let a = Support.still(upright, at: 1.3), b = Support.still(rolled, at: 1.3)
        var total = 0, large = 0
        for y in 0..<480 {
            for x in 0..<640 {
                let d = abs(a[x, y] - b[639 - x, 479 - y])
                total += d
                if d > 3 { large += 1 }
            }
        }
        #expect(Double(total) / (640 * 480) < 0.5)
        #expect(large < 640 * 480 / 200)
        #expect(a[320, 5] > 150 && b[320, 474] > 150)      // the sky moved to the bottom
    }

    @Test func camerasLookingAlongTheCourseOrUpRenderSkyAboveGround() {
        for camera in [PerspectiveCamera(panDegrees: 90), PerspectiveCamera(heightMetres: 0.3, tiltDegrees: -30),
                       PerspectiveCamera(alongMetres: -20, distanceMetres: 0.5, heightMetres: 1.5, tiltDegrees: 0)] {
            let picture = Support.still(Support.quietScene(camera: camera), at: 0)
            #expect(picture[320, 2] > 150, "sky at the top for \(camera)")
            if camera.tiltDegrees != -30 { #expect(picture[320, 477] < 150, "ground at the bottom for \(camera)") }
        }
    }

    @Test func theEmptyStillIsTheCourseWithoutItsPeople() {
        let rider = PerspectiveRider(startTime: 0, motion: .constant(speed: 7), acrossMetres: -1)
        let walker = PerspectiveBystander(fromX: 5, fromY: 4, toX: 20, toY: 4)
        let (with, without) = Support.stills(Support.quietScene(riders: [rider], bystanders: [walker]), at: 1.5)
        let nobody = Support.still(Support.quietScene(), at: 1.5)
        #expect(without.luma == nobody.luma)
        #expect(with.luma != nobody.luma)
    }
}
