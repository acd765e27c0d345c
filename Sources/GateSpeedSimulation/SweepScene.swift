/// One randomised scene of a sweep: the scene to render, the runs that count, what was drawn,
/// and a one-line description. Made by `SceneSweep.scene(seed:)`; the seed alone replays it.
public struct SweepScene: Sendable {
    public let seed: UInt64
    public var scene: SimulatedScene
    /// Every rider's run, in start order (bystanders and the calibration occupant are not runs).
    public var runs: [SweepRun]
    public var parameters: SweepParameters
    /// Traits of the whole scene (camera, light, people), shared by every run.
    public var sceneTraits: [SweepTrait]

    public init(seed: UInt64, scene: SimulatedScene, runs: [SweepRun], parameters: SweepParameters,
                sceneTraits: [SweepTrait]) {
        self.seed = seed
        self.scene = scene
        self.runs = runs
        self.parameters = parameters
        self.sceneTraits = sceneTraits
    }

    /// The riders whose runs count.
    public var riders: [SimulatedRider] { runs.map(\.rider) }

    /// "seed S: " and the drawn parameters, one line.
    public var description: String { "seed \(seed): " + parameters.description }

    /// Frames the scene renders (before drops).
    public var frameCount: Int { Int(scene.duration * scene.framesPerSecond) + 1 }

    /// Rough work of rendering and judging the scene: pixels times frames, in megapixel-frames.
    public var megapixelFrames: Double { Double(scene.width * scene.height) * Double(frameCount) / 1e6 }
}
