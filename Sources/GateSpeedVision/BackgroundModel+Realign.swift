/// The learnt course moved with a bumped camera (see `CourseAlignment`): how well a frame of the
/// settled view fits the course read through the map, and the course taken over through it.
extension BackgroundModel {
    /// How a frame fits the learnt course read through a map.
    public struct AlignmentFit: Sendable {
        /// Gain of the frame over the course (current / learnt brightness).
        public var gain: Float = 1
        /// Cells the map reads inside the learnt view, and those whose value (at the gain) lies
        /// within the range of the four learnt cells around where they now look, and their noise.
        public var inside = 0, matched = 0
        /// Of those, the cells on an edge (their four learnt cells differ by more than the
        /// threshold), and those matched: a view too plain has too few edges to tell a map.
        public var edges = 0, edgesMatched = 0
        public var matchedShare: Double { Double(matched) / Double(max(1, inside)) }
        public var edgeShare: Double { Double(edgesMatched) / Double(max(1, edges)) }
    }

    /// Writes into `aligned` the learnt course read through `map` (NaN outside the learnt view)
    /// and tells how `cells` (a frame, row-major) fits it. Once per attempt after a bump.
    func fit(cells: UnsafePointer<Float>, map: CourseAlignment, grid: CourseAlignment.Grid,
             aligned: UnsafeMutablePointer<Float>) -> AlignmentFit {
        let w = grid.columns, h = grid.rows, n = w * h
        var fit = AlignmentFit()
        guard n <= cellCount else { return fit }
        // The learnt course read through the map (NaN outside the learnt view).
        mean.withUnsafeBufferPointer { meanBuffer in
            let means = meanBuffer.baseAddress!
            for r in 0..<h {
                for c in 0..<w { aligned[r * w + c] = map.value(means, column: c, row: r, grid: grid) ?? .nan }
            }
        }
        // The gain over the cells inside, then again over those it explains (people left out).
        func gain(_ limit: Float?) -> Float {
            var current: Float = 0, learnt: Float = 0
            for i in 0..<n where !aligned[i].isNaN {
                if let limit, abs(cells[i] - limit * aligned[i]) > limit * threshold[i] { continue }
                current += cells[i]; learnt += aligned[i]
            }
            return learnt > 0 ? current / learnt : 1
        }
        var g = gain(nil)
        g = gain(max(g, 1e-3))
        fit.gain = g
        let scale = max(1, g)
        for r in 1..<(h - 1) {
            for c in 1..<(w - 1) {
                let i = r * w + c
                let a = aligned[i]
                guard !a.isNaN else { continue }
                let s = map.source(column: c, row: r, grid: grid)
                guard let k = CourseAlignment.corners(x: s.x, y: s.y, grid: grid) else { continue }
                let low = min(min(mean[k.i00], mean[k.i01]), min(mean[k.i10], mean[k.i11]))
                let high = max(max(mean[k.i00], mean[k.i01]), max(mean[k.i10], mean[k.i11]))
                let margin = 2 * max(max(noise[k.i00], noise[k.i01]), max(noise[k.i10], noise[k.i11])) + 1
                let limit = scale * threshold[i]
                fit.inside += 1
                let v = cells[i] / g
                let matched = v >= low - margin && v <= high + margin
                if matched { fit.matched += 1 }
                if g * (high - low) > limit {
                    fit.edges += 1
                    if matched { fit.edgesMatched += 1 }
                }
            }
        }
        return fit
    }

    /// Takes over the course `learnt` read through `map`, seen again in the settled frames
    /// `seen` (at gain 1): a cell that held still through them takes the frames' mean, the
    /// course as the camera now samples it (someone standing still is learnt in, as by a
    /// calibration); a cell that changed (someone walking) the learnt course read between the
    /// four learnt cells around where it now looks (outside the learnt view, the frames' mean).
    /// Noise is the largest of the four learnt cells' (the nearest one's outside): a course moved is
    /// no surer than it was. Learnt at this frame's light (`gain` over the learnt course: gain 1
    /// again), its thresholds set from the noise as a calibration sets them, without foreground.
    mutating func realign(from learnt: BackgroundModel, map: CourseAlignment, grid: CourseAlignment.Grid,
                          seen: RealignFrames, gain: Float, settings: VisionSettings) {
        let w = grid.columns, h = grid.rows
        guard w * h <= cellCount, learnt.cellCount == cellCount, seen.count > 0, seen.sum.count >= w * h else { return }
        // At this frame's light, as a calibration would learn it: gain back to 1.
        let frames = Float(seen.count) / gain, m = learnt.mean
        for r in 0..<h {
            for c in 0..<w {
                let i = r * w + c
                let s = map.source(column: c, row: r, grid: grid)
                let value = seen.sum[i] / frames
                if let k = CourseAlignment.corners(x: s.x, y: s.y, grid: grid) {
                    let read = gain * (m[k.i00] * k.w00 + m[k.i01] * k.w01 + m[k.i10] * k.w10 + m[k.i11] * k.w11)
                    noise[i] = max(max(learnt.noise[k.i00], learnt.noise[k.i01]), max(learnt.noise[k.i10], learnt.noise[k.i11]))

                    // Held still through the frames: the course as the camera now samples it (a
                    // pole or a line between two sampling points before may fall on one now).
                    // Moved: a person, in front of the course read between the learnt cells.
                    let limit = max(max(learnt.threshold[k.i00], learnt.threshold[k.i01]),
                                    max(learnt.threshold[k.i10], learnt.threshold[k.i11]))
                    mean[i] = seen.high[i] - seen.low[i] <= limit ? value : read
                } else {
                    let nearest = CourseAlignment.nearestCell(x: s.x, y: s.y, grid: grid)
                    mean[i] = value
                    noise[i] = learnt.noise[nearest]
                }
                foreground[i] = 0
                residual[i] = 0
            }
        }
        // Thresholds as a calibration sets them: the contrast floor at this light, and the
        // noise (on edges, the tremble) learnt.
        let contrastFloor = Self.contrastFloor(means: mean, settings: settings)
        for i in 0..<(w * h) { threshold[i] = max(contrastFloor, settings.noiseDeviations * noise[i]) }
        self.gain = 1
        finishRealign()
    }
}
