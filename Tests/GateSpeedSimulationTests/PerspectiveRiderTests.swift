import Testing
import GateSpeedSimulation

/// Where riders and bystanders are, by their laws of motion.
@Suite struct PerspectiveRiderTests {
    @Test func aStraightRiderMovesAlongXAtTheMotionLawOnTheirLine() {
        let rider = PerspectiveRider(startTime: 2, motion: .constant(speed: 8), acrossMetres: -1.5)
        for t in [1.0, 2.0, 3.25, 5.5] {
            let p = rider.position(at: t, courseLength: 28)
            #expect(abs(p.x - 8 * (t - 2)) < 1e-12)
            #expect(p.y == -1.5)
        }
    }

    @Test func aRightToLeftRiderStartsAtTheFarEnd() {
        let rider = PerspectiveRider(direction: .rightToLeft, startTime: 1, motion: .constant(speed: 7))
        #expect(abs(rider.position(at: 1, courseLength: 28).x - 28) < 1e-12)
        #expect(abs(rider.position(at: 3, courseLength: 28).x - 14) < 1e-12)
        #expect(abs(rider.position(at: 5, courseLength: 28).x) < 1e-12)
    }

    @Test func aWeavingRiderIsOnAlternateSidesAtThePosts() {
        let rider = PerspectiveRider(startTime: 0, motion: .constant(speed: 7), acrossMetres: -0.2, weaveMetres: 1.1)
        // Posts every 7 m: the rider reaches post index k at t = k.
        for k in 0..<5 {
            let p = rider.position(at: Double(k), courseLength: 28)
            #expect(abs(p.x - 7 * Double(k)) < 1e-9)
            let expected = -0.2 + (k % 2 == 0 ? 1.1 : -1.1)
            #expect(abs(p.y - expected) < 1e-9, "post \(k + 1): y \(p.y)")
            // Passing the post (y = 0) on alternate sides.
            #expect((p.y > 0) == (k % 2 == 0))
        }
        // Midway between posts the rider crosses the mean line, and the path is smooth (cosine).
        #expect(abs(rider.position(at: 0.5, courseLength: 28).y + 0.2) < 1e-9)
        #expect(abs(rider.position(at: 0.25, courseLength: 28).y - (-0.2 + 1.1 * 0.7071067811865476)) < 1e-9)
        // A course with other spacing: 6 posts over 30 m, posts every 6 m.
        let p = rider.position(at: 6.0 / 7.0, courseLength: 30, postCount: 6)
        #expect(abs(p.y - (-1.3)) < 1e-9)
    }

    @Test func theSceneUsesItsCourseForThePath() {
        var scene = PerspectiveScene(duration: 5)
        scene.courseLength = 20
        scene.postCount = 3
        let rider = PerspectiveRider(startTime: 0, motion: .constant(speed: 10), weaveMetres: 1)
        let mid = scene.groundPoint(of: rider, at: 1)       // x = 10: the middle post (index 1)
        #expect(abs(mid.x - 10) < 1e-12 && abs(mid.y + 1) < 1e-9)
        let view = scene.viewPoint(of: rider, at: 1)!
        let direct = scene.camera.project(x: mid.x, y: mid.y, z: 0)!
        #expect(view.x == direct.x && view.y == direct.y)
    }

    @Test func aBystanderWalksToAndFroAndAStandingOneStays() {
        let walker = PerspectiveBystander(fromX: 2, fromY: 5, toX: 8, toY: 13, speed: 2, appears: 1)   // 10 m leg
        #expect(walker.position(at: 1).x == 2 && walker.position(at: 1).y == 5)
        let quarter = walker.position(at: 3.5)                   // 5 m out
        #expect(abs(quarter.x - 5) < 1e-12 && abs(quarter.y - 9) < 1e-12)
        let back = walker.position(at: 8.5)                      // 15 m: back 5 m from the far end
        #expect(abs(back.x - 5) < 1e-12 && abs(back.y - 9) < 1e-12)
        let home = walker.position(at: 11)                       // 20 m: home again
        #expect(abs(home.x - 2) < 1e-12 && abs(home.y - 5) < 1e-12)
        #expect(!walker.isStanding && walker.isPresent(at: 1) && !walker.isPresent(at: 0.5))
        let stander = PerspectiveBystander(fromX: 3, fromY: -2, leaves: 4)
        #expect(stander.isStanding && stander.position(at: 100).x == 3 && stander.position(at: 100).y == -2)
        #expect(stander.isPresent(at: 3.9) && !stander.isPresent(at: 4))
    }
}
