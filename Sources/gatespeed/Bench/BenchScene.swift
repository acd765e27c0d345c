import GateSpeedSimulation

/// The built-in scene the benchmark times: the standard course at 30 fps with sensor noise,
/// slow light drift and timestamp jitter, and a rider every 6 s from 3 s on (alternating
/// direction, 28 to 34 km/h), so steady state includes following a rider most of the time.
enum BenchScene {
    static let framesPerSecond = 30.0
    static let riderInterval = 6.0
    static let description = "built-in scene (a rider every 6 s, noise, light drift, jitter)"

    static func make(width: Int, height: Int, frames: Int) -> SimulatedScene {
        var scene = SimulatedScene(duration: Double(frames) / framesPerSecond + 1)
        scene.width = width
        scene.height = height
        scene.framesPerSecond = framesPerSecond
        scene.lightDrift = 0.05
        scene.timestampJitter = 0.002
        var start = 3.0
        var index = 0
        while start < scene.duration {
            scene.riders.append(SimulatedRider(
                direction: index % 2 == 0 ? .leftToRight : .rightToLeft, startTime: start,
                motion: .constant(speed: (28 + Double(index % 4) * 2) / 3.6)))
            start += riderInterval
            index += 1
        }
        return scene
    }
}
