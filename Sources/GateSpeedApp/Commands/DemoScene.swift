import GateSpeedSimulation

/// The built-in course the demo runs on: a one-minute lap with a pass, a fail, an invalid run
/// (a rider who stops mid-course), another pass, and a highlight marked with the button.
/// A longer demo repeats the lap (the soak test runs it for an hour and more).
enum DemoScene {
    /// Seconds of one lap of the scene.
    static let lapSeconds = 60.0
    /// Seconds into each lap at which the demo presses the button (a short press: a highlight).
    static let highlightAt = 54.0
    /// Laps the scene holds at most (a day).
    static let maximumLaps = 1_440.0

    static func make(seconds: Double) -> SimulatedScene {
        var scene = SimulatedScene(duration: seconds)
        scene.noise = 3
        scene.lightDrift = 0.08
        scene.lightDriftPeriod = 45
        scene.timestampJitter = 0.002
        scene.dropFraction = 0.03
        scene.seed = 2026
        scene.riders = lapStarts(seconds: seconds).flatMap { lap in
            [
                SimulatedRider(direction: .leftToRight, startTime: lap + 5, motion: .constant(speed: 32.4 / 3.6)),
                SimulatedRider(direction: .rightToLeft, startTime: lap + 16, motion: .constant(speed: 27.1 / 3.6),
                               luma: 200),
                SimulatedRider(direction: .leftToRight, startTime: lap + 27,
                               motion: .stopping(speed: 7.5, stopAt: 11, pause: 11)),
                SimulatedRider(direction: .rightToLeft, startTime: lap + 47,
                               motion: .accelerating(initialSpeed: 8.4, acceleration: 0.6)),
            ]
        }
        scene.bystanders = [SimulatedBystander(fromX: 0.2, toX: 0.7, speed: 0.03, heightFraction: 0.02, luma: 90, groundY: 0.6)]
        return scene
    }

    /// Seconds of scene (from the first frame) at which the demo presses the button: once a lap.
    static func highlightPresses(seconds: Double) -> [Double] {
        lapStarts(seconds: seconds).map { $0 + highlightAt }.filter { $0 < seconds }
    }

    /// The start of every lap that begins within `seconds` (the first at 0).
    private static func lapStarts(seconds: Double) -> [Double] {
        // Bounded in Double before the conversion, so an absurd --seconds neither traps nor builds
        // an absurd scene: at most a day of laps (after that the course stays empty).
        let laps = min(maximumLaps, max(1, (seconds / lapSeconds).rounded(.up)))
        return (0..<(laps.isFinite ? Int(laps) : 1)).map { Double($0) * lapSeconds }
    }
}
