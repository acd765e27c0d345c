import GateSpeedSimulation

/// The built-in course the demo runs on: a short session with a pass, a fail, an invalid run
/// (a rider who stops mid-course), another pass, and a highlight marked with the button.
enum DemoScene {
    /// Seconds of scene at which the demo presses the button (a short press: a highlight).
    static let highlightAt = 54.0

    static func make(seconds: Double) -> SimulatedScene {
        var scene = SimulatedScene(duration: seconds)
        scene.noise = 3
        scene.lightDrift = 0.08
        scene.lightDriftPeriod = 45
        scene.timestampJitter = 0.002
        scene.dropFraction = 0.03
        scene.seed = 2026
        scene.riders = [
            SimulatedRider(direction: .leftToRight, startTime: 5, motion: .constant(speed: 32.4 / 3.6)),
            SimulatedRider(direction: .rightToLeft, startTime: 16, motion: .constant(speed: 27.1 / 3.6), luma: 200),
            SimulatedRider(direction: .leftToRight, startTime: 27, motion: .stopping(speed: 7.5, stopAt: 11, pause: 11)),
            SimulatedRider(direction: .rightToLeft, startTime: 47, motion: .accelerating(initialSpeed: 8.4, acceleration: 0.6)),
        ]
        scene.bystanders = [SimulatedBystander(fromX: 0.2, toX: 0.7, speed: 0.03, heightFraction: 0.02, luma: 90, groundY: 0.6)]
        return scene
    }
}
