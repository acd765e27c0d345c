/// Where a simulated camera looks at one frame, relative to where it was aimed: the view pixel
/// (x, y) shows the world (background) pixel `R(roll) × (x - c, y - c) + c + (dx, dy)`, c the
/// view's centre. Pixels and radians.
struct SimulatedCameraView: Sendable, Equatable {
    var dx = 0.0, dy = 0.0
    var roll = 0.0
    var cos = 1.0, sin = 0.0

    /// A shift by whole pixels only (the frame is cut straight from the texture).
    var isWholePixels: Bool { roll == 0 && dx == dx.rounded() && dy == dy.rounded() }

    /// The world pixel position that view pixel position (`x`, `y`) shows.
    @inline(__always)
    func world(x: Double, y: Double, width: Int, height: Int) -> (x: Double, y: Double) {
        let cx = Double(width) / 2, cy = Double(height) / 2
        let u = x - cx, v = y - cy
        return (cx + cos * u - sin * v + dx, cy + sin * u + cos * v + dy)
    }

    /// The view pixel position at which world pixel position (`x`, `y`) appears.
    @inline(__always)
    func view(x: Double, y: Double, width: Int, height: Int) -> (x: Double, y: Double) {
        let cx = Double(width) / 2, cy = Double(height) / 2
        let u = x - dx - cx, v = y - dy - cy
        return (cx + cos * u + sin * v, cy - sin * u + cos * v)
    }
}

/// How a `SimulatedScene`'s camera moves: shake (random whole pixels each frame, or a smooth
/// sway at `shakeFrequency`) and a permanent bump (at once, or swinging and settling over
/// `bumpSettleSeconds`, with an optional roll).
///
/// The per-frame random shake draws from the source's random stream (as it always has); the
/// sway's phases and jitter from a stream of its own, seeded from the scene.
struct SimulatedCameraMotion: Sendable {
    let scene: SimulatedScene
    private var sway: SeededRandom
    private let phases: (Double, Double, Double, Double)

    init(scene: SimulatedScene) {
        self.scene = scene
        var random = SeededRandom(seed: scene.seed ^ 0x5357_4159_5348_414B)
        let twoPi = 6.283185307179586
        phases = (random.unit() * twoPi, random.unit() * twoPi, random.unit() * twoPi, random.unit() * twoPi)
        sway = random
    }

    /// The view at scene time `t`.
    mutating func view(at t: Double, random: inout SeededRandom) -> SimulatedCameraView {
        var view = SimulatedCameraView()
        let amplitude = scene.cameraShake
        if amplitude > 0 {
            if scene.shakeFrequency > 0 {
                let w = 6.283185307179586 * scene.shakeFrequency * t
                view.dx = amplitude * (0.65 * sine(w + phases.0) + 0.25 * sine(2.3 * w + phases.1)
                                       + 0.1 * sway.uniform(-1...1))
                view.dy = 0.5 * amplitude * (0.65 * sine(1.1 * w + phases.2) + 0.25 * sine(2.7 * w + phases.3)
                                             + 0.1 * sway.uniform(-1...1))
            } else {
                view.dx = (random.uniform(-1...1) * amplitude).rounded()
                view.dy = (random.uniform(-1...1) * amplitude).rounded()
            }
        }
        if t >= scene.bumpTime {
            let settle = scene.bumpSettleSeconds
            var reached = 1.0
            if settle > 0 {
                // A damped swing about the new aim: two swings, down to 5 % by `settle`.
                let s = (t - scene.bumpTime) / settle
                reached = 1 - exponential(-3 * s) * sine(6.283185307179586 * 2 * s + 1.5707963267948966)
            }
            if settle > 0 || scene.bumpRollDegrees != 0 {
                view.dx += Double(scene.bumpPixels) * reached
                view.dy += Double(scene.bumpPixels / 2) * reached
                view.roll = scene.bumpRollDegrees * 0.017453292519943295 * reached
            } else {
                view.dx += Double(scene.bumpPixels)
                view.dy += Double(scene.bumpPixels / 2)
            }
        }
        if view.roll != 0 {
            view.sin = sine(view.roll)
            view.cos = sine(view.roll + 1.5707963267948966)
        }
        return view
    }
}
