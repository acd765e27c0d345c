/// The learnt colour of the empty course, one chroma pair per grid cell, used beside the
/// luma model: a rider whose brightness matches the ground (a red jacket on green grass,
/// both mid-grey in luma) still differs in colour.
///
/// Chroma values are 0-255 with 128 meaning no colour. A shadow darkens but hardly changes
/// colour, so this test adds riders without adding shadows. Under a global light change
/// the colour's distance from neutral scales with the gain, as a camera's does.
public struct ChromaBackground: Sendable {
    public let cellCount: Int
    private var meanBlue: [Float]
    private var meanRed: [Float]
    /// L1 colour distance above which a cell is foreground.
    private var threshold: [Float]
    private var foregroundSince: [Double]
    private var sumBlue: [Float]
    private var sumRed: [Float]
    private var sumOfSquares: [Float]
    private var learnedFrames = 0

    public init(cellCount: Int) {
        self.cellCount = cellCount
        func zeros() -> [Float] { [Float](repeating: 0, count: cellCount) }
        meanBlue = zeros(); meanRed = zeros(); sumBlue = zeros(); sumRed = zeros(); sumOfSquares = zeros()
        threshold = [Float](repeating: 255, count: cellCount)
        foregroundSince = [Double](repeating: -.infinity, count: cellCount)
    }

    public mutating func beginLearning() {
        learnedFrames = 0
        for i in 0..<cellCount {
            sumBlue[i] = 0; sumRed[i] = 0; sumOfSquares[i] = 0
            foregroundSince[i] = -.infinity
        }
    }

    public mutating func accumulate(blue: [Float], red: [Float]) {
        learnedFrames += 1
        for i in 0..<cellCount {
            sumBlue[i] += blue[i]; sumRed[i] += red[i]
            sumOfSquares[i] += blue[i] * blue[i] + red[i] * red[i]
        }
    }

    public mutating func finishLearning(settings: VisionSettings) {
        guard learnedFrames > 0 else { return }
        let n = Float(learnedFrames)
        var histogram = LevelHistogram()
        for i in 0..<cellCount {
            let b = sumBlue[i] / n, r = sumRed[i] / n
            meanBlue[i] = b; meanRed[i] = r
            threshold[i] = max(0, sumOfSquares[i] / n - b * b - r * r).squareRoot()
            histogram.add(threshold[i])
        }
        let floor = histogram.median
        for i in 0..<cellCount {
            // The L1 distance of two channels is about 1.6 times one channel's deviation.
            threshold[i] = max(settings.minimumColourContrast, settings.noiseDeviations * 1.6 * max(threshold[i], floor))
            foregroundSince[i] = -.infinity
        }
    }

    /// Marks in `mask` the cells that luma left as background but whose colour departs from the
    /// course, updates the background cells' colour, and returns how many cells it added.
    public mutating func refine(blue: [Float], red: [Float], mask: inout [UInt8],
                                gain: Float, time: Double, rate: Float, settings: VisionSettings) -> Int {
        var added = 0
        let absorbAfter = settings.staticAbsorbSeconds
        let g = max(0.25, gain)
        for i in 0..<cellCount {
            let expectedBlue = 128 + g * (meanBlue[i] - 128), expectedRed = 128 + g * (meanRed[i] - 128)
            let distance = abs(blue[i] - expectedBlue) + abs(red[i] - expectedRed)
            if distance > threshold[i] {
                if mask[i] == 0 { mask[i] = 1; added += 1 }
                if foregroundSince[i] == -.infinity {
                    foregroundSince[i] = time
                } else if time - foregroundSince[i] > absorbAfter {
                    meanBlue[i] = 128 + (blue[i] - 128) / g
                    meanRed[i] = 128 + (red[i] - 128) / g
                    foregroundSince[i] = -.infinity
                }
            } else {
                foregroundSince[i] = -.infinity
                if mask[i] == 0 {
                    meanBlue[i] += rate * (128 + (blue[i] - 128) / g - meanBlue[i])
                    meanRed[i] += rate * (128 + (red[i] - 128) / g - meanRed[i])
                }
            }
        }
        return added
    }
}
