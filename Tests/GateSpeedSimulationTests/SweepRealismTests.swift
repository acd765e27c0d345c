import GateSpeedFrames
import GateSpeedSimulation
import Testing

/// What the flat simulator draws for the sweep's realism: light that scales colour as it scales
/// brightness, shadows fixed to the ground and a cloud switching them off, a bag that lies there
/// only for a while, bystanders in colour casting shadows, a swaying shake and a bump that
/// settles; and the sweep draws them as its description says.
@Suite struct SweepRealismTests {
    typealias Picture = PerspectiveTestSupport.Picture

    /// A noiseless 320x240 flat scene.
    static func quiet(colour: Bool = false) -> SimulatedScene {
        var scene = SimulatedScene(duration: 4)
        scene.width = 320
        scene.height = 240
        scene.noise = 0
        scene.colour = colour
        return scene
    }

    /// The first frame stamped at or after `t`.
    static func picture(_ scene: SimulatedScene, at t: Double) -> Picture {
        var source = SimulatedCourseSource(scene: scene)
        var picture: Picture?
        while picture == nil, source.nextFrame({ if $0.timestamp >= t { picture = PerspectiveTestSupport.copy($0) } }) == .delivered {}
        return picture ?? Picture(width: 0, height: 0, luma: [])
    }

    @Test func dimmerLightScalesColourAsItScalesBrightness() {
        var day = Self.quiet(colour: true), dusk = day
        dusk.lightStep = -0.5
        dusk.lightStepTime = -1
        let a = Self.picture(day, at: 0), b = Self.picture(dusk, at: 0)
        for (x, y) in [(40, 100), (80, 30), (120, 50)] {          // ground, sky, trees (half resolution)
            #expect(abs(Double(b.blue(x, y) - 128) - 0.5 * Double(a.blue(x, y) - 128)) <= 1, "blue at \(x), \(y)")
            #expect(abs(Double(b.red(x, y) - 128) - 0.5 * Double(a.red(x, y) - 128)) <= 1, "red at \(x), \(y)")
            #expect(abs(Double(b[2 * x, 2 * y]) - 0.5 * Double(a[2 * x, 2 * y])) <= 1, "luma at \(x), \(y)")
        }
        day.colour = false
        #expect(Self.picture(day, at: 0).chromaBlue.isEmpty)
    }

    @Test func aFixedShadowDarkensOnlyTheGroundUnderItAndACloudTakesItAway() {
        var plain = Self.quiet()
        plain.duration = 3
        var shaded = plain
        shaded.fixedShadows = [SimulatedShadow(shape: .ellipse(x: 0.5, y: 0.8, rx: 0.1, ry: 0.06), softness: 0.005)]
        shaded.sunShare = 0.4
        var clouded = shaded
        // The cloud's front reaches the left edge at 1 s and crosses the view in half a second.
        clouded.cloud = SimulatedCloud(arrives: 1, speed: 2, length: 20, fromLeft: true, softness: 0.02)
        let reference = Self.picture(plain, at: 0), sunny = Self.picture(shaded, at: 0)
        let inside = (160, 192), outside = (40, 192), sky = (160, 20)
        func ratio(_ p: Picture, _ at: (Int, Int)) -> Double { Double(p[at.0, at.1]) / Double(reference[at.0, at.1]) }
        #expect(abs(ratio(sunny, inside) - 0.6) < 0.02)
        #expect(abs(ratio(sunny, outside) - 1) < 0.01)
        let before = Self.picture(clouded, at: 0.5), under = Self.picture(clouded, at: 2)
        #expect(abs(ratio(before, outside) - 1) < 0.01, "before the cloud")
        #expect(abs(ratio(under, inside) - 0.6) < 0.02, "under the cloud the shadow stays as dark")
        #expect(abs(ratio(under, outside) - 0.6) < 0.02, "and the sunlit ground darkens to it")
        #expect(abs(ratio(under, sky) - 1) < 0.01, "the sky does not")
        // Half-way through: the cloud's front is in the view, its left part in shade.
        let crossing = Self.picture(clouded, at: 1.25)
        #expect(ratio(crossing, outside) < 0.65 && ratio(crossing, (300, 192)) > 0.98)
    }

