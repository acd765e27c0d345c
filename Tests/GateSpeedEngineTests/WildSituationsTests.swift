import GateSpeedCore
import GateSpeedEngine
import GateSpeedFrames
import GateSpeedGeometry
import GateSpeedSimulation
import Testing

/// The situations of the "vision in the wild" issue (its "Why"), each built as the issue tells
/// it and judged through the whole per-frame path at real cadence (jitter and drops): true
/// perspective scenes (3-D skaters weaving off the post line, posts marked, gate-plane timing)
/// through `PerspectiveRun`, and the flat scene with plain fraction posts through `SceneRun`
/// where the issue asks for those (the walker). Each asserts what the issue's "Done when" asks
/// (`SituationCheck`): the runs are detected, their speeds within 0.5 % of the truth, no walker
/// starts a run, nothing blocks re-arming.
///
/// These were written before the vision was fixed for them, so they are the yardstick, not a
/// record of what passes: do not weaken them to pass.
@Suite struct WildSituationsTests {
    // MARK: Building the scenes

    /// Head-to-feet height of the skaters, metres.
    static let riderMetres = 1.7

    /// The standard placement (29 m from the post line opposite its middle, 2.5 m up, 65°) on a
    /// 16:9 sensor `width` pixels wide, and the band of it a user keeps (`FrameGeometry` crop, the
    /// whole width) so that a skater on the post line at the course's middle is `riderFraction`
    /// of the view's height, centred on the skater's middle.
    static func croppedView(width: Int, riderFraction: Double) -> (camera: PerspectiveCamera, crop: FrameGeometry) {
        let camera = PerspectiveCamera(width: width, height: width * 9 / 16)
        let feet = camera.project(x: 14, y: 0, z: 0)?.y ?? .nan, head = camera.project(x: 14, y: 0, z: riderMetres)?.y ?? .nan
        let band = (feet - head) / riderFraction, middle = (feet + head) / 2
        let top = max(0, min(1 - band, middle - band / 2))
        return (camera, FrameGeometry(crop: FrameGeometry.Rect(x: 0, y: top, width: 1, height: band)))
    }

    /// The skater's height as a fraction of the view's height, on the post line at the middle.
    static func riderFraction(_ camera: PerspectiveCamera, _ geometry: FrameGeometry = .identity) -> Double {
        let feet = camera.project(x: 14, y: 0, z: 0)?.y ?? .nan, head = camera.project(x: 14, y: 0, z: riderMetres)?.y ?? .nan
        return (feet - head) / geometry.crop.height
    }

    /// A 28 m perspective course seen by `camera`, at `framesPerSecond` with 3 ms of jitter and
    /// 4 % of frames dropped.
    static func course(_ camera: PerspectiveCamera = PerspectiveCamera(), duration: Double, framesPerSecond: Double = 30,
                       seed: UInt64) -> PerspectiveScene {
        var scene = PerspectiveScene(duration: duration, courseLength: 28, camera: camera)
        scene.framesPerSecond = framesPerSecond
        scene.timestampJitter = 0.003
        scene.dropFraction = 0.04
        scene.seed = seed
        return scene
    }

    /// A skater crossing their start post at `start` seconds at a steady `kmh`, weaving `weave`
    /// metres either side of `across` (negative: nearer the camera), leaning 10° forward.
    static func skater(_ direction: TravelDirection, start: Double, kmh: Double, across: Double = 0, weave: Double = 1,
                       luma: Double = 40) -> PerspectiveRider {
        PerspectiveRider(direction: direction, startTime: start, motion: .constant(speed: kmh / 3.6), heightMetres: riderMetres,
                         acrossMetres: across, weaveMetres: weave, forwardLeanDegrees: 10, luma: luma)
    }

    /// Scene seconds at which `rider` crosses their finish post.
    static func finish(_ rider: PerspectiveRider) -> Double { rider.startTime + rider.motion.time(atDistance: 28) }

