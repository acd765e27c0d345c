import GateSpeedFrames

/// Frames of a `SimulatedScene` at real cadence: nominal period plus timestamp jitter, with
/// dropped frames skipping sequence numbers, sensor noise, light drift and camera shake.
///
/// Delivers 8-bit grey frames (or I420 colour frames when the scene is in colour) from a buffer
/// it owns and reuses (no allocation per frame).
public struct SimulatedCourseSource: FrameSource {
    public let scene: SimulatedScene
    public var frameWidth: Int { scene.width }
    public var frameHeight: Int { scene.height }
    public var nominalFramesPerSecond: Double { scene.framesPerSecond }
    public var statistics: FrameSourceStatistics { cadence.statistics }

    private let background: BackgroundTexture
    private let painter: FigurePainter
    private var canvas: [Float]
    private var frame: [UInt8]
    /// Colour scenes: the course's chroma at half resolution, and this frame's.
    private var backgroundChroma: (blue: [Float], red: [Float]) = ([], [])
    private var chromaCanvas: (blue: [Float], red: [Float]) = ([], [])
    private var noise: [Float]
    private var random: SeededRandom
    private var cadence: SimulatedCadence

    public init(scene: SimulatedScene) {
        self.scene = scene
        cadence = SimulatedCadence(framesPerSecond: scene.framesPerSecond, duration: scene.duration,
                                   dropFraction: scene.dropFraction, jitter: scene.timestampJitter)
        background = BackgroundTexture(width: scene.width, height: scene.height, posts: scene.posts, seed: scene.seed)
        painter = FigurePainter(width: scene.width, height: scene.height)
        canvas = [Float](repeating: 0, count: scene.width * scene.height)
        frame = [UInt8](repeating: 128, count: scene.width * scene.height * (scene.colour ? 3 : 2) / 2)
        if scene.colour {
            backgroundChroma = Self.courseChroma(width: scene.width / 2, height: scene.height / 2, posts: scene.posts)
            chromaCanvas = backgroundChroma
        }
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

    /// Light level at scene time `t` (1 = as at the start).
    public func lightLevel(at t: Double) -> Double {
        var level = 1 + scene.lightDrift * sine(6.283185307179586 * t / scene.lightDriftPeriod)
        if t >= scene.lightStepTime { level *= 1 + scene.lightStep }
        return level
    }

    private mutating func render(at t: Double) {
        let w = scene.width, h = scene.height
        var dx = 0, dy = 0
        if scene.cameraShake > 0 {
            dx = Int((random.uniform(-1...1) * scene.cameraShake).rounded())
            dy = Int((random.uniform(-1...1) * scene.cameraShake).rounded())
        }
        if t >= scene.bumpTime { dx += scene.bumpPixels; dy += scene.bumpPixels / 2 }
        let light = Float(lightLevel(at: t))
        let background = self.background
        // The generator is used inside the canvas closure: a local copy, so the closure never
        // touches `self` while the canvas is borrowed.
        var leaves = random
        canvas.withUnsafeMutableBufferPointer { c in
            for y in 0..<h {
                for x in 0..<w { c[y * w + x] = background.value(x: x + dx, y: y + dy) }
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
            for bystander in scene.bystanders where t >= bystander.appears && t < bystander.leaves {
                let tall = bystander.heightFraction * Double(h)
                painter.paint(into: c.baseAddress!, centreX: bystander.x(at: t) * Double(w) - Double(dx),
                              groundY: bystander.groundY * Double(h) - Double(dy), tall: tall,
                              stride: bystander.isStanding ? 0 : t * 5, luma: Float(bystander.luma))
            }
            for rider in scene.riders {
                let x = scene.x(of: rider, at: t)
                guard x > -0.3 && x < 1.3 else { continue }
                let tall = rider.heightFraction * Double(h)
                let centre = x * Double(w) - Double(dx), ground = rider.groundY * Double(h) - Double(dy)
                if scene.shadows { painter.shade(into: c.baseAddress!, centreX: centre, groundY: ground, tall: tall) }
                let travelled = rider.motion.distance(at: t - rider.startTime)
                painter.paint(into: c.baseAddress!, centreX: centre, groundY: ground, tall: tall,
                              stride: travelled * 1.2, luma: Float(rider.luma))
            }
        }
        random = leaves
        if scene.colour { renderChroma(at: t, dx: dx, dy: dy) }
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

    /// Paints this frame's chroma (the course, shifted with the camera, and the riders' clothes)
    /// into the frame's Cb and Cr planes.
    private mutating func renderChroma(at t: Double, dx: Int, dy: Int) {
        let w = scene.width / 2, h = scene.height / 2
        let painter = FigurePainter(width: w, height: h)
        let scene = self.scene
        var blue = chromaCanvas.blue, red = chromaCanvas.red
        chromaCanvas = ([], [])
        for y in 0..<h {
            for x in 0..<w {
                let sx = min(w - 1, max(0, x + dx / 2)), sy = min(h - 1, max(0, y + dy / 2))
                blue[y * w + x] = backgroundChroma.blue[sy * w + sx]
                red[y * w + x] = backgroundChroma.red[sy * w + sx]
            }
        }
        for rider in scene.riders {
            let x = scene.x(of: rider, at: t)
            guard x > -0.3 && x < 1.3 else { continue }
            let tall = rider.heightFraction * Double(h)
            let centre = x * Double(w) - Double(dx) / 2, ground = rider.groundY * Double(h) - Double(dy) / 2
            let stride = rider.motion.distance(at: t - rider.startTime) * 1.2
            blue.withUnsafeMutableBufferPointer { painter.paint(into: $0.baseAddress!, centreX: centre, groundY: ground, tall: tall,
                                                                stride: stride, luma: Float(rider.chromaBlue)) }
            red.withUnsafeMutableBufferPointer { painter.paint(into: $0.baseAddress!, centreX: centre, groundY: ground, tall: tall,
                                                               stride: stride, luma: Float(rider.chromaRed)) }
        }
        let lumaCount = scene.width * scene.height
        frame.withUnsafeMutableBufferPointer { out in
            for i in 0..<(w * h) {
                out[lumaCount + i] = UInt8(max(0, min(255, blue[i])))
                out[lumaCount + w * h + i] = UInt8(max(0, min(255, red[i])))
            }
        }
        chromaCanvas = (blue, red)
    }
}
