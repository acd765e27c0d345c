import GateSpeedFrames

/// Frames of a `SimulatedScene` at real cadence: nominal period plus timestamp jitter, with
/// dropped frames skipping sequence numbers, sensor noise, light drift (luma and the chroma's
/// departure from grey alike), camera shake and bumps (`SimulatedCameraMotion`: sub-pixel, with
/// a roll, when they are not whole pixels), shadows fixed to the ground and a cloud's
/// (`SimulatedLighting`), bags left on the ground, and the people's own shadows.
///
/// Delivers 8-bit grey frames (or I420 colour frames when the scene is in colour) from a buffer
/// it owns and reuses (no allocation per frame).
public struct SimulatedCourseSource: FrameSource {
    public let scene: SimulatedScene
    public var frameWidth: Int { scene.width }
    public var frameHeight: Int { scene.height }
    public var nominalFramesPerSecond: Double { scene.framesPerSecond }
    public var statistics: FrameSourceStatistics { cadence.statistics }

    private var background: BackgroundTexture
    private let painter: FigurePainter
    private var lighting: SimulatedLighting
    private var motion: SimulatedCameraMotion
    private var canvas: [Float]
    private var frame: [UInt8]
    /// Colour scenes: the course's chroma at half resolution, and this frame's.
    private var backgroundChroma: (blue: [Float], red: [Float]) = ([], [])
    private var chromaCanvas: (blue: [Float], red: [Float]) = ([], [])
    private var noise: [Float]
    private var random: SeededRandom
    private var cadence: SimulatedCadence
    /// This frame's drawing place of every object, bystander and rider, in that order (reused).
    private var placements: [Placement]

    /// Where a person or thing is drawn (pixels) and the light and direct sun on it there.
    private struct Placement: Sendable {
        var x = 0.0, y = 0.0
        var light: Float = 1, sun: Float = 1
    }

    public init(scene: SimulatedScene) {
        self.scene = scene
        cadence = SimulatedCadence(framesPerSecond: scene.framesPerSecond, duration: scene.duration,
                                   dropFraction: scene.dropFraction, jitter: scene.timestampJitter)
        background = BackgroundTexture(width: scene.width, height: scene.height, posts: scene.posts, seed: scene.seed)
        lighting = SimulatedLighting(scene: scene)
        motion = SimulatedCameraMotion(scene: scene)
        painter = FigurePainter(width: scene.width, height: scene.height)
        canvas = [Float](repeating: 0, count: scene.width * scene.height)
        frame = [UInt8](repeating: 128, count: scene.width * scene.height * (scene.colour ? 3 : 2) / 2)
        if scene.colour {
            backgroundChroma = Self.courseChroma(width: scene.width / 2, height: scene.height / 2, posts: scene.posts)
        }
        if lighting.isActive && !lighting.changes {
            // Fixed shadows and no cloud: the light never changes, so bake it into the course.
            background.light(by: lighting)
            Self.light(&backgroundChroma, width: scene.width / 2, by: lighting)
        }
        chromaCanvas = backgroundChroma
        placements = [Placement](repeating: Placement(), count: scene.objects.count + scene.bystanders.count + scene.riders.count)
        random = SeededRandom(seed: scene.seed)
        // A pool of noise, read from a random place each frame: cheap and never repeating exactly.
        let poolSize = scene.width * scene.height + 4099
        noise = [Float](repeating: 0, count: poolSize)
        for i in 0..<poolSize { noise[i] = Float(random.gaussian() * scene.noise) }
    }

    /// Nominal time of frame `index` (before jitter).
    public func nominalTime(ofFrame index: UInt64) -> Double { cadence.nominalTime(ofFrame: index) }

    public mutating func nextFrame(_ body: (VideoFrame) -> Void) -> FrameOutcome {
        guard let (t, sequence) = cadence.next(random: &random) else { return .endOfStream }
        render(at: t)
        lendSimulatedFrame(frame, width: scene.width, height: scene.height, colour: scene.colour, timestamp: t,
                           sequence: sequence, body)
        return .delivered
    }