    /// `scene` through the pipeline with gate-plane timing, seen through `geometry` (the posts
    /// marked exactly on the view, as a user marks them, and every camera fact given), checked
    /// against its riders (`valid`: which rides the rules accept, all by default). Without a crop
    /// this is `PerspectiveRun`'s path.
    static func judge(_ scene: PerspectiveScene, geometry: FrameGeometry = .identity, valid: [Bool]? = nil) throws -> SituationCheck {
        let rides = scene.riders.enumerated().map { index, rider in
            SituationCheck.Ride(truth: scene.truth(for: rider), direction: rider.direction, valid: valid?[index] ?? true)
        }
        guard geometry != .identity else {
            return SituationCheck(events: try PerspectiveRun(scene).events, rides: rides, sceneEnd: scene.duration)
        }
        var pipeline = try markedCourse(scene, geometry: geometry).pipeline()
        var source = PerspectiveCourseSource(scene: scene)
        let events = SceneRun.drive(&source, pipeline: &pipeline).events
        return SituationCheck(events: events, rides: rides, sceneEnd: scene.duration)
    }

    /// `scene`'s course as a user sets it up through `geometry`: the posts marked exactly on the
    /// view (typed to three decimals), every camera fact given, the gate planes solved from them.
    static func markedCourse(_ scene: PerspectiveScene, geometry: FrameGeometry) throws -> MarkedCourse {
        func typed(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }
        let marks = scene.postMarks(markNoisePixels: 0, seed: 1).map { mark in
            let base = geometry.viewPoint(sensorX: mark.base.x, sensorY: mark.base.y)
            let top = geometry.viewPoint(sensorX: mark.top.x, sensorY: mark.top.y)
            return GateSurvey.Mark(baseX: typed(base.x), baseY: typed(base.y), topX: typed(top.x), topY: typed(top.y))
        }
        let camera = scene.camera
        let survey = GateSurvey(marks: marks, poleHeightMetres: scene.poleHeightMetres,
                                camera: CameraHints(heightMetres: camera.heightMetres, distanceMetres: camera.distanceMetres,
                                                    horizontalFieldOfViewDegrees: camera.horizontalFieldOfViewDegrees),
                                sensorWidth: camera.width, sensorHeight: camera.height)
        return try MarkedCourse.solve(survey, lengthMetres: scene.courseLength, frameGeometry: geometry).get()
    }

    // MARK: (a) A rider larger than the course scale predicts

    /// A third of the frame's height on a 28 m course: the user cropped the view to the course
    /// band of a 1280x720 camera (the rider about 60 pixels tall). Two skaters weaving through
    /// the posts, one each way.
    @Test func aRiderAThirdOfTheFrameHighIsTimedAllTheWay() throws {
        let (camera, crop) = Self.croppedView(width: 1280, riderFraction: 1.0 / 3)
        try #require((0.3...0.37).contains(Self.riderFraction(camera, crop)), "rider \(Self.riderFraction(camera, crop)) of the height")
        var scene = Self.course(camera, duration: 0, seed: 31)
        let first = Self.skater(.leftToRight, start: 3.5, kmh: 32, weave: 1)
        let second = Self.skater(.rightToLeft, start: Self.finish(first) + 4, kmh: 27, across: -0.5, weave: 1.2, luma: 175)
        scene.riders = [first, second]
        scene.duration = Self.finish(second) + 3
        // Both within 0.5 % since session 23 (the first was 0.52 % off: its feet at 1280x720 read
        // at a grid cell's top beside a line across the ground, `EdgeRefiner+RowBands`).
        try Self.judge(scene, geometry: crop).expectAll()
    }

