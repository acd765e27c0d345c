import GateSpeedFrames

/// A generator of randomised true-perspective scenes, timed by the gate-plane rule from posts a
/// user marks: the situations a new user meets on a real course, far from the scenes the vision
/// was tuned on (`SceneSweep` is the flat course with image-rule posts). Any scene is replayed
/// exactly by its seed.
///
/// What is drawn:
/// - camera: 320x240 to 1280x720, 15–35 m from the post line, 1.5–3.5 m high, a lens wide enough
///   to see 3 m beyond either end post (55–100°), turned up to ±2° and rolled up to ±1°; in one
///   scene in four the view cropped to the band of the course (the rider a larger share of it),
///   never to fewer than 96 rows;
///   10–120 fps (at most 60 from 960 pixels wide), 0–15 % dropped frames, 0–5 ms jitter; colour
///   in a third of scenes;
/// - the course: 28 m in seven scenes in ten, else 20–40 m; posts marked with 0.5 px of noise,
///   the camera's height, distance and lens typed in (marks alone seldom pin the camera down
///   well enough, and the setup then asks for them);
/// - light: dynamic range 0.4–1.2 in two scenes in five (dusk is 0.5), noise 1–8 levels, slow
///   drift up to ±25 %;
/// - riders: 1–3, alternating directions, each starting 2.5–6 s after the previous one finished;
///   1.5–1.9 m tall; 13–55 km/h at the start post, −1.5…+1.5 m/s² in half of the runs (never
///   below 11 km/h before leaving the view); on the post line or up to 1.5 m nearer or farther,
///   or in half of them weaving round the poles up to ±1.5 m (at most 1 g sideways, so less
///   the faster they ride), leaning 0–12° forward; clothes darker or brighter than the ground, of any
///   colour;
/// - people: 0–3 bystanders standing or walking (0.5–2 m/s), just behind the riders' line (their
///   size) or 6–20 m behind; in one scene in ten someone stands on the course while it is learnt,
///   then walks off behind it and stays.
///
/// A scene lasts as long as its runs need: the course is learnt (about a second of stillness)
/// before the first rider enters the view, and the scene ends a second after the last rider has
/// left it.
public enum PerspectiveSweep {
    /// Seconds of still, empty view the detector needs to learn the course, and a margin.
    static let learningSeconds = 1.3
    /// How far beyond each end post the camera must see, metres (a rider is followed before post 1).
    static let viewMarginMetres = 3.0
    /// A weaving rider's axis passes each pole at least this far from it, metres.
    static let poleClearanceMetres = 0.4
    /// The fewest rows a view cropped to the course band keeps, pixels.
    static let minimumCropRows = 96