    /// Light level at scene time `t` (1 = as at the start). Luma and the chroma's departure from
    /// grey (128) are both scaled by it, as by the light itself.
    public func lightLevel(at t: Double) -> Double {
        var level = 1 + scene.lightDrift * sine(6.283185307179586 * t / scene.lightDriftPeriod)
        if t >= scene.lightStepTime { level *= 1 + scene.lightStep }
        return level
    }

    /// Scales the chroma planes' departure from grey by the light of each half-resolution pixel.
    private static func light(_ chroma: inout (blue: [Float], red: [Float]), width: Int, by lighting: SimulatedLighting) {
        guard width > 0 else { return }
        for i in chroma.blue.indices {
            let l = lighting.light(x: 2 * (i % width), y: 2 * (i / width))
            chroma.blue[i] = 128 + (chroma.blue[i] - 128) * l
            chroma.red[i] = 128 + (chroma.red[i] - 128) * l
        }
    }

    /// Where a person or thing standing at view point (`x`, `y`) (normalised, before camera
    /// motion) is drawn, pixels, and the light and direct sun on it there.
    private func placed(x: Double, y: Double, _ view: SimulatedCameraView) -> Placement {
        let w = scene.width, h = scene.height
        let world = (x: x * Double(w), y: y * Double(h))
        let p = view.view(x: world.x, y: world.y, width: w, height: h)
        // Dynamic light only: fixed shadows on people are taken at their feet even when baked.
        let wx = Int(world.x.rounded(.down)), wy = Int(world.y.rounded(.down)) - 1
        return Placement(x: p.x, y: p.y, light: lighting.light(x: wx, y: wy), sun: lighting.sun(x: wx, y: wy))
    }

    private mutating func render(at t: Double) {
        let w = scene.width, h = scene.height
        let view = motion.view(at: t, random: &random)
        self.lighting.update(at: t)
        let light = Float(lightLevel(at: t))
        let background = self.background
        let lighting = self.lighting
        let shading = lighting.isActive
        // The generator is used inside the canvas closure: a local copy, so the closure never
        // touches `self` while the canvas is borrowed.
        var leaves = random
        var slot = 0
        for object in scene.objects { placements[slot] = placed(x: object.x, y: object.groundY, view); slot += 1 }
        for bystander in scene.bystanders { placements[slot] = placed(x: bystander.x(at: t), y: bystander.groundY, view); slot += 1 }
        for rider in scene.riders { placements[slot] = placed(x: scene.x(of: rider, at: t), y: rider.groundY, view); slot += 1 }
        let placements = self.placements
        canvas.withUnsafeMutableBufferPointer { c in
            if view.isWholePixels {
                let dx = Int(view.dx), dy = Int(view.dy)
                if lighting.changes {
                    for y in 0..<h {
                        for x in 0..<w { c[y * w + x] = background.value(x: x + dx, y: y + dy) * lighting.light(x: x + dx, y: y + dy) }
                    }
                } else {
                    for y in 0..<h {
                        for x in 0..<w { c[y * w + x] = background.value(x: x + dx, y: y + dy) }
                    }
                }
            } else {
                for y in 0..<h {
                    for x in 0..<w {
                        let p = view.world(x: Double(x) + 0.5, y: Double(y) + 0.5, width: w, height: h)
                        var v = background.value(x: p.x, y: p.y)
                        if lighting.changes { v *= lighting.light(x: Int(p.x.rounded(.down)), y: Int(p.y.rounded(.down))) }
                        c[y * w + x] = v
                    }
                }
            }
            if scene.flutter > 0 {
                let r = scene.flutterRegion
                let x0 = Int(r.x0 * Double(w)), x1 = Int(r.x1 * Double(w)), y0 = Int(r.y0 * Double(h)), y1 = Int(r.y1 * Double(h))
                var by = y0
                while by < y1 {
                    var bx = x0
                    while bx < x1 {
                        let change = Float(leaves.uniform(-scene.flutter...scene.flutter))
                        for y in by..<min(by + 8, y1) { for x in bx..<min(bx + 8, x1) { c[y * w + x] += change } }
                        bx += 8
                    }
                    by += 8
                }
            }
            var index = 0
            for object in scene.objects {
                let at = placements[index]
                index += 1
                guard object.isPresent(at: t) else { continue }
                let tall = object.heightFraction * Double(h), half = object.widthFraction * Double(h) / 2
                painter.box(into: c.baseAddress!, x0: at.x - half, x1: at.x + half, y0: at.y - tall, y1: at.y,
                            luma: Float(object.luma) * at.light)
            }
            for bystander in scene.bystanders {
                let at = placements[index]
                index += 1
                guard t >= bystander.appears && t < bystander.leaves else { continue }
                let tall = bystander.heightFraction * Double(h)
                if scene.shadows {
                    painter.shade(into: c.baseAddress!, centreX: at.x, groundY: at.y, tall: tall,
                                  factor: shading ? 1 - 0.38 * at.sun : 0.62)
                }
                painter.paint(into: c.baseAddress!, centreX: at.x, groundY: at.y, tall: tall,
                              stride: bystander.isStanding ? 0 : t * 5, luma: shading ? Float(bystander.luma) * at.light : Float(bystander.luma))
            }
            for rider in scene.riders {
                let at = placements[index]
                index += 1
                let x = scene.x(of: rider, at: t)
                guard x > -0.3 && x < 1.3 else { continue }
                let tall = rider.heightFraction * Double(h)
                if scene.shadows {
                    painter.shade(into: c.baseAddress!, centreX: at.x, groundY: at.y, tall: tall,
                                  factor: shading ? 1 - 0.38 * at.sun : 0.62)
                }
                let travelled = rider.motion.distance(at: t - rider.startTime)
                painter.paint(into: c.baseAddress!, centreX: at.x, groundY: at.y, tall: tall,
                              stride: travelled * 1.2, luma: shading ? Float(rider.luma) * at.light : Float(rider.luma))
            }
        }
        random = leaves
        if scene.colour { renderChroma(at: t, view: view, light: light, placements: placements) }
        let noiseStart = Int(random.next() % 4096)
        canvas.withUnsafeBufferPointer { c in
            noise.withUnsafeBufferPointer { n in
                frame.withUnsafeMutableBufferPointer { out in
                    for i in 0..<(w * h) {
                        let v = c[i] * light + n[noiseStart + i]
                        out[i] = UInt8(max(0, min(255, v)))
                    }
                }
            }
        }
    }

