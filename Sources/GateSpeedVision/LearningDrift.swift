/// Whether the light swept over part of the view while the course was being learnt: a cloud's
/// shadow front moving across the ground. Its edge is soft and moves a few pixels a frame, so
/// from one frame to the next the view looks still (the change is below the noise), yet over
/// the calibration window every cell it passes steps down (or up) by the sun's share of the
/// light; learnt so, the course holds a smear of the front, which shows as foreground where the
/// front was, and at once as a body-sized region moving at wind speed.
///
/// Each still frame's cells are accumulated against time; at the end of the window each cell's
/// linear trend over it, less the trend of the whole view's gain (light drift, auto exposure,
/// which scale every cell alike), is the change the cell saw over the window. A cell whose
/// change exceeds the minimum contrast and five times what its own noise gives such a fit has
/// drifted, and is learnt from the window's last frame instead of its mean.
///
/// Allocation-free per frame: one buffer sized for the grid; only still calibration frames pay
/// one multiply-add a cell.
struct LearningDrift: Sendable {
    /// Per cell: the sum of (time since the first frame) x value over the frames accumulated.
    private(set) var weighted: [Float]
    private var frames = 0
    private var firstTime = 0.0, lastTime = 0.0
    /// Sums of the frames' times (since the first) and their squares, seconds.
    private var sumOfTimes = 0.0, sumOfSquaredTimes = 0.0
    private var noiseHistogram = LevelHistogram()

    init(cellCount: Int) {
        weighted = [Float](repeating: 0, count: cellCount)
    }

    /// Forgets the frames accumulated (learning starts again). `weighted` is not cleared: the
    /// first frame `accumulate` adds sets it.
    mutating func reset() {
        frames = 0
        sumOfTimes = 0; sumOfSquaredTimes = 0
    }

    /// Adds the still frame `cells` taken at source time `time`, seconds (the same frames, in the
    /// same order, as `BackgroundModel.accumulate(cells:)`).
    mutating func accumulate(cells: UnsafePointer<Float>, time: Double) {
        let t = noteFrame(at: time)
        let weight = Float(t), weights = SIMD8<Float>(repeating: Float(t))
        let first = frames == 1
        weighted.withUnsafeMutableBufferPointer { buffer in
            // Eight cells at a time (the buffers may alias as far as the compiler knows). The first
            // frame sets each sum to its product (t = 0: the same zeros as adding it to zeros).
            let w = buffer.baseAddress!, n = buffer.count
            var i = 0
            if first {
                while i &+ 8 <= n { store8(weights * load8(cells, i), w, i); i &+= 8 }
                while i < n { w[i] = weight * cells[i]; i &+= 1 }
            } else {
                while i &+ 8 <= n { store8(load8(w, i) + weights * load8(cells, i), w, i); i &+= 8 }
                while i < n { w[i] += weight * cells[i]; i &+= 1 }
            }
        }
    }

    /// `accumulate(cells:time:)` and `background.accumulate(cells:)` in one pass over the cells
    /// (the same sums, lane by lane the same operations), when neither starts on this frame (else
    /// the two calls).
    mutating func accumulate(cells: UnsafePointer<Float>, time: Double, with background: inout BackgroundModel) {
        guard frames > 0 && background.framesLearnt > 0 && weighted.count == background.cellCount else {
            background.accumulate(cells: cells)
            return accumulate(cells: cells, time: time)
        }
        let t = noteFrame(at: time)
        weighted.withUnsafeMutableBufferPointer { background.accumulate(cells: cells, weight: Float(t), into: $0.baseAddress!) }
    }

    /// Counts one more frame, taken at source time `time` (the first sets the origin), in the
    /// time sums; returns its time since the first frame, seconds.
    private mutating func noteFrame(at time: Double) -> Double {
        if frames == 0 { firstTime = time }
        lastTime = time
        frames += 1
        let t = time - firstTime
        sumOfTimes += t
        sumOfSquaredTimes += t * t
        return t
    }

    /// Relearns from `latest` (the window's last frame) every cell of `background` (learnt from
    /// the same frames, `finishLearning` done) that changed over the window by more than the
    /// minimum contrast and five times what its own noise (its deviation about its trend: a
    /// shaken edge's is large, a swept cell's is the sensor's) gives such a fit, beyond the
    /// change of the view's gain: the course is then the course in the light of now, which the
    /// light field (`LocalLight`) follows as the front moves on. Returns how many cells were relearnt.
    mutating func relearnSwept(_ background: inout BackgroundModel, latest: UnsafePointer<Float>,
                               settings: VisionSettings) -> Int {
        let n = weighted.count
        guard frames >= 3, n == background.cellCount else { return 0 }
        let count = Double(frames)
        let meanTime = sumOfTimes / count
        let timeVariance = sumOfSquaredTimes / count - meanTime * meanTime
        let window = lastTime - firstTime
        guard timeVariance > 1e-9, window > 0 else { return 0 }
        let centre = Float(meanTime), perFrame = Float(1 / count), variance = Float(timeVariance)
        /// A cell's least-squares slope over the window, levels a second.
        @inline(__always) func slope(_ i: Int, _ m: Float) -> Float { (weighted[i] * perFrame - centre * m) / variance }
        // The view's gain trend: the slope of the sum of cells, relative to their sum.
        var totalSlope: Float = 0, total: Float = 0
        noiseHistogram.clear()
        for i in 0..<n {
            let m = background.learntValue(at: i)
            totalSlope += slope(i, m)
            total += m
            noiseHistogram.add(background.noiseValue(at: i))
        }
        guard total > 0 else { return 0 }
        let gainSlope = totalSlope / total
        // `finishLearning` floors every cell's noise at the view's median.
        let noiseFloor = noiseHistogram.median
        // A fit's change over the window, for noise σ about the trend, deviates by σ x this.
        let fitNoise = Float(window / (count * timeVariance).squareRoot())
        var relearnt = 0
        for i in 0..<n {
            let m = background.learntValue(at: i)
            let b = slope(i, m)
            let change = (b - gainSlope * m) * Float(window)
            let deviation = background.noiseValue(at: i)
            let residual = max(0, deviation * deviation - b * b * variance).squareRoot()
            if abs(change) > max(settings.minimumContrast, 5 * residual * fitNoise) {
                background.relearn(at: i, value: latest[i], noiseFloor: max(noiseFloor, residual), settings: settings)
                relearnt &+= 1
            }
        }
        return relearnt
    }
}
