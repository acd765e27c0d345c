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
    public var statistics: FrameSourceStatistics { cadence.statistics }

    private var renderer: PerspectiveRenderer
    private var canvas: [Float]
    private var chromaBlue: [Float] = [], chromaRed: [Float] = []
    private var frame: [UInt8]
    private var noise: [Float]
    private var random: SeededRandom
    private var cadence: SimulatedCadence

    public init(scene: PerspectiveScene) {
        precondition(!scene.colour || (scene.camera.width % 2 == 0 && scene.camera.height % 2 == 0),
                     "colour (I420) frames need an even width and height")
        self.scene = scene
        cadence = SimulatedCadence(framesPerSecond: scene.framesPerSecond, duration: scene.duration,
                                   dropFraction: scene.dropFraction, jitter: scene.timestampJitter)
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
    public func nominalTime(ofFrame index: UInt64) -> Double { cadence.nominalTime(ofFrame: index) }

    /// Light level at scene time `t` (1 = daylight as at the start), the scene's contrast scale
    /// included. Luma and the chroma's departure from grey are both scaled by it.
    public func lightLevel(at t: Double) -> Double {
        scene.contrastScale * (1 + scene.lightDrift * perspectiveSineCosine(6.283185307179586 * t / scene.lightDriftPeriod).sin)
    }

    public mutating func nextFrame(_ body: (VideoFrame) -> Void) -> FrameOutcome {
        guard let (t, sequence) = cadence.next(random: &random) else { return .endOfStream }
        render(at: t)
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
        lendSimulatedFrame(frame, width: frameWidth, height: frameHeight, colour: scene.colour, timestamp: t,
                           sequence: sequence, body)
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
                                    out[count + i] = UInt8(max(0, min(255, 128 + (b[i] - 128) * light)))
                                    out[count + quarter + i] = UInt8(max(0, min(255, 128 + (r[i] - 128) * light)))
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