    /// The same cropped view, after an earlier rider stood still on the course for 12 s (their
    /// run is out of time, and must give no result): the next riders are timed to the last post.
    @Test func aLargeRiderAfterOneWhoStoodStillIsTimedToTheLastPost() throws {
        let (camera, crop) = Self.croppedView(width: 1280, riderFraction: 1.0 / 3)
        var scene = Self.course(camera, duration: 0, seed: 32)
        var stopper = Self.skater(.leftToRight, start: 3.5, kmh: 29, weave: 0)
        stopper.motion = .stopping(speed: 29 / 3.6, stopAt: 15, pause: 12)
        let second = Self.skater(.rightToLeft, start: Self.finish(stopper) + 4, kmh: 31, weave: 1)
        let third = Self.skater(.leftToRight, start: Self.finish(second) + 4, kmh: 26, across: 0.5, weave: 1, luma: 170)
        scene.riders = [stopper, second, third]
        scene.duration = Self.finish(third) + 3
        // A known gap, recorded so the test fails once it is fixed (then drop the wrapper).
        withKnownIssue("issue 11, open: the third (light) rider is timed 1.0 % off, its foot edge hidden against the ground beyond, and one re-arm comes late") {
            try Self.judge(scene, geometry: crop, valid: [false, true, true]).expectAll()
        }
    }

    // MARK: (b) A small fast rider at 60 fps

    /// 38 km/h at 60 fps, 11 % of the frame's height (a 640x360 camera's view cropped a little,
    /// the rider about 30 pixels tall), one skater from each side; `first` says who comes first.
    @Test(arguments: [TravelDirection.leftToRight, .rightToLeft])
    func aSmallFastRiderAt60FpsIsTrackedBeforeTheOuterPost(first: TravelDirection) throws {
        let (camera, crop) = Self.croppedView(width: 640, riderFraction: 0.11)
        try #require((0.1...0.12).contains(Self.riderFraction(camera, crop)), "rider \(Self.riderFraction(camera, crop)) of the height")
        var scene = Self.course(camera, duration: 0, framesPerSecond: 60, seed: first == .leftToRight ? 41 : 42)
        scene.timestampJitter = 0.002
        let other: TravelDirection = first == .leftToRight ? .rightToLeft : .leftToRight
        let one = Self.skater(first, start: 3, kmh: 38, weave: 0.6)
        let two = Self.skater(other, start: Self.finish(one) + 3.5, kmh: 38, across: -0.3, weave: 0.6, luma: 165)
        scene.riders = [one, two]
        scene.duration = Self.finish(two) + 3
        try Self.judge(scene, geometry: crop).expectAll()
    }

    // MARK: (c) A person on the course during calibration

    /// A coach stands still on the course between posts 2 and 3 while it is learnt (the first
    /// 4.5 s), walks off behind it at 1.3 m/s and stays watching 9 m behind the post line. The
    /// riders after that, one each way, are timed.
    @Test func ridersAreTimedAfterACoachStoodOnTheCourseWhileItWasLearnt() throws {
        var scene = Self.course(duration: 0, seed: 51)
        let walksAt = 4.5, walk = 9.0, speed = 1.3
        let arrives = walksAt + walk / speed
        scene.bystanders = [
            PerspectiveBystander(fromX: 10.5, fromY: 0, speed: 0, heightMetres: 1.8, luma: 60, appears: 0, leaves: walksAt),
            PerspectiveBystander(fromX: 10.5, fromY: 0, toX: 10.5, toY: walk, speed: speed, heightMetres: 1.8, luma: 60,
                                 appears: walksAt, leaves: arrives),
            PerspectiveBystander(fromX: 10.5, fromY: walk, speed: 0, heightMetres: 1.8, luma: 60, appears: arrives),
        ]
        let first = Self.skater(.leftToRight, start: arrives + 2, kmh: 30, weave: 1)
        let second = Self.skater(.rightToLeft, start: Self.finish(first) + 4, kmh: 33, across: -0.5, weave: 1, luma: 170)
        scene.riders = [first, second]
        scene.duration = Self.finish(second) + 3
        try Self.judge(scene).expectAll()
    }

    // MARK: (d) Dusk