    /// The scene drawn from `seed`; the same seed gives the same scene.
    public static func scene(seed: UInt64) -> PerspectiveSweepScene {
        var random = SeededRandom(seed: seed ^ 0x5045_5253_5045_4354)
        var traits: [SweepTrait] = []
        var words: [String] = []
        func add(_ trait: SweepTrait, _ condition: Bool) { if condition { traits.append(trait) } }

        // The course and the camera.
        let courseLength = random.unit() < 0.7 ? 28 : random.uniform(20...40).rounded()
        let camera = drawCamera(courseLength: courseLength, &random)
        var scene = PerspectiveScene(duration: 0, courseLength: courseLength, camera: camera)
        scene.framesPerSecond = SceneSweep.pick([(10, 1), (12, 0.5), (15, 1), (20, 1), (24, 0.5), (25, 1.5), (29.97, 0.5),
                                                 (30, 3), (50, 1), (60, 1.5), (90, 0.5), (120, 0.5)]
                                                    .filter { camera.width < 960 || $0.0 <= 60 }, &random)
        scene.dropFraction = random.unit() < 0.4 ? 0 : random.uniform(0.005...0.15)
        scene.timestampJitter = random.unit() < 0.35 ? 0 : random.uniform(0.0002...0.005)
        scene.colour = random.unit() < 0.35
        let cropped = random.unit() < 0.25
        let geometry = cropped ? courseBand(scene) : .identity
        traits += SweepTrait.camera(width: camera.width, framesPerSecond: scene.framesPerSecond,
                                    dropFraction: scene.dropFraction, timestampJitter: scene.timestampJitter)
        add(.colour, scene.colour)
        add(.croppedView, cropped)
        add(.wideLens, camera.horizontalFieldOfViewDegrees >= 80)
        add(.nearCamera, camera.distanceMetres <= 20)
        let rate = scene.framesPerSecond
        words.append("\(camera.width)x\(camera.height) " + SweepText.number(rate, rate == rate.rounded() ? 0 : 2) + " fps"
                     + (scene.dropFraction > 0 ? " drop " + SweepText.number(100 * scene.dropFraction, 1) + " %" : "")
                     + (scene.timestampJitter > 0 ? " jitter " + SweepText.number(1000 * scene.timestampJitter, 1) + " ms" : "")
                     + (scene.colour ? " colour" : ""))
        words.append("camera " + SweepText.number(camera.distanceMetres, 1) + " m away, " + SweepText.number(camera.heightMetres, 1)
                     + " m high, " + SweepText.number(camera.horizontalFieldOfViewDegrees, 0) + "°, pan "
                     + SweepText.number(camera.panDegrees, 1) + "° roll " + SweepText.number(camera.rollDegrees, 1) + "°"
                     + (cropped ? ", cropped to " + SweepText.number(100 * geometry.crop.height, 0) + " % of the height" : "")
                     + " | course " + SweepText.number(courseLength, 0) + " m")

        // Light.
        SweepLight.draw(&random).apply(to: &scene)
        add(.dusk, scene.contrastScale < 0.7)
        add(.noisy, scene.noise >= 5)
        add(.lightDrift, scene.lightDrift >= 0.1)
        words.append("noise " + SweepText.number(scene.noise, 1)
                     + (scene.contrastScale != 1 ? " contrast " + SweepText.number(scene.contrastScale, 2) : "")
                     + (scene.lightDrift > 0 ? " drift " + SweepText.number(100 * scene.lightDrift, 0) + " %/"
                        + SweepText.number(scene.lightDriftPeriod, 0) + " s" : ""))

        // Someone on the course while it is learnt, then walking off behind it.
        var people: [PerspectiveBystander] = []
        var clearAt = 0.0
        if random.unit() < 0.1 {
            let x = random.uniform(0.2...0.8) * courseLength, y = random.uniform(-1...1)
            let leavesAt = random.uniform(2...4), speed = random.uniform(1...1.8), to = random.uniform(6...10)
            let arrives = leavesAt + (to - y) / speed
            let (luma, blue, red) = clothes(scene.colour, &random)
            let height = random.uniform(1.55...1.9)
            people.append(PerspectiveBystander(fromX: x, fromY: y, speed: 0, heightMetres: height, luma: luma,
                                               chromaBlue: blue, chromaRed: red, appears: 0, leaves: leavesAt))
            people.append(PerspectiveBystander(fromX: x, fromY: y, toX: x, toY: to, speed: speed, heightMetres: height, luma: luma,
                                               chromaBlue: blue, chromaRed: red, appears: leavesAt, leaves: arrives))
            people.append(PerspectiveBystander(fromX: x, fromY: to, speed: 0, heightMetres: height, luma: luma,
                                               chromaBlue: blue, chromaRed: red, appears: arrives))
            clearAt = arrives
            traits.append(.occupant)
        }

        // Riders.
        var riders: [PerspectiveRider] = []
        var runs: [PerspectiveSweepRun] = []
        var riderWords: [String] = []
        let count = SceneSweep.pick([(1, 0.45), (2, 0.35), (3, 0.2)], &random)
        var direction: TravelDirection = random.unit() < 0.5 ? .leftToRight : .rightToLeft
        var earliestEntry = clearAt + learningSeconds + random.uniform(0.3...2)
        var riderTraits: [[SweepTrait]] = []
        for index in 0..<count {
            var rider = drawRider(direction, courseLength: courseLength, reach: viewReach(scene), colour: scene.colour, &random)
            // Place the start so that the rider enters the view no earlier than allowed.
            let span = visibleSpan(of: rider, in: scene)
            rider.startTime = max(earliestEntry - span.enters, riders.last.map { finish(of: $0, courseLength) + random.uniform(2.5...6) } ?? 0)
            riders.append(rider)
            scene.riders = riders
            let truth = scene.truth(for: rider)
            let enters = rider.startTime + span.enters, leaves = rider.startTime + span.leaves
            earliestEntry = leaves + 0.5
            var own: [SweepTrait] = []
            let fraction = riderFraction(rider, scene: scene, geometry: geometry)
            if fraction < 0.04 { own.append(.smallRider) }
            if fraction > 0.15 { own.append(.largeRider) }
            let contrastLevels = (rider.luma - 110) * scene.contrastScale
            let chromaDistance = max(abs(rider.chromaBlue - 128), abs(rider.chromaRed - 128))
            if abs(contrastLevels) < 25 && !(scene.colour && chromaDistance >= 45) { own.append(.lowContrast) }
            if rider.luma > 110 { own.append(.brightRider) }
            if truth.speedKmh >= 45 { own.append(.fastRider) }
            if truth.speedKmh < 18 { own.append(.slowRider) }
            if case .accelerating(_, let a) = rider.motion, abs(a) >= 0.75 { own.append(.accelerating) }
            if direction == .rightToLeft { own.append(.rightToLeft) }
            if index > 0 { own.append(.laterRun) }
            if rider.weaveMetres > 0 { own.append(.weaving) }
            if abs(rider.acrossMetres) >= 1 { own.append(.offLine) }
            riderTraits.append(own)
            runs.append(PerspectiveSweepRun(rider: rider, truth: truth, entersView: enters, leavesView: leaves, traits: []))
            var acceleration = ""
            if case .accelerating(_, let a) = rider.motion { acceleration = " " + (a >= 0 ? "+" : "") + SweepText.number(a, 2) + " m/s²" }
            riderWords.append((direction == .leftToRight ? "L>R " : "R>L ") + SweepText.number(truth.speedKmh, 0) + " km/h"
                              + acceleration + " " + SweepText.number(100 * fraction, 1) + " % high, across "
                              + SweepText.number(rider.acrossMetres, 1) + " m weave " + SweepText.number(rider.weaveMetres, 1)
                              + " m luma " + SweepText.number(rider.luma, 0)
                              + (scene.colour ? " cb/cr " + SweepText.number(rider.chromaBlue, 0) + "/"
                                 + SweepText.number(rider.chromaRed, 0) : ""))
            direction = direction == .leftToRight ? .rightToLeft : .leftToRight
        }
        let end = (runs.last?.leavesView ?? 5) + 1
        scene.duration = end

        // Bystanders.
        let others = SceneSweep.pick([(0, 0.4), (1, 0.3), (2, 0.2), (3, 0.1)], &random)
        var peopleWords: [String] = []
        if !people.isEmpty { peopleWords.append("on course at calibration until " + SweepText.number(people[1].appears, 1) + " s") }
        for _ in 0..<others {
            let near = random.unit() < 0.5
            let y = near ? random.uniform(2.5...4) : random.uniform(6...20)
            let standing = random.unit() < 0.4
            let (luma, blue, red) = clothes(scene.colour, &random)
            let appears = random.unit() < 0.5 ? 0 : random.uniform(0...end)
            let leaves = random.unit() < 0.5 ? Double.infinity : random.uniform(appears...(end + 5))
            let height = random.uniform(1.5...1.95)
            if standing {
                let x = random.uniform(-4...(courseLength + 4))
                people.append(PerspectiveBystander(fromX: x, fromY: y, speed: 0, heightMetres: height, luma: luma,
                                                   chromaBlue: blue, chromaRed: red, appears: appears, leaves: leaves))
                peopleWords.append("standing " + SweepText.number(y, 1) + " m behind")
            } else {
                let speed = random.uniform(0.5...2)
                let from = random.uniform(-6...(courseLength / 2)), to = random.uniform((courseLength / 2)...(courseLength + 6))
                let (a, b) = random.unit() < 0.5 ? (from, to) : (to, from)
                people.append(PerspectiveBystander(fromX: a, fromY: y, toX: b, toY: y + random.uniform(-1...1), speed: speed,
                                                   heightMetres: height, luma: luma, chromaBlue: blue, chromaRed: red,
                                                   appears: appears, leaves: leaves))
                peopleWords.append("walking " + SweepText.number(speed, 1) + " m/s " + SweepText.number(y, 1) + " m behind")
            }
            add(near ? (standing ? .standing : .walkerOnCourse) : (standing ? .standing : .walkerBehind), true)
            add(.riderSizedBystander, near)
        }
        scene.bystanders = people
        scene.seed = seed
        let sceneTraits = Array(Set(traits)).sorted()
        for index in runs.indices { runs[index].traits = Array(Set(sceneTraits + riderTraits[index])).sorted() }
        words.append("riders: " + riderWords.joined(separator: ", "))
        if !peopleWords.isEmpty { words.append(peopleWords.joined(separator: ", ")) }
        return PerspectiveSweepScene(seed: seed, scene: scene, geometry: geometry, markNoisePixels: 0.5,
                                     runs: runs, sceneTraits: sceneTraits,
                                     parameters: words.joined(separator: " | "))
    }

