/// The frames seen since a bump's map held, per cell at gain 1: their luma's sum, lowest and
/// highest, and (colour) each colour cell's chroma sums, lowest and highest.
struct RealignFrames: Sendable {
    var sum: [Float], low: [Float], high: [Float]
    var count = 0
    var blueSum: [Float], redSum: [Float]
    var blueLow: [Float], blueHigh: [Float], redLow: [Float], redHigh: [Float]
    var colourCount = 0

    init(cellCount: Int, colourCellCount: Int) {
        sum = [Float](repeating: 0, count: cellCount)
        low = sum; high = sum
        blueSum = [Float](repeating: 0, count: colourCellCount)
        redSum = blueSum; blueLow = blueSum; blueHigh = blueSum; redLow = blueSum; redHigh = blueSum
    }

    mutating func reset() { count = 0; colourCount = 0 }

    /// Adds a frame's `cells` at `gain`.
    mutating func add(_ cells: UnsafePointer<Float>, gain: Float) {
        let scale = 1 / max(gain, 1e-3)
        for i in 0..<sum.count {
            let v = cells[i] * scale
            if count == 0 {
                sum[i] = v; low[i] = v; high[i] = v
            } else {
                sum[i] += v; low[i] = min(low[i], v); high[i] = max(high[i], v)
            }
        }
        count += 1
    }

    /// Adds a frame's colour cells at `gain` (their distance from grey scales with it).
    mutating func addColour(blue: [Float], red: [Float], gain: Float) {
        let scale = 1 / max(gain, 1e-3)
        guard blue.count >= blueSum.count, red.count >= blueSum.count else { return }
        for i in 0..<blueSum.count {
            let b = 128 + (blue[i] - 128) * scale, r = 128 + (red[i] - 128) * scale
            if colourCount == 0 {
                blueSum[i] = b; redSum[i] = r; blueLow[i] = b; blueHigh[i] = b; redLow[i] = r; redHigh[i] = r
            } else {
                blueSum[i] += b; redSum[i] += r
                blueLow[i] = min(blueLow[i], b); blueHigh[i] = max(blueHigh[i], b)
                redLow[i] = min(redLow[i], r); redHigh[i] = max(redHigh[i], r)
            }
        }
        colourCount += 1
    }
}
