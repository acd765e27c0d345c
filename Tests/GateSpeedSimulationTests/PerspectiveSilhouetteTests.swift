import Testing
import GateSpeedSimulation

/// The rendered rider (what differs from the empty course) stands where the projection says.
/// Riders wear bright clothes (luma 200) so that every part of them stands out from the ground,
/// the treeline and the sky.
@Suite struct PerspectiveSilhouetteTests {
    typealias Support = PerspectiveTestSupport
    let camera = PerspectiveCamera()

    @Test(arguments: [0.5, 1.75, 2.9])
    func theFeetTouchTheGroundWhereTheGroundPointProjects(t: Double) {
        let rider = PerspectiveRider(startTime: 0, motion: .constant(speed: 8), acrossMetres: -1, luma: 200)
        let s = Support.silhouette(of: [rider], at: t)
        #expect(s.count > 60)
        let scene = Support.quietScene(riders: [rider])
        let ground = scene.viewPoint(of: rider, at: t)!
        // The lowest row the rider darkens ends within a pixel of the projected ground point.
        let bottom = Double(s.maxRow + 1), expected = ground.y * 480
        #expect(abs(bottom - expected) <= 1, "bottom edge \(bottom), projected ground \(expected)")
    }

    @Test(arguments: [0.5, 1.75, 2.9])
    func theSilhouetteIsCentredOnTheProjectedBodyAxis(t: Double) {
        let rider = PerspectiveRider(startTime: 0, motion: .constant(speed: 8), acrossMetres: -1, luma: 200)
        let s = Support.silhouette(of: [rider], at: t)
        let scene = Support.quietScene(riders: [rider])
        let axis = scene.viewPoint(of: rider, at: t, heightAboveGround: 0.85)!.x * 640
        #expect(abs(s.centreColumn - axis) < 0.5, "centre \(s.centreColumn), axis \(axis)")
        #expect(abs(s.weightedCentre - axis) < 0.5, "weighted centre \(s.weightedCentre), axis \(axis)")
    }

    @Test func aWeavingRiderPassesThePostsOnAlternateSidesInThePicture() {
        // Mean line 1 m toward the camera, 1.5 m weave: far of the post line at posts 1, 3, 5
        // (y = +0.5), near at posts 2 and 4 (y = -2.5); right to left this time.
        let rider = PerspectiveRider(direction: .rightToLeft, startTime: 0, motion: .constant(speed: 7),
                                     acrossMetres: -1, weaveMetres: 1.5, luma: 200)
        let scene = Support.quietScene(riders: [rider])
        let truth = scene.truth(for: rider)
        var bottoms: [Double] = []
        for (i, t) in truth.crossingTimes.enumerated() where i >= 1 && i <= 3 {      // posts 4, 3, 2 in view
            let s = Support.silhouette(of: [rider], at: t)
            let ground = scene.groundPoint(of: rider, at: t)
            let post = 28 - 7 * Double(i)
            #expect(abs(ground.x - post) < 1e-6)
            #expect(abs(ground.y - (post == 14 ? 0.5 : -2.5)) < 1e-6)
            let expected = scene.camera.project(x: ground.x, y: ground.y, z: 0)!
            #expect(abs(Double(s.maxRow + 1) - expected.y * 480) <= 1, "post at \(post)")
            // At the posts the turn is hardest (7² × 1.5 (π/7)² / 9.81 > tan 20°): the body leans the
            // most, toward the mean line, which moves the off-centre posts' riders in the picture.
            let lean = PerspectiveRider.largestLean * (ground.y < -1 ? 1 : -1)
            let axis = scene.camera.project(x: ground.x, y: ground.y + 0.85 * lean, z: 0.85)!
            #expect(abs(s.centreColumn - axis.x * 640) < 0.5, "post at \(post): \(s.centreColumn) for \(axis.x * 640)")
            bottoms.append(Double(s.maxRow + 1))
        }
        // The near-side passes (posts 4 and 2) stand 3 m nearer: about 4 px lower in the picture.
        #expect(bottoms[0] - bottoms[1] > 3 && bottoms[2] - bottoms[1] > 3)
    }

    @Test func theRiderIsAsTallAsTheProjectionOfTheirHeight() {
        for height in [1.5, 1.7, 1.9] {
            let rider = PerspectiveRider(startTime: 0, motion: .constant(speed: 8), heightMetres: height, luma: 200)
            let s = Support.silhouette(of: [rider], at: 1.75)
            let foot = camera.project(x: 14, y: 0, z: 0)!.y * 480, head = camera.project(x: 14, y: 0, z: height)!.y * 480
            #expect(abs(Double(s.minRow) - head) <= 1, "top row \(s.minRow), projected head \(head)")
            #expect(abs(Double(s.pixelHeight) - (foot - head)) <= 2, "\(s.pixelHeight) rows for \(foot - head) px")
        }
    }

    @Test func nearerRidersRenderTallerInProportionToTheirDepth() {
        var heights: [(rows: Int, depth: Double)] = []
        for across in [-10.0, -4.0, 0.0, 6.0] {
            let rider = PerspectiveRider(startTime: 0, motion: .constant(speed: 8), acrossMetres: across, luma: 200)
            let s = Support.silhouette(of: [rider], at: 1.75)
            heights.append((s.pixelHeight, camera.depth(x: 14, y: across, z: 0.85)))
        }
        for i in 1..<heights.count { #expect(heights[i].rows < heights[i - 1].rows) }
        // Each is focal × 1.7 m / depth tall, give or take the partly covered rows at head and feet.
        for h in heights {
            let expected = camera.focalLengthPixels * 1.7 / h.depth
            #expect(abs(Double(h.rows) - expected) <= 2.5, "\(h.rows) rows at \(h.depth) m, expected \(expected)")
        }
    }

    @Test func subPixelMotionMovesTheSilhouette() {
        // 2 cm steps (a third of a pixel at 29 m): the weighted centre follows, by anti-aliasing.
        var centres: [Double] = []
        for step in 0..<4 {
            let rider = PerspectiveRider(startTime: 0, motion: .constant(speed: 1), luma: 200)
            let t = 14 + 0.02 * Double(step)
            centres.append(Support.silhouette(of: [rider], at: t).weightedCentre)
        }
        let pixelsPerStep = 0.02 * camera.focalLengthPixels / camera.depth(x: 14, y: 0, z: 0.85)
        for i in 1..<centres.count {
            let moved = centres[i] - centres[i - 1]
            #expect(abs(moved - pixelsPerStep) < 0.15, "moved \(moved) px, expected \(pixelsPerStep)")
        }
    }

    @Test func aStandingBystanderStandsOnTheirGroundPoint() {
        let bystander = PerspectiveBystander(fromX: 9, fromY: 4, heightMetres: 1.8, luma: 200)
        let (with, without) = Support.stills(Support.quietScene(bystanders: [bystander]), at: 1)
        let s = Support.silhouette(with, against: without)
        let foot = camera.project(x: 9, y: 4, z: 0)!, head = camera.project(x: 9, y: 4, z: 1.8)!
        #expect(abs(Double(s.maxRow + 1) - foot.y * 480) <= 1.2)
        #expect(abs(Double(s.minRow) - head.y * 480) <= 1)
        #expect(abs(s.centreColumn - foot.x * 640) < 1)
        // Not there before appearing.
        let late = PerspectiveBystander(fromX: 9, fromY: 4, appears: 2)
        let before = Support.still(Support.quietScene(bystanders: [late]), at: 1)
        #expect(Support.silhouette(before, against: without).count == 0)
    }
}