    // MARK: Drawing

    /// A camera opposite the course's middle that sees `viewMarginMetres` beyond either end post
    /// (within 6 % of the view's sides, whatever its turn), with a lens of 55–100°.
    static func drawCamera(courseLength: Double, _ random: inout SeededRandom) -> PerspectiveCamera {
        let size = SceneSweep.pick([((320, 240), 1.5), ((640, 360), 1.5), ((640, 480), 2.5), ((800, 600), 0.5),
                                    ((960, 540), 0.8), ((1280, 720), 1.0)], &random)
        var camera = PerspectiveCamera(alongMetres: courseLength / 2, aimAlongMetres: courseLength / 2,
                                       width: size.0, height: size.1)
        camera.heightMetres = random.uniform(1.5...3.5)
        camera.distanceMetres = random.uniform(15...35)
        camera.panDegrees = random.uniform(-2...2)
        camera.rollDegrees = random.uniform(-1...1)
        let widest = 100.0
        func sees(_ fov: Double, from distance: Double) -> Bool {
            var probe = camera
            probe.horizontalFieldOfViewDegrees = fov
            probe.distanceMetres = distance
            for x in [-viewMarginMetres, courseLength + viewMarginMetres] {
                guard let v = probe.project(x: x, y: 0, z: 0), v.x > 0.06, v.x < 0.94 else { return false }
            }
            return true
        }
        // Too near for the widest lens: as near as it allows.
        while !sees(widest, from: camera.distanceMetres) { camera.distanceMetres += 0.5 }
        // The narrowest lens that sees the course (bisection: a wider lens sees more).
        var low = 20.0, high = widest
        for _ in 0..<40 { let mid = 0.5 * (low + high); if sees(mid, from: camera.distanceMetres) { high = mid } else { low = mid } }
        let least = max(55, high)
        camera.horizontalFieldOfViewDegrees = least >= widest ? widest : random.uniform(least...widest)
        return camera
    }

