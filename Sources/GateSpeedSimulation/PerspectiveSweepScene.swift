import GateSpeedFrames

/// One randomised true-perspective scene of `PerspectiveSweep`: the scene, the band of the
/// sensor the user keeps (`geometry`), how the posts are marked, and every counted run.
public struct PerspectiveSweepScene: Sendable {
    public let seed: UInt64
    public var scene: PerspectiveScene
    /// The camera's mounting as the user sets it (a crop to the course band, or the whole sensor).
    public var geometry: FrameGeometry
    /// Gaussian noise of each post mark, pixels (1 sigma): a user tapping the poles on a still.
    public var markNoisePixels: Double
    /// Whether the user typed in the camera's height, distance and lens besides the marks.
    public var cameraFactsGiven: Bool
    /// Every rider's run, in start order (bystanders are not runs).
    public var runs: [PerspectiveSweepRun]
    /// Traits of the whole scene (camera, light, people), shared by every run.
    public var sceneTraits: [SweepTrait]
    /// What was drawn, one line.
    public var parameters: String

    /// "seed S (perspective): " and the drawn parameters.
    public var description: String { "seed \(seed) (perspective): " + parameters }
}

/// One counted run of a perspective sweep scene.
public struct PerspectiveSweepRun: Sendable, Equatable, SweepCountedRun {
    public var rider: PerspectiveRider
    public var truth: RunTruth
    public var entersView: Double, leavesView: Double
    public var traits: [SweepTrait]
    public var direction: TravelDirection { rider.direction }

}
