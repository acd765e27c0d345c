import GateSpeedFrames
import GateSpeedSimulation
import GateSpeedVision

/// How well the detector's foot point matched the truth over a run, in view pixels.
struct FootStatistics: CustomStringConvertible {
    var frames = 0
    var sumSquaredY = 0.0, sumY = 0.0, worstY = 0.0
    var sumSquaredX = 0.0
    /// Sum of (error / claimed sigma)^2: about 1 per frame when `footSigma` is honest.
    var sumSquaredZ = 0.0
    var sumSquaredHeight = 0.0

    mutating func add(errorY: Double, errorX: Double, sigmaPixels: Double, heightError: Double) {
        frames += 1
        sumSquaredY += errorY * errorY; sumY += errorY; worstY = max(worstY, abs(errorY))
        sumSquaredX += errorX * errorX
        sumSquaredZ += (errorY / max(1e-9, sigmaPixels)) * (errorY / max(1e-9, sigmaPixels))
        sumSquaredHeight += heightError * heightError
    }

    var rmsY: Double { (sumSquaredY / Double(max(1, frames))).squareRoot() }
    var biasY: Double { sumY / Double(max(1, frames)) }
    var rmsX: Double { (sumSquaredX / Double(max(1, frames))).squareRoot() }
    /// rms of error / sigma (1 for an honest sigma).
    var rmsZ: Double { (sumSquaredZ / Double(max(1, frames))).squareRoot() }
    var rmsHeight: Double { (sumSquaredHeight / Double(max(1, frames))).squareRoot() }

    var description: String {
        "\(frames) frames: footY rms \(rounded(rmsY)) px (bias \(rounded(biasY)), worst \(rounded(worstY))), "
            + "footX rms \(rounded(rmsX)) px, error/sigma rms \(rounded(rmsZ)), height rms \(rounded(rmsHeight)) px"
    }

    private func rounded(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }
}

enum FootMeasurement {
    /// Runs `scene` (one rider, no camera shake) through the detector and compares the rider's
    /// foot with the painted one: the feet's bottom edge is the pixel boundary `Int(groundY * height)`
    /// (the painter fills whole rows), their centre the rider's x. Frames with the rider's centre
    /// within `margin` of the view's sides are left out (the region is cut by the border). `clear`:
    /// the frames with the rider away from the posts.
    static func simulated(_ scene: SimulatedScene, margin: Double = 0.05) -> (all: FootStatistics, clear: FootStatistics) {
        let rider = scene.riders[0]
        let w = Double(scene.width), h = Double(scene.height)
        let trueFoot = Double(Int(rider.groundY * h))
        let trueTall = rider.heightFraction * h
        var source = SimulatedCourseSource(scene: scene)
        var detector = RiderDetector()
        var all = FootStatistics(), clear = FootStatistics()
        while source.nextFrame({ frame in
            let out = detector.process(frame)
            guard let seen = out.rider else { return }
            let x = scene.x(of: rider, at: frame.timestamp)
            guard x > margin && x < 1 - margin else { return }
            let errors = (y: seen.footY * h - trueFoot, x: seen.footX * w - x * w, height: seen.heightPixels - trueTall)
            all.add(errorY: errors.y, errorX: errors.x, sigmaPixels: seen.footSigma * h, heightError: errors.height)
            // In front of a post the legs can vanish (a dark leg on the dark pole).
            if !scene.posts.contains(where: { abs($0 - x) < 0.02 }) {
                clear.add(errorY: errors.y, errorX: errors.x, sigmaPixels: seen.footSigma * h, heightError: errors.height)
            }
        }) == .delivered {}
        return (all, clear)
    }
}

/// A grey course with one person drawn with anti-aliased edges (each pixel takes the fraction
/// of its area the body covers), so the feet end anywhere within a pixel: the scene a sub-pixel
/// foot measurement must get right and a whole-row one cannot. The rider walks across the view
/// while coming slowly nearer (the feet go down by `footDrift` of the view height over the walk).
struct AntialiasedCourse {
    var width = 640
    var height = 480
    var noise = 2.5
    var seed: UInt64 = 7
    /// Head-to-foot height, fraction of the view height.
    var heightFraction = 0.1
    var footStart = 0.72
    var footDrift = 0.03
    var figureLuma: Float = 45
    /// Scale of the background's smooth shading (1: ±28 luma over the view).
    var shading = 1.0
    /// A painted line across the ground: its pixel row, and how much brighter it is than the ground.
    var line: (row: Int, brighter: Float)?
    /// Seconds of empty course (the detector learns it), then seconds of the walk.
    var emptySeconds = 2.0
    var walkSeconds = 4.0
    var framesPerSecond = 30.0

    struct Truth { var footX: Double, footY: Double, topY: Double }

    /// Feet and head, view pixels, at scene time `t` (nil while the course is empty).
    func truth(at t: Double) -> Truth? {
        guard t >= emptySeconds else { return nil }
        let f = (t - emptySeconds) / walkSeconds
        let foot = (footStart + footDrift * f) * Double(height)
        let tall = heightFraction * Double(height) * (1 + 0.3 * footDrift * f)
        return Truth(footX: (0.08 + 0.84 * f) * Double(width), footY: foot, topY: foot - tall)
    }