    /// A rider going `direction`, their start time still 0; `reach`: how far the view reaches
    /// beyond the finish post, metres (`viewReach`).
    static func drawRider(_ direction: TravelDirection, courseLength: Double, reach: Double, colour: Bool,
                          _ random: inout SeededRandom) -> PerspectiveRider {
        let speed = random.uniform(13...55) / 3.6
        var motion = MotionLaw.constant(speed: speed)
        if random.unit() < 0.5 {
            // Never below 11 km/h before the rider has left the view beyond the finish (and a
            // metre for the body): v² + 2 a d >= (11 / 3.6)².
            let least = 11 / 3.6
            let floor = (least * least - speed * speed) / (2 * (courseLength + reach + 1))
            motion = .accelerating(initialSpeed: speed, acceleration: max(floor, random.uniform(-1.5...1.5)))
        }
        var across = random.unit() < 0.45 ? 0 : random.uniform(-1.5...1.5)
        var weave = random.unit() < 0.5 ? 0 : random.uniform(0.3...1.5)
        if weave > 0 {
            // A weave passes the poles on alternate sides, clear of them (its line near the
            // posts'), and turns at no more than 1 g sideways: the weave's lateral acceleration
            // peaks at v² × amplitude × (π / spacing)², at the fastest the rider rides.
            var fastest = speed
            if case .accelerating(let v0, let a) = motion { fastest = max(v0, max(0, v0 * v0 + 2 * a * courseLength).squareRoot()) }
            let bend = 3.141592653589793 / (courseLength / 4)
            across = max(-0.3, min(0.3, across))
            weave = min(weave, 9.81 / (fastest * fastest * bend * bend))
            if weave < abs(across) + poleClearanceMetres { weave = 0 }
        }
        let (luma, blue, red) = clothes(colour, &random)
        return PerspectiveRider(direction: direction, startTime: 0, motion: motion, heightMetres: random.uniform(1.5...1.9),
                                acrossMetres: across, weaveMetres: weave, forwardLeanDegrees: random.uniform(0...12),
                                luma: luma, chromaBlue: blue, chromaRed: red)
    }

    /// Clothes darker (three in five) or brighter than the ground (asphalt about 100, grass about
    /// 120 levels), and their chroma in colour scenes (grey otherwise).
    static func clothes(_ colour: Bool, _ random: inout SeededRandom) -> (luma: Double, blue: Double, red: Double) {
        let luma = random.unit() < 0.6 ? random.uniform(15...88) : random.uniform(142...235)
        guard colour else { return (luma, 128, 128) }
        return (luma, random.uniform(70...190), random.uniform(70...190))
    }