    @Test func aBagLiesOnTheCourseOnlyWhileItIsThere() {
        var scene = Self.quiet()
        scene.objects = [SimulatedObject(x: 0.4, groundY: 0.8, widthFraction: 0.03, heightFraction: 0.025, luma: 30,
                                         appears: 1, leaves: 2)]
        let bag = (128, 190)
        let before = Self.picture(scene, at: 0.5), lying = Self.picture(scene, at: 1.5), after = Self.picture(scene, at: 2.5)
        #expect(lying[bag.0, bag.1] == 30)
        #expect(before[bag.0, bag.1] > 60 && after[bag.0, bag.1] == before[bag.0, bag.1])
    }

    @Test func bystandersWearColourAndCastShadows() {
        var scene = Self.quiet(colour: true)
        var person = SimulatedBystander(fromX: 0.5, toX: 0.5, speed: 0, heightFraction: 0.3, luma: 60, groundY: 0.9)
        person.chromaBlue = 100
        person.chromaRed = 180
        scene.bystanders = [person]
        let dressed = Self.picture(scene, at: 0)
        // The torso, at half resolution: centre x 80, rows 78 to 91 (feet at 108, 36 tall).
        #expect(dressed.blue(80, 85) == 100 && dressed.red(80, 85) == 180)
        scene.shadows = true
        let sunny = Self.picture(scene, at: 0)
        let ground = (190, 215)                                   // to the right of the feet
        #expect(Double(sunny[ground.0, ground.1]) < 0.7 * Double(dressed[ground.0, ground.1]))
    }

    /// Mean absolute difference between consecutive frames of `scene`, levels.
    static func flicker(_ scene: SimulatedScene) -> Double {
        var source = SimulatedCourseSource(scene: scene)
        var previous: Picture?, total = 0.0, count = 0
        while source.nextFrame({ frame in
            let picture = PerspectiveTestSupport.copy(frame)
            if let previous {
                total += zip(picture.luma, previous.luma).reduce(0.0) { $0 + Double(abs(Int($1.0) - Int($1.1))) }
                count += picture.luma.count
            }
            previous = picture
        }) == .delivered {}
        return total / Double(max(1, count))
    }

    @Test func aSwayMovesTheViewSmoothlyWhereJumpsDoNot() {
        var jumps = Self.quiet()
        jumps.duration = 1
        jumps.cameraShake = 1.5
        var sway = jumps
        sway.shakeFrequency = 2
        let smooth = Self.flicker(sway), jumpy = Self.flicker(jumps)
        #expect(smooth > 0.1, "it does move")
        #expect(smooth < 0.6 * jumpy, "sway \(smooth), jumps \(jumpy)")
    }

    @Test func aSettlingBumpEndsWhereAnAtOnceBumpDoesAndSwingsOnTheWay() {
        var sudden = Self.quiet()
        sudden.bumpPixels = 6
        sudden.bumpTime = 1
        var settling = sudden
        settling.bumpSettleSeconds = 0.6
        let a = Self.picture(sudden, at: 3), b = Self.picture(settling, at: 3)
        let worst = zip(a.luma, b.luma).map { abs(Int($0) - Int($1)) }.max() ?? 99
        #expect(worst <= 2, "settled to the same view (largest difference \(worst))")
        let swinging = Self.picture(settling, at: 1.15), settled = Self.picture(sudden, at: 1.15)
        #expect(zip(swinging.luma, settled.luma).contains { abs(Int($0) - Int($1)) > 20 }, "still swinging")
        var rolled = sudden
        rolled.bumpRollDegrees = 0.5
        let turned = Self.picture(rolled, at: 3)
        // A turn about the centre moves the left and right edges opposite ways, vertically.
        #expect(zip(turned.luma, a.luma).contains { abs(Int($0) - Int($1)) > 20 })
    }