    /// Contrast halved (every level and every colour's departure from grey at half) under sensor
    /// noise of σ 7, grey and colour: a dark-clad skater and a light-clad one.
    @Test(arguments: [false, true])
    func ridersAreFoundAtDusk(colour: Bool) throws {
        var scene = Self.course(duration: 0, seed: colour ? 62 : 61)
        scene.contrastScale = 0.5
        scene.noise = 7
        scene.colour = colour
        var first = Self.skater(.leftToRight, start: 3.5, kmh: 30, weave: 1)
        var second = Self.skater(.rightToLeft, start: Self.finish(first) + 4, kmh: 34, across: -0.5, weave: 1, luma: 170)
        if colour {
            first.chromaBlue = 160; first.chromaRed = 110      // a blue jacket
            second.chromaBlue = 100; second.chromaRed = 175    // a red one
        }
        scene.riders = [first, second]
        scene.duration = Self.finish(second) + 3
        // A known gap, recorded so the test fails once it is fixed (then drop the wrapper).
        withKnownIssue("issue 11, open: found at dusk, timed 0.6-0.7 % off, the second grey rider picked up late and 1.35 % off") {
            try Self.judge(scene).expectAll()
        }
    }

    // MARK: (e) Back-to-back runs

    /// Two runs about 3 s apart, one each way: the second skater starts back from the post the
    /// first finished at 3 s after that finish.
    @Test func backToBackRunsThreeSecondsApartAreBothTimed() throws {
        var scene = Self.course(duration: 0, seed: 71)
        let first = Self.skater(.leftToRight, start: 3.5, kmh: 31, weave: 1)
        let second = Self.skater(.rightToLeft, start: Self.finish(first) + 3, kmh: 29, across: -0.3, weave: 1.1, luma: 160)
        scene.riders = [first, second]
        scene.duration = Self.finish(second) + 3
        try Self.judge(scene).expectAll()
    }

    // MARK: (f) A walker in the background, the rider's size

    /// Plain fraction posts (no geometry, so no course band): a person of the rider's size, a
    /// little behind the course (feet higher in the view), walks slowly (1.2 m/s) right across
    /// the view, through every post; while they walk, two riders ride, one each way. The walker
    /// starts nothing and never keeps the course from re-arming.
    @Test(arguments: [TravelDirection.leftToRight, .rightToLeft])
    func aWalkerOfTheRidersSizeStartsNothingAndBlocksNothing(walking: TravelDirection) throws {
        var scene = SimulatedScene(duration: 0)
        scene.seed = walking == .leftToRight ? 81 : 82
        scene.timestampJitter = 0.003
        scene.dropFraction = 0.04
        let speed = 1.2 / 35                               // view widths per second (35 m across the view)
        let appears = 1.8, span = 1.12
        let from = walking == .leftToRight ? -0.06 : 1.06
        scene.bystanders = [SimulatedBystander(fromX: from, toX: walking == .leftToRight ? from + span : from - span, speed: speed,
                                               heightFraction: 0.08, luma: 70, groundY: 0.72, appears: appears,
                                               leaves: appears + span / speed)]
        var first = SimulatedRider(direction: .leftToRight, startTime: 12, motion: .constant(speed: 30 / 3.6))
        var second = SimulatedRider(direction: .rightToLeft, startTime: 0, motion: .constant(speed: 33 / 3.6), luma: 175)
        first.heightFraction = 0.08
        second.heightFraction = 0.08
        second.startTime = first.startTime + first.motion.time(atDistance: 28) + 4
        scene.riders = [first, second]
        scene.duration = second.startTime + second.motion.time(atDistance: 28) + 3
        let run = try SceneRun(scene)
        let rides = scene.riders.map { SituationCheck.Ride(truth: scene.truth(for: $0), direction: $0.direction) }
        SituationCheck(events: run.events, rides: rides, sceneEnd: scene.duration).expectAll()
    }
}
