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
///   Only a cell that stays foreground longer than `staticAbsorbSeconds` is absorbed, or a
///   ghost, sooner, by `GhostRelearning` (through `absorb(at:value:)`).
///
/// The model's arrays are internal (not private) for `classify(cells:mask:time:step:settings:light:)`,
/// the test under light that changes over part of the view (BackgroundModel+LocalLight.swift).
public struct BackgroundModel: Sendable {
    public let cellCount: Int
    /// Learnt luma (0-255) at gain 1.
    var mean: [Float]
    /// Difference (0-255) above which a cell is foreground, at gain 1.
    var threshold: [Float]
    /// Temporal deviation of each cell while learning (0-255, at gain 1), never below the
    /// view's median: the noise of the cell's 2 x 2 mean.
    var noise: [Float]
    /// This frame's signed difference from the course (0-255, `cells - expected`) of every
    /// cell the cell test left as background, 0 on foreground cells: the evidence
    /// `addPooledEvidence` pools over blocks of cells.
    var residual: [Float]
    /// Per cell, the smallest sum over its 2 x 4 block of `residual` (at gain 1) that is
    /// foreground evidence (see `learnPooledLimits`); infinite on the view's border.
    var pooledLimit: [Float]
    /// The grid's width (cells) `pooledLimit` was learnt for; 0 before.
    var pooledColumns = 0
    /// Source time since which each cell has been foreground without a break, where
    /// `foreground` is 1 (elsewhere stale).
    var foregroundSince: [Double]
    /// 1 where the cell has been foreground since `foregroundSince`, 0 where it is background
    /// (or was just absorbed): one byte per cell, so the background, nearly all of the view,
    /// is written eight cells a store.
    var foreground: [UInt8]
    /// Scratch for `classify` and `addPooledEvidence`: the groups of eight cells (or anchors)
    /// left to the cell-by-cell rule.
    var pending: [Int32]
    // Learning accumulators.
    private(set) var sum: [Float]
    private(set) var sumOfSquares: [Float]
    private var learnedFrames = 0
    /// Current global gain (current brightness / learnt brightness).
    public internal(set) var gain: Float = 1
    public private(set) var isLearnt = false

    public init(cellCount: Int) {
        self.cellCount = cellCount
        mean = [Float](repeating: 0, count: cellCount)
        threshold = [Float](repeating: 255, count: cellCount)
        noise = [Float](repeating: 0, count: cellCount)
        residual = [Float](repeating: 0, count: cellCount)
        pooledLimit = [Float](repeating: .infinity, count: cellCount)
        foregroundSince = [Double](repeating: -.infinity, count: cellCount)
        foreground = [UInt8](repeating: 0, count: cellCount)
        pending = [Int32](repeating: 0, count: cellCount / 4 + 1)
        sum = [Float](repeating: 0, count: cellCount)
        sumOfSquares = [Float](repeating: 0, count: cellCount)
    }

    /// Forgets everything learnt or being learnt. (The accumulators are not cleared: the first
    /// frame `accumulate` adds sets them.)
    public mutating func beginLearning() {
        learnedFrames = 0
        isLearnt = false
        gain = 1
        foreground.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
    }

    /// Adds one still frame to the learning accumulators (the first frame sets them: the same
    /// values as adding it to zeros).
    public mutating func accumulate(cells: UnsafePointer<Float>) {
        let first = learnedFrames == 0
        learnedFrames += 1
        let n = cellCount
        sum.withUnsafeMutableBufferPointer { sumBuffer in
            sumOfSquares.withUnsafeMutableBufferPointer { squaresBuffer in
                // Eight cells at a time (the buffers may alias as far as the compiler knows), then one by one.
                let s = sumBuffer.baseAddress!, q = squaresBuffer.baseAddress!
                var i = 0
                if first {
                    while i &+ 8 <= n { let v = load8(cells, i); store8(v, s, i); store8(v * v, q, i); i &+= 8 }
                    while i < n { let v = cells[i]; s[i] = v; q[i] = v * v; i &+= 1 }
                } else {
                    while i &+ 8 <= n {
                        let v = load8(cells, i)
                        store8(load8(s, i) + v, s, i); store8(load8(q, i) + v * v, q, i)
                        i &+= 8
                    }
                    while i < n { let v = cells[i]; s[i] += v; q[i] += v * v; i &+= 1 }
                }
            }
        }
    }

