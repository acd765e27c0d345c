/// A generator of randomised scenes for judging the vision far from the cases it was tuned on:
/// every parameter of a `SimulatedScene` is drawn over a wide range from one seed, so any scene
/// of a sweep is replayed exactly by its seed.
///
/// The course is the standard one (posts at 0.1…0.9 of the view width, 28 m: 35 m per view
/// width), timed by the image rule. What is drawn, and how often:
/// - camera: 320x240 to 1280x720 (4:3 and 16:9), 10 to 120 fps (at most 60 from 960 pixels
///   wide), 0–15 % dropped frames, 0–5 ms timestamp jitter, colour in a third of scenes, shake
///   0.5–2 px in a quarter (three in five of them a smooth sub-pixel sway at 1–6 Hz, the others
///   whole-pixel jumps each frame), a permanent bump of 2–8 px between runs in about one in
///   eight (seven in ten swinging for 0.2–1 s before it settles, half turning the camera by up
///   to ±0.6°);
/// - light: the scene's dynamic range scaled 0.4–1.2 in two scenes out of five (dusk is 0.5;
///   luma and the chroma's departure from grey alike), sensor noise 1–8 levels, light drift up
///   to ±25 %, low-sun shadows of riders and bystanders in a quarter; in three scenes in ten
///   1–3 fixed shadows on the ground (tree crowns 0.04–0.2 view widths across or a building's
///   edge, the sun 20–50 % of the ground's light); in one in eight a cloud's shadow sweeping
///   across at 0.15–0.45 view widths a second, at any time (`SceneSweep.drawGroundLight`);
/// - riders: 1–3 per scene, alternating directions, each starting 2.5–6 s after the previous one
///   finished; 3–60 % of the view height (mostly 4–15 %, one scene in eight 15–60 %: a view cropped
///   to the course band); 12–60 km/h at the start post, −1.5…+1.5 m/s² (never below 11 km/h
///   before the finish); clothes 6–100 levels darker or brighter than the ground, of any colour;
/// - people: 0–3 bystanders walking (0.5–2 m/s) or standing, on the course line at the rider's size
///   or behind it, smaller, in grey or coloured clothes (half each); in one scene in ten a person
///   stands on the course while it is learnt, then walks off;
/// - things: in one scene in eight a bag put down on the riders' line once the course is learnt
///   and picked up 3–15 s later (`SceneSweep.drawBag`).
///
/// The camera motion, the ground's light, the bag and the bystanders' clothes are drawn from a
/// second stream (`worldStream`), so every other draw of a seed is what it was before they
/// were added.
///
/// A scene lasts only as long as its runs need: the course is learnt (about a second) before the
/// first rider enters the view, and the scene ends half a second after the last rider has left it.
public enum SceneSweep {
    /// Luma of the simulator's empty ground before its texture (`BackgroundTexture`), levels.
    public static let groundLuma = 120.0
    /// Chroma of the simulator's grass (0-255, 128 grey): the middle of its texture's range.
    public static let groundChromaBlue = 112.0, groundChromaRed = 115.0
    /// Metres of course per view width: 28 m between posts 0.8 of the view width apart.
    public static let metresPerViewWidth = 35.0
    /// The detector's calibration window (`VisionSettings.calibrationWindowSeconds`), seconds:
    /// the empty course must be still this long before it is learnt.
    static let learningSeconds = 1.0

