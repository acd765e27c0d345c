import GateSpeedSimulation

/// The built-in scene the benchmark times: the standard course at 30 fps with sensor noise,
/// slow light drift and timestamp jitter, and a rider every 6 s from 3 s on (alternating
/// direction, 28 to 34 km/h), so steady state includes following a rider most of the time.
enum BenchScene {
    static let framesPerSecond = 30.0
    static let riderInterval = 6.0
    static let description = "built-in scene (a rider every 6 s, noise, light drift, jitter)"

    /// The empty course at 30 fps, with the light drift and jitter every bench scene has,
    /// long enough for `frames` frames.
    static func course(width: Int, height: Int, frames: Int) -> SimulatedScene {
        var scene = SimulatedScene(duration: Double(frames) / framesPerSecond + 1)
        scene.width = width
        scene.height = height
        scene.framesPerSecond = framesPerSecond
        scene.lightDrift = 0.05
        scene.timestampJitter = 0.002
        return scene
    }

    static func make(width: Int, height: Int, frames: Int) -> SimulatedScene {
        var scene = course(width: width, height: height, frames: frames)
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

extension BenchScene {
    static let colourDescription = "colour: the same scene in I420 (a YU12 or decoded MJPEG camera; riders in coloured clothes),"
        + " and as NV12 and YUYV frames"
    static let calibrationDescription = "calibration: people walking in view throughout, so the view never stills"
        + " and the course is never learnt (as on busy real footage)"

    /// The built-in scene in colour: grass-green ground, blue sky, riders in coloured clothes.
    static func colour(width: Int, height: Int, frames: Int) -> SimulatedScene {
        var scene = make(width: width, height: height, frames: frames)
        scene.colour = true
        for index in scene.riders.indices {
            scene.riders[index].chromaBlue = index % 2 == 0 ? 100 : 150
            scene.riders[index].chromaRed = index % 2 == 0 ? 185 : 110
        }
        return scene
    }

    /// The course with no rider but people walking to and fro across the whole view from the
    /// first frame to the last, in colour.
    static func walkers(width: Int, height: Int, frames: Int) -> SimulatedScene {
        var scene = course(width: width, height: height, frames: frames)
        scene.colour = true
        // Near the camera (a quarter of the view high) and brisk, as people on a busy course are.
        scene.bystanders = [
            SimulatedBystander(fromX: 0.05, toX: 0.95, speed: 0.25, heightFraction: 0.25, luma: 30, groundY: 0.7),
            SimulatedBystander(fromX: 0.9, toX: 0.1, speed: 0.2, heightFraction: 0.3, luma: 220, groundY: 0.85),
            SimulatedBystander(fromX: 0.3, toX: 0.8, speed: 0.3, heightFraction: 0.2, luma: 40, groundY: 0.6),
            SimulatedBystander(fromX: 0.7, toX: 0.2, speed: 0.22, heightFraction: 0.22, luma: 200, groundY: 0.95),
        ]
        return scene
    }
}
