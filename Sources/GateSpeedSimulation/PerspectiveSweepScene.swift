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
    /// Every rider's run, in start order (bystanders are not runs).
    public var runs: [PerspectiveSweepRun]
    /// Traits of the whole scene (camera, light, people), shared by every run.
    public var sceneTraits: [SweepTrait]
    /// What was drawn, one line.
    public var parameters: String

    /// "seed S (perspective): " and the drawn parameters.
    public var description: String { "seed \(seed) (perspective): " + parameters }

    /// The posts as the user marks them on the view (through `geometry`), from post 1: where each
    /// pole meets the ground and its top, normalised view coordinates (top-left origin), off by
    /// `markNoisePixels` and written to four decimals, as the setup page stores them.
    public var viewMarks: [(base: (x: Double, y: Double), top: (x: Double, y: Double))] {
        func typed(_ v: Double) -> Double { (v * 10_000).rounded() / 10_000 }
        return scene.postMarks(markNoisePixels: markNoisePixels, seed: seed).map { mark in
            let base = geometry.viewPoint(sensorX: mark.base.x, sensorY: mark.base.y)
            let top = geometry.viewPoint(sensorX: mark.top.x, sensorY: mark.top.y)
            return ((typed(base.x), typed(base.y)), (typed(top.x), typed(top.y)))
        }
    }

    /// The work of rendering and judging the scene: megapixels a frame times frames.
    public var megapixelFrames: Double {
        Double(scene.camera.width * scene.camera.height) / 1e6 * scene.duration * scene.framesPerSecond
    }
}

/// One counted run of a perspective sweep scene.
public struct PerspectiveSweepRun: Sendable, Equatable, SweepCountedRun {
    public var rider: PerspectiveRider
    public var truth: RunTruth
    public var entersView: Double, leavesView: Double
    public var traits: [SweepTrait]
    public var direction: TravelDirection { rider.direction }

}
