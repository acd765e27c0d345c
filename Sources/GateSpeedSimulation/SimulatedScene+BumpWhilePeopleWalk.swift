extension SimulatedScene {
    /// A camera bumped at 2.5 s by `pixels` (settling over 0.4 s) and rolled by `rollDegrees`,
    /// while two people walk to and fro behind the course all along, so the view never stills
    /// for the second a calibration needs: 640×480 at 30 fps with ±3 ms jitter, 3 % of frames
    /// dropped, noise σ 3, 11 s long, no rider (a test adds its own).
    public static func bumpWhilePeopleWalk(seed: UInt64, pixels: Int, rollDegrees: Double) -> SimulatedScene {
        var scene = SimulatedScene(duration: 11)
        scene.width = 640
        scene.height = 480
        scene.timestampJitter = 0.003
        scene.dropFraction = 0.03
        scene.noise = 3
        scene.seed = seed
        scene.bumpPixels = pixels
        scene.bumpTime = 2.5
        scene.bumpSettleSeconds = 0.4
        scene.bumpRollDegrees = rollDegrees
        scene.bystanders = [
            SimulatedBystander(fromX: 0.32, toX: 0.48, speed: 0.25, heightFraction: 0.14, luma: 60, groundY: 0.5,
                               appears: 1.5),
            SimulatedBystander(fromX: 0.88, toX: 0.72, speed: 0.2, heightFraction: 0.13, luma: 190, groundY: 0.48,
                               appears: 1.6),
        ]
        return scene
    }
}