    /// The scene drawn from `seed`; the same seed gives the same scene.
    public static func scene(seed: UInt64) -> SweepScene {
        var random = SeededRandom(seed: seed ^ 0x5357_4545_5053_4545)
        var drawn = SweepParameters()
        drawCamera(&drawn, &random)
        drawLight(&drawn, &random)
        drawRiders(&drawn, &random)
        let occupant = drawOccupant(&drawn, &random)
        var world = worldStream(seed)
        drawCameraMotion(&drawn, &world)
        let schedule = scheduleRuns(&drawn, courseClearAt: occupant.last?.leaves ?? 0, &random)
        if drawn.bumpTime == nil { drawn.bumpSettleSeconds = 0; drawn.bumpRollDegrees = 0 }
        let settled = (occupant.last?.leaves ?? 0) + learningSeconds + 0.3
        let others = drawBystanders(&drawn, settled: settled, duration: schedule.duration, &random)
        drawGroundLight(&drawn, duration: schedule.duration, &world)
        drawBag(&drawn, settled: settled, duration: schedule.duration, &world)
        var people = occupant + others
        dress(&people, &drawn, &world)
        var scene = SimulatedScene(duration: schedule.duration)
        scene.width = drawn.width
        scene.height = drawn.height
        scene.framesPerSecond = drawn.framesPerSecond
        scene.dropFraction = drawn.dropFraction
        scene.timestampJitter = drawn.timestampJitter
        scene.colour = drawn.colour
        scene.noise = drawn.noise
        scene.lightDrift = drawn.lightDrift
        scene.lightDriftPeriod = drawn.lightDriftPeriod
        if drawn.contrastScale != 1 {
            // A constant light level from before the first frame (jitter can stamp it below 0).
            scene.lightStep = drawn.contrastScale - 1
            scene.lightStepTime = -1
        }
        scene.shadows = drawn.shadows
        scene.cameraShake = drawn.cameraShake
        scene.shakeFrequency = drawn.shakeFrequency
        if let bumpTime = drawn.bumpTime {
            scene.bumpPixels = drawn.bumpPixels
            scene.bumpTime = bumpTime
            scene.bumpSettleSeconds = drawn.bumpSettleSeconds
            scene.bumpRollDegrees = drawn.bumpRollDegrees
        }
        scene.fixedShadows = drawn.fixedShadows
        scene.cloud = drawn.cloud
        scene.sunShare = drawn.sunShare
        scene.objects = drawn.bag.map { [$0] } ?? []
        scene.seed = seed
        scene.riders = schedule.runs.map(\.rider)
        scene.bystanders = people
        let sceneTraits = traits(of: drawn)
        let runs = schedule.runs.enumerated().map { index, run in
            let truth = scene.truth(for: run.rider)
            let traits = sceneTraits + riderTraits(drawn.riders[index], truth: truth, index: index, drawn: drawn)
            return SweepRun(rider: run.rider, truth: truth, entersView: run.enters, leavesView: run.leaves,
                            traits: traits.sorted())
        }
        return SweepScene(seed: seed, scene: scene, runs: runs, parameters: drawn, sceneTraits: sceneTraits)
    }

    // MARK: Camera and light

    static func drawCamera(_ drawn: inout SweepParameters, _ random: inout SeededRandom) {
        let size = pick([((320, 240), 3.0), ((640, 360), 1.5), ((640, 480), 2.5), ((800, 600), 0.7),
                         ((960, 540), 0.8), ((1280, 720), 0.8)], &random)
        drawn.width = size.0
        drawn.height = size.1
        // Cameras that deliver 90 or 120 fps do so at the smaller sizes only.
        let rates: [(Double, Double)] = [(10, 1), (12, 0.5), (15, 1), (20, 1), (24, 0.5), (25, 1.5), (29.97, 0.5),
                                         (30, 3), (50, 1), (60, 1.5), (90, 0.5), (120, 0.5)]
        drawn.framesPerSecond = pick(rates.filter { drawn.width < 960 || $0.0 <= 60 }, &random)
        drawn.dropFraction = random.unit() < 0.4 ? 0 : random.uniform(0.005...0.15)
        drawn.timestampJitter = random.unit() < 0.35 ? 0 : random.uniform(0.0002...0.005)
        drawn.colour = random.unit() < 0.35
        drawn.cameraShake = random.unit() < 0.75 ? 0 : random.uniform(0.5...2)
    }

    static func drawLight(_ drawn: inout SweepParameters, _ random: inout SeededRandom) {
        SweepLight.draw(&random).apply(to: &drawn)
        drawn.shadows = random.unit() < 0.25
    }

