/// A sweep scene's light, one rule for every sweep: the dynamic range scaled 0.4–0.95 in three
/// scenes in ten (dusk is 0.5) and 1.05–1.2 in one in ten, sensor noise 1–8 levels (1 sigma), and
/// in half of the scenes a slow drift of ±2–25 % over 6–40 s.
struct SweepLight {
    /// The scene's dynamic range relative to daylight.
    var contrastScale: Double
    /// Sensor noise, levels (1 sigma).
    var noise: Double
    /// The light's slow drift: relative amplitude and period, seconds; nil for none.
    var drift: (amplitude: Double, periodSeconds: Double)?

    /// Draws the light from `random`, always in the same order (a replayed seed draws the same).
    static func draw(_ random: inout SeededRandom) -> SweepLight {
        let contrast = random.unit()
        let scale = contrast < 0.6 ? 1 : contrast < 0.9 ? random.uniform(0.4...0.95) : random.uniform(1.05...1.2)
        let noise = random.uniform(1...8)
        var drift: (amplitude: Double, periodSeconds: Double)?
        if random.unit() < 0.5 {
            let amplitude = random.uniform(0.02...0.25)
            drift = (amplitude, random.uniform(6...40))
        }
        return SweepLight(contrastScale: scale, noise: noise, drift: drift)
    }
}

/// What a drawn light sets in a scene (`SweepParameters`, `PerspectiveScene`).
protocol SweepLit {
    /// The scene's dynamic range relative to daylight.
    var contrastScale: Double { get set }
    /// Sensor noise, levels (1 sigma).
    var noise: Double { get set }
    /// The light's slow drift: relative amplitude, and period in seconds (amplitude 0: none).
    var lightDrift: Double { get set }
    var lightDriftPeriod: Double { get set }
}

extension SweepParameters: SweepLit {}
extension PerspectiveScene: SweepLit {}

extension SweepLight {
    /// Sets this light in `scene` (a scene without drift keeps its default period).
    func apply<Scene: SweepLit>(to scene: inout Scene) {
        scene.contrastScale = contrastScale
        scene.noise = noise
        if let drift {
            scene.lightDrift = drift.amplitude
            scene.lightDriftPeriod = drift.periodSeconds
        }
    }
}
