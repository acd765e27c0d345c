/// Everything `SceneSweep` drew for one scene, in the units: pixels, frames per second,
/// seconds, luma levels (0-255), view fractions (0…1, top-left origin), km/h and m/s².
public struct SweepParameters: Sendable, Equatable {
    public var width = 640, height = 480
    public var framesPerSecond = 30.0
    /// Fraction of frames dropped (0…0.15).
    public var dropFraction = 0.0
    /// Largest timestamp error, seconds (0…0.005).
    public var timestampJitter = 0.0
    public var colour = false
    /// The scene's dynamic range relative to daylight (0.5: dusk at half contrast). Applied as a
    /// constant light level, so every luma difference scales while the sensor noise does not.
    public var contrastScale = 1.0
    /// Sensor noise, 1 sigma, luma levels (1…8).
    public var noise = 2.5
    /// Relative amplitude of the slow light drift (0…0.25), and its period, seconds.
    public var lightDrift = 0.0, lightDriftPeriod = 40.0
    public var shadows = false
    /// Largest camera shake, pixels.
    public var cameraShake = 0.0
    /// Frequency of a swaying shake, hertz (0: whole-pixel jumps each frame).
    public var shakeFrequency = 0.0
    /// A permanent camera bump of this many pixels at `bumpTime` seconds (0 and nil: none).
    public var bumpPixels = 0
    public var bumpTime: Double?
    /// Seconds the bumped camera swings before it settles (0: at once), and the turn about its
    /// axis the bump gives it, degrees.
    public var bumpSettleSeconds = 0.0, bumpRollDegrees = 0.0
    /// Shadows of trees and buildings fixed on the ground.
    public var fixedShadows: [SimulatedShadow] = []
    /// Share of the ground's light that is direct sun (what a shadow or the cloud takes away).
    public var sunShare = 0.4
    /// A cloud's shadow sweeping across the view.
    public var cloud: SimulatedCloud?
    /// A bag put down on the course and picked up again.
    public var bag: SimulatedObject?
    public var riders: [SweepRiderDraw] = []
    public var bystanders: [SweepBystanderDraw] = []

    public init() {}

    /// One line, e.g. "640x480 30 fps drop 4.0 % jitter 2.0 ms | noise 3.1 contrast 0.55 | riders 7.1 %
    /// at y 0.81: L>R 31 km/h luma -45 | walker on course 1.2 m/s 7.5 % 3.1-9.0 s".
    public var description: String {
        var camera = "\(width)x\(height) " + SweepText.number(framesPerSecond, framesPerSecond.rounded() == framesPerSecond ? 0 : 2) + " fps"
        if dropFraction > 0 { camera += " drop " + SweepText.percent(dropFraction, 1) }
        if timestampJitter > 0 { camera += " jitter " + SweepText.number(timestampJitter * 1000, 1) + " ms" }
        if colour { camera += " colour" }
        if cameraShake > 0 {
            camera += " shake " + SweepText.number(cameraShake, 1) + " px"
            if shakeFrequency > 0 { camera += " sway " + SweepText.number(shakeFrequency, 1) + " Hz" }
        }
        if let bumpTime {
            camera += " bump \(bumpPixels) px at " + SweepText.number(bumpTime, 1) + " s"
            if bumpSettleSeconds > 0 { camera += " settling " + SweepText.number(bumpSettleSeconds, 1) + " s" }
            if bumpRollDegrees != 0 { camera += " roll " + SweepText.number(bumpRollDegrees, 2) + "°" }
        }
        var light = "noise " + SweepText.number(noise, 1)
        if contrastScale != 1 { light += " contrast " + SweepText.number(contrastScale, 2) }
        if lightDrift > 0 {
            light += " drift " + SweepText.percent(lightDrift, 0) + "/" + SweepText.number(lightDriftPeriod, 0) + " s"
        }
        if shadows { light += " shadows" }
        if !fixedShadows.isEmpty { light += " \(fixedShadows.count) fixed shadows" }
        if let cloud {
            light += " cloud at " + SweepText.number(cloud.arrives, 1) + " s " + (cloud.fromLeft ? "from the left" : "from the right")
        }
        if !fixedShadows.isEmpty || cloud != nil { light += " sun " + SweepText.percent(sunShare, 0) }
        var parts = [camera, light]
        if let first = riders.first {
            parts.append("riders " + SweepText.percent(first.heightFraction, 1) + " at y " + SweepText.number(first.groundY, 2)
                         + ": " + riders.map { $0.phrase(colour: colour) }.joined(separator: ", "))
        }
        if !bystanders.isEmpty { parts.append(bystanders.map(\.phrase).joined(separator: ", ")) }
        if let bag {
            parts.append("bag at x " + SweepText.number(bag.x, 2) + " luma " + SweepText.number(bag.luma, 0) + " "
                         + SweepText.number(bag.appears, 1) + "-" + SweepText.number(bag.leaves, 1) + " s")
        }
        return parts.joined(separator: " | ")
    }
}