    // MARK: Traits

    /// The scene's traits (see `SweepTrait` for the thresholds).
    static func traits(of drawn: SweepParameters) -> [SweepTrait] {
        var traits: [SweepTrait] = []
        func add(_ trait: SweepTrait, _ condition: Bool) { if condition { traits.append(trait) } }
        traits += SweepTrait.camera(width: drawn.width, framesPerSecond: drawn.framesPerSecond,
                                    dropFraction: drawn.dropFraction, timestampJitter: drawn.timestampJitter)
        add(.shake, drawn.cameraShake >= 1)
        add(.sway, drawn.cameraShake >= 0.5 && drawn.shakeFrequency > 0)
        add(.bump, drawn.bumpTime != nil)
        add(.swingingBump, drawn.bumpTime != nil && (drawn.bumpSettleSeconds > 0 || drawn.bumpRollDegrees != 0))
        add(.colour, drawn.colour)
        add(.dusk, drawn.contrastScale < 0.7)
        add(.noisy, drawn.noise >= 5)
        add(.lightDrift, drawn.lightDrift >= 0.1)
        add(.shadows, drawn.shadows)
        add(.fixedShadow, !drawn.fixedShadows.isEmpty)
        add(.cloud, drawn.cloud != nil)
        let kinds = drawn.bystanders.map(\.kind)
        add(.walkerOnCourse, kinds.contains(.walkerOnCourse))
        add(.walkerBehind, kinds.contains(.walkerBehind))
        add(.standing, kinds.contains(.standingBeside) || kinds.contains(.standingBehind))
        add(.riderSizedBystander, kinds.contains(.walkerOnCourse) || kinds.contains(.standingBeside))
        add(.occupant, kinds.contains(.occupant))
        add(.bag, drawn.bag != nil)
        return traits
    }

    /// The traits of rider `index`'s run.
    static func riderTraits(_ rider: SweepRiderDraw, truth: RunTruth, index: Int, drawn: SweepParameters) -> [SweepTrait] {
        var traits: [SweepTrait] = []
        func add(_ trait: SweepTrait, _ condition: Bool) { if condition { traits.append(trait) } }
        let expected = expectedRiderHeight(width: drawn.width, height: drawn.height)
        add(.smallRider, rider.heightFraction < 0.65 * expected)
        add(.largeRider, rider.heightFraction > 2.5 * expected)
        let seenByColour = drawn.colour && rider.chromaDistance >= 45
        add(.lowContrast, (rider.contrast * drawn.contrastScale).magnitude < 25 && !seenByColour)
        add(.brightRider, rider.contrast > 0)
        add(.fastRider, truth.speedKmh >= 45)
        add(.slowRider, truth.speedKmh < 18)
        add(.accelerating, rider.acceleration.magnitude >= 0.75)
        add(.rightToLeft, rider.direction == .rightToLeft)
        add(.laterRun, index > 0)
        return traits
    }

    /// Head-to-feet height of a 1.6 m rider on the sweep's course in a `width` x `height` view,
    /// fraction of the view height: 6.1 % at 4:3, 8.1 % at 16:9.
    public static func expectedRiderHeight(width: Int, height: Int) -> Double {
        1.6 / metresPerViewWidth * Double(width) / Double(height)
    }

    // MARK: Drawing helpers

    /// One of `options`, with probability proportional to its weight.
    static func pick<T>(_ options: [(T, Double)], _ random: inout SeededRandom) -> T {
        let total = options.reduce(0) { $0 + $1.1 }
        var remaining = random.unit() * total
        for (value, weight) in options {
            if remaining < weight { return value }
            remaining -= weight
        }
        return options[options.count - 1].0
    }

    /// In `range`, denser towards its low end (the square of a uniform draw): the median lies a
    /// quarter of the way up.
    static func lowSkewed(_ range: ClosedRange<Double>, _ random: inout SeededRandom) -> Double {
        let u = random.unit()
        return range.lowerBound + (range.upperBound - range.lowerBound) * u * u
    }
}
