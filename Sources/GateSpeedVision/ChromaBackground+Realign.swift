/// The learnt colour of the course moved with a bumped camera (see `CourseAlignment`).
extension ChromaBackground {
    /// Takes over the colour `learnt` read through `map` (a map of the luma grid `grid`), seen
    /// again in the settled frames `seen`: as the luma (`BackgroundModel.realign`), a colour cell
    /// that held its colour through them takes the frames' mean, one that changed the colour read
    /// between the four learnt colour cells around where it now looks; its threshold is the largest
    /// of theirs. A cell that now sees what was outside the learnt view takes the frames' mean, with
    /// its nearest learnt cell's threshold twice as wide.
    mutating func realign(from learnt: ChromaBackground, map: CourseAlignment, grid: CourseAlignment.Grid,
                          seen: RealignFrames, gain: Float) {
        guard learnt.cellCount == cellCount, columns >= 2, rows >= 2, seen.colourCount > 0,
              seen.blueSum.count == cellCount else { return }
        let frames = Float(seen.colourCount)
        // At this frame's light (the detector's gain goes back to 1): colour away from grey scales with it.
        func lit(_ value: Float) -> Float { 128 + (value - 128) * gain }
        let half = CourseAlignment.Grid(columns: columns, rows: rows, cellAspect: grid.cellAspect)
        for r in 0..<rows {
            for c in 0..<columns {
                let i = r * columns + c
                // The colour cell's centre on the luma grid, read through the map, back on the colour grid.
                let s = map.source(x: 2 * Double(c) + 1, y: 2 * Double(r) + 1, grid: grid)
                let u = (s.x - 1) / 2, v = (s.y - 1) / 2
                let j = Int(u.rounded(.down)), k = Int(v.rounded(.down))
                if j >= 0, j + 1 < half.columns, k >= 0, k + 1 < half.rows {
                    let fx = Float(u - Double(j)), fy = Float(v - Double(k))
                    let a = k * columns + j, b = a + columns
                    func read(_ values: [Float]) -> Float {
                        (values[a] * (1 - fx) + values[a + 1] * fx) * (1 - fy) + (values[b] * (1 - fx) + values[b + 1] * fx) * fy
                    }
                    threshold[i] = max(max(learnt.threshold[a], learnt.threshold[a + 1]),
                                       max(learnt.threshold[b], learnt.threshold[b + 1]))
                    let range = (seen.blueHigh[i] - seen.blueLow[i]) + (seen.redHigh[i] - seen.redLow[i])
                    if range <= threshold[i] {
                        meanBlue[i] = lit(seen.blueSum[i] / frames)
                        meanRed[i] = lit(seen.redSum[i] / frames)
                    } else {
                        meanBlue[i] = lit(read(learnt.meanBlue))
                        meanRed[i] = lit(read(learnt.meanRed))
                    }
                } else {
                    let nearest = min(rows - 1, max(0, Int(v.rounded()))) * columns + min(columns - 1, max(0, Int(u.rounded())))
                    meanBlue[i] = lit(seen.blueSum[i] / frames)
                    meanRed[i] = lit(seen.redSum[i] / frames)
                    threshold[i] = 2 * learnt.threshold[nearest]
                }
                foreground[i] = 0
            }
        }
    }
}
