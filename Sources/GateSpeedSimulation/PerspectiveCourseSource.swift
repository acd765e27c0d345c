import GateSpeedFrames

/// Frames of a `PerspectiveScene` at real cadence: nominal period plus timestamp jitter, with
/// dropped frames skipping sequence numbers, sensor noise and light drift.
///
/// Delivers 8-bit grey frames (or I420 colour frames when the scene is in colour) from a buffer
/// it owns and reuses (no allocation per frame); the frame is lent to `nextFrame`'s closure only.
public struct PerspectiveCourseSource: FrameSource, Sendable {
    public let scene: PerspectiveScene
    public var frameWidth: Int { scene.camera.width }
    public var frameHeight: Int { scene.camera.height }
    public var nominalFramesPerSecond: Double { scene.framesPerSecond }
    public private(set) var statistics = FrameSourceStatistics()

    private var renderer: PerspectiveRenderer
    private var canvas: [Float]
    private var chromaBlue: [Float] = [], chromaRed: [Float] = []
    private var frame: [UInt8]
    private var noise: [Float]
    private var random: SeededRandom
    private var index: UInt64 = 0
    private var lastTimestamp = -Double.infinity

    public init(scene: PerspectiveScene) {
        precondition(!scene.colour || (scene.camera.width % 2 == 0 && scene.camera.height % 2 == 0),
                     "colour (I420) frames need an even width and height")
        self.scene = scene
        let w = scene.camera.width, h = scene.camera.height
        renderer = PerspectiveRenderer(scene: scene)
        canvas = [Float](repeating: 0, count: w * h)
        if scene.colour {
            chromaBlue = [Float](repeating: 128, count: (w / 2) * (h / 2))
            chromaRed = chromaBlue
        }
        frame = [UInt8](repeating: 128, count: w * h * (scene.colour ? 3 : 2) / 2)
        random = SeededRandom(seed: scene.seed)
        // A pool of noise, read from a random place each frame: cheap and never repeating exactly.
        let poolSize = w * h + 4099
        noise = [Float](repeating: 0, count: poolSize)
        for i in 0..<poolSize { noise[i] = Float(random.gaussian() * scene.noise) }
    }

    /// Nominal time of frame `index` (before jitter), seconds.
    public func nominalTime(ofFrame index: UInt64) -> Double { Double(index) / scene.framesPerSecond }

    /// Light level at scene time `t` (1 = as at the start).
    public func lightLevel(at t: Double) -> Double {
        1 + scene.lightDrift * perspectiveSineCosine(6.283185307179586 * t / scene.lightDriftPeriod).sin
    }

    public mutating func nextFrame(_ body: (VideoFrame) -> Void) -> FrameOutcome {
        // Drop frames the way a busy camera does: the sequence number moves on, no frame comes.
        while true {
            let t = nominalTime(ofFrame: index)
            guard t <= scene.duration else { return .endOfStream }
            if index > 0 && scene.dropFraction > 0 && random.unit() < scene.dropFraction {
                index += 1
                statistics.dropped += 1
                continue
            }
            break
        }
        var t = nominalTime(ofFrame: index)
        if scene.timestampJitter > 0 {
            t += random.uniform(-scene.timestampJitter...scene.timestampJitter)
            t = max(t, lastTimestamp + 1e-4)  // a camera clock never runs backwards
        }
        lastTimestamp = t
        render(at: t)
        let sequence = index
        index += 1
        statistics.delivered += 1
        lend(timestamp: t, sequence: sequence, body)
        return .delivered
    }

    /// A still of the scene at time `t` (seconds), as the camera would deliver it (light level and
    /// noise included), lent to `body` like a frame; for marking posts and for tests. Without
    /// `people`, the empty course (the background a detector learns). It does not move the source
    /// on: cadence, statistics and the random sequence are untouched, and the frame is stamped `t`
    /// with sequence number 0.
    public mutating func still(at t: Double, people: Bool = true, _ body: (VideoFrame) -> Void) {
        render(at: t, people: people, noiseStart: 0)
        lend(timestamp: t, sequence: 0, body)
    }

    /// Hands the frame buffer to `body` as a grey or I420 frame.
    private func lend(timestamp t: Double, sequence: UInt64, _ body: (VideoFrame) -> Void) {
        let w = frameWidth, h = frameHeight
        let colour = scene.colour
        frame.withUnsafeBytes { raw in
            let plane = Plane(base: raw.baseAddress!, width: w, height: h, rowStride: w)
            if colour {
                let cw = w / 2, ch = h / 2
                let blue = Plane(base: raw.baseAddress! + w * h, width: cw, height: ch, rowStride: cw)
                let red = Plane(base: raw.baseAddress! + w * h + cw * ch, width: cw, height: ch, rowStride: cw)
                body(VideoFrame(luma: plane, chromaBlue: blue, chromaRed: red, timestamp: t, sequence: sequence))
            } else {
                body(VideoFrame(luma: plane, timestamp: t, sequence: sequence))
            }
        }
    }

    private mutating func render(at t: Double) {
        render(at: t, people: true, noiseStart: Int(random.next() % 4096))
    }

    private mutating func render(at t: Double, people: Bool, noiseStart: Int) {
        renderer.render(at: t, people: people, luma: &canvas, blue: &chromaBlue, red: &chromaRed)
        let count = frameWidth * frameHeight
        let light = Float(lightLevel(at: t))
        let colour = scene.colour
        canvas.withUnsafeBufferPointer { c in
            noise.withUnsafeBufferPointer { n in
                frame.withUnsafeMutableBufferPointer { out in
                    for i in 0..<count {
                        let v = c[i] * light + n[noiseStart + i]
                        out[i] = UInt8(max(0, min(255, v)))
                    }
                    if colour {
                        let quarter = count / 4
                        chromaBlue.withUnsafeBufferPointer { b in
                            chromaRed.withUnsafeBufferPointer { r in
                                for i in 0..<quarter {
                                    out[count + i] = UInt8(max(0, min(255, b[i])))
                                    out[count + quarter + i] = UInt8(max(0, min(255, r[i])))
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