    // MARK: Geometry of the drawn scene

    /// Seconds from the rider's start at which their figure starts to enter the view and has
    /// wholly left it (the body's ground point half a metre either side, in the view's width).
    static func visibleSpan(of rider: PerspectiveRider, in scene: PerspectiveScene) -> (enters: Double, leaves: Double) {
        var probe = rider
        probe.startTime = 0
        let finish = probe.motion.time(atDistance: scene.courseLength)
        func inView(_ t: Double) -> Bool {
            let p = probe.position(at: t, courseLength: scene.courseLength, postCount: scene.postCount)
            for dx in [-0.5, 0.5] {
                if let v = scene.camera.project(x: p.x + dx, y: p.y, z: 0), v.x > 0, v.x < 1 { return true }
            }
            return false
        }
        var enters = 0.0
        while enters > -30, inView(enters - 0.01) { enters -= 0.01 }
        var leaves = finish
        while leaves < finish + 30, inView(leaves + 0.01) { leaves += 0.01 }
        return (enters, leaves)
    }

    /// How far the view reaches beyond the farther end post along the course, metres: the most
    /// over both ends, on lines 3 m nearer and farther than the posts.
    static func viewReach(_ scene: PerspectiveScene) -> Double {
        var reach = 0.0
        for y in [-3.0, 3.0] {
            for end in [0.0, scene.courseLength] {
                let outward = end == 0 ? -1.0 : 1.0
                // Bisection on the distance beyond the end at which the line leaves the view.
                var low = 0.0, high = 200.0
                for _ in 0..<50 {
                    let mid = 0.5 * (low + high)
                    if let v = scene.camera.project(x: end + outward * mid, y: y, z: 0), v.x > 0, v.x < 1 { low = mid } else { high = mid }
                }
                reach = max(reach, high)
            }
        }
        return reach
    }

    /// Scene seconds at which `rider` crosses their finish post.
    static func finish(of rider: PerspectiveRider, _ courseLength: Double) -> Double {
        rider.startTime + rider.motion.time(atDistance: courseLength)
    }

    /// The rider's head-to-feet height on the post line at the course's middle, as a share of the
    /// view's height (after `geometry`'s crop).
    static func riderFraction(_ rider: PerspectiveRider, scene: PerspectiveScene, geometry: FrameGeometry) -> Double {
        let middle = scene.courseLength / 2
        guard let feet = scene.camera.project(x: middle, y: rider.acrossMetres, z: 0),
              let head = scene.camera.project(x: middle, y: rider.acrossMetres, z: rider.heightMetres) else { return 0 }
        return (feet.y - head.y) / geometry.crop.height
    }

    /// The band of the sensor a user keeps to see the course at its largest: from above the head of
    /// the tallest rider on the far side of the course to below the feet on the near side, over
    /// the whole course and the margin beyond its ends, with a little to spare; the whole width.
    static func courseBand(_ scene: PerspectiveScene) -> FrameGeometry {
        var top = 1.0, bottom = 0.0
        for step in 0...8 {
            let x = -viewMarginMetres + (scene.courseLength + 2 * viewMarginMetres) * Double(step) / 8
            for y in [-3.0, 3.0] {
                if let head = scene.camera.project(x: x, y: y, z: 2.0) { top = min(top, head.y) }
                if let feet = scene.camera.project(x: x, y: y, z: 0) { bottom = max(bottom, feet.y) }
            }
        }
        top = max(0, top - 0.02)
        bottom = min(1, bottom + 0.02)
        guard bottom > top + 0.05 else { return .identity }
        // A user crops a sensor to a stream they can still see and set up from: never fewer rows
        // than `minimumCropRows` (a 320x240 sensor is never cropped to 320x24). A band thinner than
        // that is widened about its middle, kept inside the sensor.
        let least = min(1, Double(minimumCropRows) / Double(scene.camera.height))
        if bottom - top < least {
            let middle = min(max(0.5 * (top + bottom), 0.5 * least), 1 - 0.5 * least)
            top = max(0, middle - 0.5 * least)
            bottom = min(1, middle + 0.5 * least)
        }
        return FrameGeometry(crop: FrameGeometry.Rect(x: 0, y: top, width: 1, height: bottom - top))
    }
}
