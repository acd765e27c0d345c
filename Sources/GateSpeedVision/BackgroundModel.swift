/// The learnt empty course, one value per grid cell, and the foreground test against it.
///
/// - Learning: while the scene is still, each cell's mean and temporal deviation are
///   accumulated; `finishLearning` turns them into the model.
/// - Global gain: each frame, the ratio of current to learnt brightness over the cells that
///   were background in the previous frame, so a cloud or an auto-exposure step moves the
///   whole model instead of lighting up the whole view.
/// - Threshold per cell: the larger of a fixed minimum contrast and a multiple of the cell's
///   temporal deviation while learning (sensor noise, compression flicker, and on edges the
///   camera's tremble), never less than the view's median deviation.
/// - Update: background cells follow slow light changes with a time constant; foreground
///   cells are never updated, so a rider who stops is never learnt in and leaves no ghost.
///   Only a cell that stays foreground longer than `staticAbsorbSeconds` is absorbed.
public struct BackgroundModel: Sendable {
    public let cellCount: Int
    /// Learnt luma (0-255) at gain 1.
    private var mean: [Float]
    /// Difference (0-255) above which a cell is foreground, at gain 1.
    private var threshold: [Float]
    /// Temporal deviation of each cell while learning (0-255, at gain 1), never below the
    /// view's median: the noise of the cell's 2 x 2 mean.
    private var noise: [Float]
    /// Source time since which each cell has been foreground without a break (or -inf).
    private var foregroundSince: [Double]
    // Learning accumulators.
    private var sum: [Float]
    private var sumOfSquares: [Float]
    private var learnedFrames = 0
    /// Current global gain (current brightness / learnt brightness).
    public private(set) var gain: Float = 1
    public private(set) var isLearnt = false

    public init(cellCount: Int) {
        self.cellCount = cellCount
        mean = [Float](repeating: 0, count: cellCount)
        threshold = [Float](repeating: 255, count: cellCount)
        noise = [Float](repeating: 0, count: cellCount)
        foregroundSince = [Double](repeating: -.infinity, count: cellCount)
        sum = [Float](repeating: 0, count: cellCount)
        sumOfSquares = [Float](repeating: 0, count: cellCount)
    }

    /// Forgets everything learnt or being learnt.
    public mutating func beginLearning() {
        learnedFrames = 0
        isLearnt = false
        gain = 1
        for i in 0..<cellCount {
            sum[i] = 0; sumOfSquares[i] = 0
            foregroundSince[i] = -.infinity
        }
    }

    /// Adds one still frame to the learning accumulators.
    public mutating func accumulate(cells: UnsafePointer<Float>) {
        learnedFrames += 1
        sum.withUnsafeMutableBufferPointer { s in
            sumOfSquares.withUnsafeMutableBufferPointer { q in
                for i in 0..<cellCount {
                    let v = cells[i]
                    s[i] += v; q[i] += v * v
                }
            }
        }
    }

    public var framesLearnt: Int { learnedFrames }

    /// Turns the accumulated still frames into the model.
    public mutating func finishLearning(settings: VisionSettings) {
        guard learnedFrames > 0 else { return }
        let n = Float(learnedFrames)
        var noiseHistogram = LevelHistogram()
        for i in 0..<cellCount {
            let m = sum[i] / n
            mean[i] = m
            // Keep the cell's temporal deviation in `threshold` for now. Camera shake during
            // learning shows up here too, on edges, which is what lets the threshold absorb it.
            threshold[i] = max(0, sumOfSquares[i] / n - m * m).squareRoot()
            noiseHistogram.add(threshold[i])
        }
        // A cell that happened to look calm over a short window must not get a hair trigger:
        // its noise is at least the view's median noise.
        let noiseFloor = noiseHistogram.median
        for i in 0..<cellCount {
            let deviation = max(threshold[i], noiseFloor)
            noise[i] = deviation
            threshold[i] = max(settings.minimumContrast, settings.noiseDeviations * deviation)
            foregroundSince[i] = -.infinity
        }
        gain = 1
        isLearnt = true
    }

    /// Classifies `cells` into `mask` (1 = foreground), given last frame's mask for the gain
    /// estimate, then updates the model. Returns the fraction of cells that are foreground.
    ///
    /// - Parameters:
    ///   - time: source time of the frame, seconds.
    ///   - step: seconds since the previous frame (for the update rate).
    public mutating func classify(cells: UnsafePointer<Float>, previousMask: UnsafePointer<UInt8>,
                                  mask: UnsafeMutablePointer<UInt8>, time: Double, step: Double,
                                  settings: VisionSettings) -> Double {
        let n = cellCount
        let rate = Self.updateRate(step: step, settings: settings)
        let absorbAfter = settings.staticAbsorbSeconds
        var foregroundCount = 0
        mean.withUnsafeMutableBufferPointer { mean in
            threshold.withUnsafeBufferPointer { threshold in
                foregroundSince.withUnsafeMutableBufferPointer { since in
                    // Gain over last frame's background cells.
                    var current: Float = 0, learnt: Float = 0
                    for i in 0..<n where previousMask[i] == 0 {
                        current += cells[i]; learnt += mean[i]
                    }
                    if learnt > Float(n) {  // enough background to measure (mean luma > ~1)
                        gain = min(4, max(0.25, current / learnt))
                    }
                    let g = gain
                    let thresholdScale = max(1, g)
                    for i in 0..<n {
                        let expected = g * mean[i]
                        let difference = abs(cells[i] - expected)
                        if difference > threshold[i] * thresholdScale {
                            mask[i] = 1
                            foregroundCount += 1
                            if since[i] == -.infinity {
                                since[i] = time
                            } else if time - since[i] > absorbAfter {
                                mean[i] = cells[i] / g   // a long-static object becomes scenery
                                since[i] = -.infinity
                            }
                        } else {
                            mask[i] = 0
                            since[i] = -.infinity
                            mean[i] += rate * (cells[i] / g - mean[i])
                        }
                    }
                }
            }
        }
        return Double(foregroundCount) / Double(n)
    }

    /// The fraction of the way a background cell moves toward the current frame, for a frame
    /// `step` seconds after the previous one.
    public static func updateRate(step: Double, settings: VisionSettings) -> Float {
        Float(1 - exp(-max(0, min(step, 1)) / settings.backgroundTimeConstant))
    }

    /// The learnt value of one cell (for tests and overlays).
    public func learntValue(at index: Int) -> Float { mean[index] }
    /// The foreground threshold of one cell at gain 1.
    public func thresholdValue(at index: Int) -> Float { threshold[index] }
    /// The learnt temporal deviation of one cell's value (0-255, gain 1), floored at the view's median.
    public func noiseValue(at index: Int) -> Float { noise[index] }

    /// Calls `body` with the learnt means (luma 0-255 at gain 1, one per cell, row-major),
    /// without copying them.
    func withMeans<R>(_ body: (UnsafeBufferPointer<Float>) -> R) -> R {
        mean.withUnsafeBufferPointer(body)
    }
}

@inline(__always)
private func exp(_ x: Double) -> Double {
    // e^x without Foundation, only ever needed for -1 <= x <= 0 (the per-frame update
    // rate): a 16-term Taylor series is accurate to far below 1e-9 there.
    var term = 1.0, total = 1.0
    for k in 1...16 {
        term *= x / Double(k)
        total += term
    }
    return total
}