    /// Every frame in order: `body(frame, truth)`.
    func run(_ body: (VideoFrame, Truth?) -> Void) {
        let w = width, h = height
        var random = SeededRandom(seed: seed)
        var background = [Float](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                let smooth = shading * (18 * sine(Double(x) * 0.031 + Double(y) * 0.017) + 10 * sine(Double(y) * 0.05))
                background[y * w + x] = Float(112 + smooth + random.uniform(-8...8))
            }
        }
        if let line, line.row >= 0, line.row < h {
            for x in 0..<w { background[line.row * w + x] += line.brighter }
        }
        var pixels = [UInt8](repeating: 0, count: w * h)
        var coverage = [Float](repeating: 0, count: w * h)
        let frames = Int(((emptySeconds + walkSeconds) * framesPerSecond).rounded(.down))
        for index in 0..<frames {
            let t = Double(index) / framesPerSecond
            let truth = truth(at: t)
            for i in 0..<(w * h) { coverage[i] = 0 }
            if let truth { paintFigure(truth, stride: t * 6, into: &coverage) }
            for i in 0..<(w * h) {
                let c = coverage[i]
                let v = background[i] * (1 - c) + figureLuma * c + Float(random.gaussian() * noise)
                pixels[i] = UInt8(max(0, min(255, v.rounded())))
            }
            pixels.withUnsafeBytes { raw in
                body(VideoFrame(luma: Plane(base: raw.baseAddress!, width: w, height: h, rowStride: w),
                                timestamp: t, sequence: UInt64(index)), truth)
            }
        }
    }

    /// Head (a disc), torso and two legs (upright bars whose spacing swings with `stride`), as
    /// coverage 0...1 per pixel: exact for the bars, 8 x 8 samples per pixel for the head.
    private func paintFigure(_ truth: Truth, stride: Double, into coverage: inout [Float]) {
        let tall = truth.footY - truth.topY, cx = truth.footX
        let radius = 0.075 * tall
        let hips = truth.topY + 0.55 * tall
        rectangle(x0: cx - 0.13 * tall, x1: cx + 0.13 * tall, y0: truth.topY + 0.17 * tall, y1: hips, into: &coverage)
        let spread = 0.04 * tall + 0.08 * tall * abs(sine(stride))
        for side in [-1.0, 1.0] {
            let legX = cx + side * spread
            rectangle(x0: legX - 0.045 * tall, x1: legX + 0.045 * tall, y0: hips, y1: truth.footY, into: &coverage)
        }
        disc(cx: cx, cy: truth.topY + radius, radius: radius, into: &coverage)
    }

    private func rectangle(x0: Double, x1: Double, y0: Double, y1: Double, into coverage: inout [Float]) {
        let w = width, h = height
        for y in max(0, Int(y0.rounded(.down)))..<min(h, Int(y1.rounded(.up))) {
            let cy = min(Double(y + 1), y1) - max(Double(y), y0)
            guard cy > 0 else { continue }
            for x in max(0, Int(x0.rounded(.down)))..<min(w, Int(x1.rounded(.up))) {
                let cx = min(Double(x + 1), x1) - max(Double(x), x0)
                guard cx > 0 else { continue }
                coverage[y * w + x] = min(1, coverage[y * w + x] + Float(cx * cy))
            }
        }
    }

    private func disc(cx: Double, cy: Double, radius: Double, into coverage: inout [Float]) {
        let w = width, h = height
        for y in max(0, Int((cy - radius).rounded(.down)))..<min(h, Int((cy + radius).rounded(.up))) {
            for x in max(0, Int((cx - radius).rounded(.down)))..<min(w, Int((cx + radius).rounded(.up))) {
                var inside = 0
                for sy in 0..<8 {
                    for sx in 0..<8 {
                        let dx = Double(x) + (Double(sx) + 0.5) / 8 - cx, dy = Double(y) + (Double(sy) + 0.5) / 8 - cy
                        if dx * dx + dy * dy < radius * radius { inside += 1 }
                    }
                }
                coverage[y * w + x] = max(coverage[y * w + x], Float(inside) / 64)
            }
        }
    }

    /// Runs the course through a detector and compares its foot and head with the truth.
    func measure(settings: VisionSettings = VisionSettings()) -> FootStatistics {
        var detector = RiderDetector(settings: settings)
        var statistics = FootStatistics()
        let h = Double(height), w = Double(width)
        run { frame, truth in
            let out = detector.process(frame)
            guard let truth, let seen = out.rider else { return }
            guard truth.footX > 0.05 * w && truth.footX < 0.95 * w else { return }
            statistics.add(errorY: seen.footY * h - truth.footY, errorX: seen.footX * w - truth.footX,
                           sigmaPixels: seen.footSigma * h,
                           heightError: seen.heightPixels - (truth.footY - truth.topY))
        }
        return statistics
    }
}

/// sin(x) without Foundation.
func sine(_ x: Double) -> Double {
    let twoPi = 6.283185307179586
    var r = x - twoPi * (x / twoPi).rounded()
    if r > 1.5707963267948966 { r = 3.141592653589793 - r } else if r < -1.5707963267948966 { r = -3.141592653589793 - r }
    let r2 = r * r
    return r * (1 - r2 / 6 * (1 - r2 / 20 * (1 - r2 / 42 * (1 - r2 / 72))))
}