    @Test func perspectiveDuskHalvesLevelsAndColours() {
        var day = PerspectiveTestSupport.quietScene()
        day.colour = true
        var dusk = day
        dusk.contrastScale = 0.5
        let a = PerspectiveTestSupport.still(day, at: 0), b = PerspectiveTestSupport.still(dusk, at: 0)
        for (x, y) in [(100, 200), (200, 40), (300, 150)] {
            #expect(abs(Double(b[2 * x, 2 * y]) - 0.5 * Double(a[2 * x, 2 * y])) <= 1)
            #expect(abs(Double(b.blue(x, y) - 128) - 0.5 * Double(a.blue(x, y) - 128)) <= 1)
            #expect(abs(Double(b.red(x, y) - 128) - 0.5 * Double(a.red(x, y) - 128)) <= 1)
        }
    }

    // MARK: The sweep's draws

    @Test func theSweepDrawsTheWorldAsItsDescriptionSays() {
        let drawn = (UInt64(1)...2000).map { SceneSweep.scene(seed: $0).parameters }
        func share(_ condition: (SweepParameters) -> Bool) -> Double { Double(drawn.count(where: condition)) / 2000 }
        #expect((0.25...0.35).contains(share { !$0.fixedShadows.isEmpty }), "fixed shadows in three scenes in ten")
        #expect((0.09...0.16).contains(share { $0.cloud != nil }), "a cloud in one in eight")
        #expect((0.09...0.16).contains(share { $0.bag != nil }), "a bag in one in eight")
        let shaking = drawn.filter { $0.cameraShake > 0 }
        let swaying = Double(shaking.count { $0.shakeFrequency > 0 }) / Double(shaking.count)
        #expect((0.5...0.7).contains(swaying), "three in five shaking cameras sway")
        #expect(drawn.allSatisfy { $0.shakeFrequency == 0 || (1...6).contains($0.shakeFrequency) })
        #expect(drawn.allSatisfy { $0.cameraShake > 0 || $0.shakeFrequency == 0 })
        let bumps = drawn.filter { $0.bumpTime != nil }
        #expect((0.6...0.8).contains(Double(bumps.count { $0.bumpSettleSeconds > 0 }) / Double(bumps.count)))
        #expect((0.35...0.65).contains(Double(bumps.count { $0.bumpRollDegrees != 0 }) / Double(bumps.count)))
        #expect(drawn.allSatisfy { $0.bumpTime != nil || ($0.bumpSettleSeconds == 0 && $0.bumpRollDegrees == 0) })
        #expect(drawn.allSatisfy { abs($0.bumpRollDegrees) <= 0.6 && $0.bumpSettleSeconds <= 1 })
        #expect(drawn.allSatisfy { ($0.fixedShadows.isEmpty && $0.cloud == nil) || (0.2...0.5).contains($0.sunShare) })
        #expect(drawn.contains { $0.fixedShadows.contains { if case .edge = $0.shape { true } else { false } } }, "buildings too")
        for parameters in drawn {
            guard let bag = parameters.bag, let rider = parameters.riders.first else { continue }
            #expect(abs(bag.groundY - rider.groundY) <= 0.031 && (0.15...0.85).contains(bag.x))
            #expect(bag.leaves - bag.appears >= 3 && bag.leaves - bag.appears <= 15)
        }
        // Every new trait is met, in a fair share of the scenes.
        let traits = (UInt64(1)...500).flatMap { SceneSweep.scene(seed: $0).sceneTraits }
        for trait in [SweepTrait.fixedShadow, .cloud, .bag, .sway, .swingingBump] {
            #expect(traits.count(where: { $0 == trait }) >= 15, "\(trait)")
        }
    }

    @Test func bystandersOfTheSweepWearColourAndTheOccupantKeepsTheirs() {
        var coloured = 0, total = 0
        for seed in UInt64(1)...400 {
            let scene = SceneSweep.scene(seed: seed).scene
            for person in scene.bystanders {
                total += 1
                if abs(person.chromaBlue - 128) > 6 || abs(person.chromaRed - 128) > 6 { coloured += 1 }
            }
            if SceneSweep.scene(seed: seed).parameters.bystanders.first?.kind == .occupant {
                #expect(scene.bystanders[0].chromaBlue == scene.bystanders[1].chromaBlue, "one person, one coat")
            }
        }
        #expect((0.35...0.65).contains(Double(coloured) / Double(total)))
    }
}