    /// `accumulate(cells:)` after the first frame, and `weighted[i] += weight * cells[i]` in the
    /// same pass (`LearningDrift.accumulate(cells:time:with:)`).
    mutating func accumulate(cells: UnsafePointer<Float>, weight: Float, into weighted: UnsafeMutablePointer<Float>) {
        precondition(learnedFrames > 0)
        learnedFrames += 1
        let n = cellCount, weights = SIMD8<Float>(repeating: weight)
        sum.withUnsafeMutableBufferPointer { sumBuffer in
            sumOfSquares.withUnsafeMutableBufferPointer { squaresBuffer in
                let s = sumBuffer.baseAddress!, q = squaresBuffer.baseAddress!, w = weighted
                var i = 0
                while i &+ 8 <= n {
                    let v = load8(cells, i)
                    store8(load8(s, i) + v, s, i); store8(load8(q, i) + v * v, q, i)
                    store8(load8(w, i) + weights * v, w, i)
                    i &+= 8
                }
                while i < n { let v = cells[i]; s[i] += v; q[i] += v * v; w[i] += weight * v; i &+= 1 }
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
        let contrastFloor = Self.contrastFloor(means: mean, settings: settings)
        for i in 0..<cellCount {
            let deviation = max(threshold[i], noiseFloor)
            noise[i] = deviation
            threshold[i] = max(contrastFloor, settings.noiseDeviations * deviation)
            foreground[i] = 0
        }
        gain = 1
        isLearnt = true
    }

    /// The course was taken over from a learnt one (`realign(from:map:grid:cells:gain:)`): it is
    /// learnt, and nothing is being learnt.
    mutating func finishRealign() {
        learnedFrames = 0
        isLearnt = true
    }

    /// The brightest luma a frame holds: a cell whose learnt value times the gain is above it is
    /// expected at it (a white post band lit beyond what the sensor holds), and its mean moves
    /// only by what it reads below it (a cell reading 255 keeps its mean).
    static let brightest: Float = 255

    /// The smallest difference that counts in a view learnt as `means`: `minimumContrast` in
    /// full light, scaled down with the view's median luma below `contrastFloorReferenceLuma`
    /// (differences of reflectance scale with the light), never below `darkestContrastFloor`.
    static func contrastFloor(means: [Float], settings: VisionSettings) -> Float {
        guard !means.isEmpty, settings.contrastFloorReferenceLuma > 0 else { return settings.minimumContrast }
        var counts = [Int](repeating: 0, count: 256)   // once per calibration, not per frame
        for m in means { counts[Int(min(255, max(0, m)))] += 1 }
        var seen = 0, median: Float = 255
        for (level, n) in counts.enumerated() {
            seen += n
            if seen * 2 >= means.count { median = Float(level) + 0.5; break }
        }
        let scaled = settings.minimumContrast * min(1, median / settings.contrastFloorReferenceLuma)
        return min(settings.minimumContrast, max(settings.darkestContrastFloor, scaled))
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
        classify(cells: cells, previousMask: previousMask, mask: mask, time: time, step: step, settings: settings,
                 quarterLevels: false)
    }

    /// As `classify(cells:previousMask:mask:time:step:settings:)`; `quarterLevels`: every cell
    /// is a multiple of 0.25 in 0...255 (as `AnalysisGrid` samples are), which lets the gain's
    /// sum of cells be added in any order (see `backgroundSums`).
    ///
    /// Eight cells at a time: a group the model explains entirely (nearly every group) is
    /// classified and updated with vector arithmetic, lane by lane the operations of the
    /// cell-by-cell rule; the other groups are listed and then go through that rule.
    mutating func classify(cells: UnsafePointer<Float>, previousMask: UnsafePointer<UInt8>,
                           mask: UnsafeMutablePointer<UInt8>, time: Double, step: Double,
                           settings: VisionSettings, quarterLevels: Bool) -> Double {
        let n = cellCount
        let rate = Self.updateRate(step: step, settings: settings)
        let absorbAfter = settings.staticAbsorbSeconds
        var foregroundCount = 0
        mean.withUnsafeMutableBufferPointer { meanBuffer in
            threshold.withUnsafeBufferPointer { thresholdBuffer in
                foregroundSince.withUnsafeMutableBufferPointer { sinceBuffer in
                    foreground.withUnsafeMutableBufferPointer { foregroundBuffer in
                        pending.withUnsafeMutableBufferPointer { pendingBuffer in
                        residual.withUnsafeMutableBufferPointer { residualBuffer in
                        let mean = meanBuffer.baseAddress!, threshold = thresholdBuffer.baseAddress!
                        let since = sinceBuffer.baseAddress!, isForeground = foregroundBuffer.baseAddress!
                        let pending = pendingBuffer.baseAddress!, residual = residualBuffer.baseAddress!
                        // Gain over last frame's background cells.
                        let (current, learnt) = Self.backgroundSums(cells: cells, means: mean, previousMask: previousMask,
                                                                    count: n, quarterLevels: quarterLevels)
                        if learnt > Float(n) {  // enough background to measure (mean luma > ~1)
                            gain = min(4, max(0.25, current / learnt))
                        }
                        let g = gain
                        let thresholdScale = max(1, g)
                        let brightest = SIMD8<Float>(repeating: Self.brightest)
                        let rateOverGain = rate / g

                        /// The rule for one cell.
                        @inline(__always) func classifyOne(_ i: Int) {
                            // A frame's luma stops at 255: a white band lit above it reads 255, not gain x mean.
                            let expected = min(g * mean[i], Self.brightest)
                            let difference = abs(cells[i] - expected)
                            if difference > threshold[i] * thresholdScale {
                                mask[i] = 1
                                residual[i] = 0
                                foregroundCount += 1
                                if isForeground[i] == 0 {
                                    isForeground[i] = 1
                                    since[i] = time
                                } else if time - since[i] > absorbAfter {
                                    mean[i] = cells[i] / g   // a long-static object becomes scenery
                                    isForeground[i] = 0
                                }
                            } else {
                                mask[i] = 0
                                residual[i] = cells[i] - expected
                                isForeground[i] = 0
                                // (cells - expected) / g: what the course's value moved by. A cell that
                                // reads 255 where it is expected above leaves its mean as it was.
                                mean[i] += rateOverGain * (cells[i] - expected)
                            }
                        }

                        let maskOut = UnsafeMutableRawPointer(mask), foregroundOut = UnsafeMutableRawPointer(isForeground)
                        var listed = 0
                        var i = 0
                        while i &+ 8 <= n {
                            let c = load8(cells, i), m = load8(mean, i)
                            let limit = load8(threshold, i) * thresholdScale
                            // min(gain x mean, 255), written out (the generic `pointwiseMin` is not inlined).
                            let lit = g * m
                            let difference = c - lit.replacing(with: brightest, where: lit .> brightest)
                            if anyLane(difference.magnitudes .> limit) {
                                pending[listed] = Int32(truncatingIfNeeded: i)
                                listed &+= 1
                            } else {
                                maskOut.storeBytes(of: UInt64(0), toByteOffset: i, as: UInt64.self)
                                foregroundOut.storeBytes(of: UInt64(0), toByteOffset: i, as: UInt64.self)
                                store8(difference, residual, i)
                                store8(m + rateOverGain * difference, mean, i)
                            }
                            i &+= 8
                        }
                        var k = 0
                        while k < listed {
                            let start = Int(pending[k])
                            var j = start
                            while j < start &+ 8 { classifyOne(j); j &+= 1 }
                            k &+= 1
                        }
                        while i < n { classifyOne(i); i &+= 1 }
                        }
                        }
                    }
                }
            }
        }
        return Double(foregroundCount) / Double(n)
    }

    /// The sums, in cell order, of `cells` and of `means` over the cells where `previousMask`
    /// is 0: the very additions of a cell-by-cell loop (their order decides the rounding), with
    /// the test done eight cells a word.
    ///
    /// With `quarterLevels` (non-negative multiples of 0.25), every partial sum of cells below
    /// 2^22 is exact in any order, so the cells are summed eight lanes at a time; when their
    /// total is 2^22 or more (a frame far brighter than any view), they are summed again in order.
    @inline(__always)
    static func backgroundSums(cells: UnsafePointer<Float>, means: UnsafePointer<Float>,
                               previousMask: UnsafePointer<UInt8>, count n: Int,
                               quarterLevels: Bool = false) -> (cells: Float, means: Float) {
        // One loop per case, so that neither tests `quarterLevels` per group.
        quarterLevels ? backgroundSums(cells, means, previousMask, n, quarter: true)
                      : backgroundSums(cells, means, previousMask, n, quarter: false)
    }

    /// `backgroundSums` for a known `quarter`: sixteen cells an iteration when their mask is all
    /// background (nearly always), else eight at a time as the two words say.
    @inline(__always)
    private static func backgroundSums(_ cells: UnsafePointer<Float>, _ means: UnsafePointer<Float>,
                                       _ previousMask: UnsafePointer<UInt8>, _ n: Int,
                                       quarter: Bool) -> (cells: Float, means: Float) {
        var current: Float = 0, learnt: Float = 0
        var lanes = SIMD8<Float>.zero
        let maskIn = UnsafeRawPointer(previousMask)
        /// The eight cells from `i` whose mask word is `word`.
        @inline(__always) func eight(_ i: Int, _ word: UInt64) {
            let c = cells + i, m = means + i
            if word == 0 {
                if quarter {
                    lanes += load8(cells, i)
                } else {
                    current += c[0]; current += c[1]; current += c[2]; current += c[3]
                    current += c[4]; current += c[5]; current += c[6]; current += c[7]
                }
                learnt += m[0]; learnt += m[1]; learnt += m[2]; learnt += m[3]
                learnt += m[4]; learnt += m[5]; learnt += m[6]; learnt += m[7]
            } else if word != 0x0101_0101_0101_0101 {   // not all foreground
                var k = 0
                while k < 8 {
                    if previousMask[i &+ k] == 0 { current += c[k]; learnt += m[k] }
                    k &+= 1
                }
            }
        }
        var i = 0
        while i &+ 16 <= n {
            let low = maskIn.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            let high = maskIn.loadUnaligned(fromByteOffset: i &+ 8, as: UInt64.self)
            if low | high == 0 {
                let c = cells + i, m = means + i
                if quarter {
                    lanes += load8(cells, i) + load8(cells, i &+ 8)
                } else {
                    current += c[0]; current += c[1]; current += c[2]; current += c[3]
                    current += c[4]; current += c[5]; current += c[6]; current += c[7]
                    current += c[8]; current += c[9]; current += c[10]; current += c[11]
                    current += c[12]; current += c[13]; current += c[14]; current += c[15]
                }
                learnt += m[0]; learnt += m[1]; learnt += m[2]; learnt += m[3]
                learnt += m[4]; learnt += m[5]; learnt += m[6]; learnt += m[7]
                learnt += m[8]; learnt += m[9]; learnt += m[10]; learnt += m[11]
                learnt += m[12]; learnt += m[13]; learnt += m[14]; learnt += m[15]
            } else {
                eight(i, low)
                eight(i &+ 8, high)
            }
            i &+= 16
        }
        if i &+ 8 <= n {
            eight(i, maskIn.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            i &+= 8
        }
        while i < n {
            if previousMask[i] == 0 { current += cells[i]; learnt += means[i] }
            i &+= 1
        }
        if quarter {
            current += ((lanes[0] + lanes[1]) + (lanes[2] + lanes[3])) + ((lanes[4] + lanes[5]) + (lanes[6] + lanes[7]))
            if current >= 4_194_304 {
                current = 0
                for k in 0..<n where previousMask[k] == 0 { current += cells[k] }
            }
        }
        return (current, learnt)
    }

    /// The fraction of the way a background cell moves toward the current frame, for a frame
    /// `step` seconds after the previous one.
    public static func updateRate(step: Double, settings: VisionSettings) -> Float {
        Float(1 - exp(-max(0, min(step, 1)) / settings.backgroundTimeConstant))
    }

    /// Learns `value` (luma 0-255 at gain 1) in as the course at cell `index` at once: a ghost
    /// (see `GhostRelearning`) becomes scenery, and the cell is background from the next frame.
    mutating func absorb(at index: Int, value: Float) {
        mean[index] = value
        foreground[index] = 0
    }

    /// Learns cell `index` again from one frame's `value` (luma 0-255 at gain 1), its noise being
    /// `noiseFloor` (at least the view's median): a cell the light swept over while the course was learnt (see
    /// `LearningDrift`), whose mean and deviation over the window tell nothing.
    mutating func relearn(at index: Int, value: Float, noiseFloor: Float, settings: VisionSettings) {
        mean[index] = value
        noise[index] = noiseFloor
        threshold[index] = max(settings.minimumContrast, settings.noiseDeviations * noiseFloor)
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

extension SIMD8 where Scalar == Float {
    /// `abs` of each lane: the sign bits cleared (the generic `pointwiseMax` is not inlined).
    @inline(__always)
    var magnitudes: SIMD8<Float> {
        unsafeBitCast(unsafeBitCast(self, to: SIMD8<UInt32>.self) & SIMD8<UInt32>(repeating: 0x7FFF_FFFF), to: SIMD8<Float>.self)
    }
}

/// Whether any lane of `mask` is set: the lanes folded with bitwise or (the generic `any`
/// is not always inlined).
@inline(__always)
func anyLane(_ mask: SIMDMask<SIMD8<Int32>>) -> Bool {
    let lanes = unsafeBitCast(mask, to: SIMD8<Int32>.self)
    let folded = lanes.lowHalf | lanes.highHalf
    let pair = folded.lowHalf | folded.highHalf
    return (pair[0] | pair[1]) != 0
}

/// Eight floats from `base + index` (no alignment needed).
@inline(__always)
func load8(_ base: UnsafePointer<Float>, _ index: Int) -> SIMD8<Float> {
    UnsafeRawPointer(base + index).loadUnaligned(as: SIMD8<Float>.self)
}

@inline(__always)
func load8(_ base: UnsafeMutablePointer<Float>, _ index: Int) -> SIMD8<Float> {
    UnsafeRawPointer(base + index).loadUnaligned(as: SIMD8<Float>.self)
}

@inline(__always)
func store8(_ value: SIMD8<Float>, _ base: UnsafeMutablePointer<Float>, _ index: Int) {
    UnsafeMutableRawPointer(base + index).storeBytes(of: value, as: SIMD8<Float>.self)
}