    /// Chroma of the empty course at half resolution: blue sky, dark green trees, green ground,
    /// orange bands on the posts.
    static func courseChroma(width: Int, height: Int, posts: [Double]) -> (blue: [Float], red: [Float]) {
        var blue = [Float](repeating: 128, count: width * height), red = blue
        let horizon = Int(Double(height) * 0.32), treeline = horizon + height / 10
        for y in 0..<height {
            for x in 0..<width {
                let i = y * width + x
                if y < horizon { blue[i] = 150; red[i] = 118 }
                else if y < treeline { blue[i] = 118; red[i] = 116 }
                else { blue[i] = 108 + Float((x * 7 + y * 3) % 9); red[i] = 112 + Float((x * 5 + y * 11) % 7) }
            }
        }
        let poleTop = Int(Double(height) * 0.45), poleBottom = Int(Double(height) * 0.9)
        for post in posts {
            let x = Int(post * Double(width))
            guard x >= 0 && x < width else { continue }
            for y in poleTop..<min(height, poleBottom) where (y - poleTop) % 12 < 4 {
                blue[y * width + x] = 90; red[y * width + x] = 170
            }
        }
        return (blue, red)
    }

    /// Paints this frame's chroma (the course, moved with the camera, and the clothes of the
    /// people and the colour of the things on it) into the frame's Cb and Cr planes, every
    /// departure from grey scaled by the light.
    private mutating func renderChroma(at t: Double, view: SimulatedCameraView, light: Float, placements: [Placement]) {
        let w = scene.width / 2, h = scene.height / 2
        let painter = FigurePainter(width: w, height: h)
        let scene = self.scene
        let lighting = self.lighting
        var blue = chromaCanvas.blue, red = chromaCanvas.red
        chromaCanvas = ([], [])
        if view.isWholePixels {
            let dx = Int(view.dx), dy = Int(view.dy)
            for y in 0..<h {
                for x in 0..<w {
                    let sx = min(w - 1, max(0, x + dx / 2)), sy = min(h - 1, max(0, y + dy / 2))
                    blue[y * w + x] = backgroundChroma.blue[sy * w + sx]
                    red[y * w + x] = backgroundChroma.red[sy * w + sx]
                }
            }
        } else {
            for y in 0..<h {
                for x in 0..<w {
                    let p = view.world(x: Double(2 * x) + 1, y: Double(2 * y) + 1, width: scene.width, height: scene.height)
                    let sx = min(w - 1, max(0, Int((p.x / 2).rounded(.down)))), sy = min(h - 1, max(0, Int((p.y / 2).rounded(.down))))
                    blue[y * w + x] = backgroundChroma.blue[sy * w + sx]
                    red[y * w + x] = backgroundChroma.red[sy * w + sx]
                }
            }
        }
        if lighting.changes {
            for y in 0..<h {
                for x in 0..<w {
                    let p = view.world(x: Double(2 * x) + 1, y: Double(2 * y) + 1, width: scene.width, height: scene.height)
                    let l = lighting.light(x: Int(p.x.rounded(.down)), y: Int(p.y.rounded(.down)))
                    blue[y * w + x] = 128 + (blue[y * w + x] - 128) * l
                    red[y * w + x] = 128 + (red[y * w + x] - 128) * l
                }
            }
        }
        func lit(_ value: Double, _ light: Float) -> Float { 128 + (Float(value) - 128) * light }
        var index = 0
        for object in scene.objects {
            let at = placements[index]
            index += 1
            guard object.isPresent(at: t) else { continue }
            let tall = object.heightFraction * Double(h), half = object.widthFraction * Double(h) / 2
            let x = at.x / 2, y = at.y / 2
            blue.withUnsafeMutableBufferPointer { painter.box(into: $0.baseAddress!, x0: x - half, x1: x + half, y0: y - tall, y1: y,
                                                              luma: lit(object.chromaBlue, at.light)) }
            red.withUnsafeMutableBufferPointer { painter.box(into: $0.baseAddress!, x0: x - half, x1: x + half, y0: y - tall, y1: y,
                                                             luma: lit(object.chromaRed, at.light)) }
        }
        for bystander in scene.bystanders {
            let at = placements[index]
            index += 1
            guard t >= bystander.appears && t < bystander.leaves else { continue }
            let tall = bystander.heightFraction * Double(h)
            let stride = bystander.isStanding ? 0 : t * 5
            blue.withUnsafeMutableBufferPointer { painter.paint(into: $0.baseAddress!, centreX: at.x / 2, groundY: at.y / 2, tall: tall,
                                                                stride: stride, luma: lit(bystander.chromaBlue, at.light)) }
            red.withUnsafeMutableBufferPointer { painter.paint(into: $0.baseAddress!, centreX: at.x / 2, groundY: at.y / 2, tall: tall,
                                                               stride: stride, luma: lit(bystander.chromaRed, at.light)) }
        }
        for rider in scene.riders {
            let at = placements[index]
            index += 1
            let x = scene.x(of: rider, at: t)
            guard x > -0.3 && x < 1.3 else { continue }
            let tall = rider.heightFraction * Double(h)
            let stride = rider.motion.distance(at: t - rider.startTime) * 1.2
            blue.withUnsafeMutableBufferPointer { painter.paint(into: $0.baseAddress!, centreX: at.x / 2, groundY: at.y / 2, tall: tall,
                                                                stride: stride, luma: lit(rider.chromaBlue, at.light)) }
            red.withUnsafeMutableBufferPointer { painter.paint(into: $0.baseAddress!, centreX: at.x / 2, groundY: at.y / 2, tall: tall,
                                                               stride: stride, luma: lit(rider.chromaRed, at.light)) }
        }
        let lumaCount = scene.width * scene.height
        frame.withUnsafeMutableBufferPointer { out in
            for i in 0..<(w * h) {
                out[lumaCount + i] = UInt8(max(0, min(255, 128 + (blue[i] - 128) * light)))
                out[lumaCount + w * h + i] = UInt8(max(0, min(255, 128 + (red[i] - 128) * light)))
            }
        }
        chromaCanvas = (blue, red)
    }
}
