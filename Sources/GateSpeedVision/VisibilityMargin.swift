/// How well the learnt course lets riders be seen: the view's noise, the smallest contrast the
/// thresholds find, the contrast a typical rider shows in this light, and their ratio.
///
/// Measured once, when the course is learnt:
/// - `noise`: the sensor's noise, 1 sigma, luma levels (0-255) of one pixel: twice the median
///   temporal deviation of the cells times the block side (each cell is the mean of `block` x
///   `block` pixels, `AnalysisGrid.block`: twice it for 2 x 2).
/// - `threshold`: the smallest luma difference (levels) of a person-sized region from the course
///   that the detector marks: the cells' median threshold, or the median limit of the pooled
///   test over blocks of cells (a cell's share) where that is lower.
/// - `typicalContrast`: what a typical rider's clothes differ from the ground by, levels:
///   `VisionSettings.typicalRiderContrastFraction` of the view's median luma (a third: 40 levels
///   on a mid-grey course). Differences of reflectance scale with the light, so at dusk, or with
///   a camera that keeps its exposure short, riders show less; a camera that raises its gain
///   instead keeps the contrast and shows more noise. Both lower the margin.
/// - `margin`: `typicalContrast / threshold`. Parts of a rider cover cells only partly and the
///   legs are thin, so a rider needs some margin over the threshold to be seen whole in every
///   frame: below `VisionSettings.reliableVisibilityMargin` the view is too dark to time
///   reliably (`isReliable` false, and `warning` says so).
public struct VisibilityMargin: Sendable, Equatable {
    /// Sensor noise, 1 sigma, luma levels of one pixel.
    public var noise: Float
    /// Smallest contrast of a person-sized region the thresholds find, luma levels.
    public var threshold: Float
    /// Contrast of a typical rider in this light, luma levels.
    public var typicalContrast: Float
    /// The margin below which the view is too dark (from the settings).
    public var reliableMargin: Float

    public init(noise: Float, threshold: Float, typicalContrast: Float, reliableMargin: Float) {
        self.noise = noise
        self.threshold = threshold
        self.typicalContrast = typicalContrast
        self.reliableMargin = reliableMargin
    }

    /// `typicalContrast / threshold`: how many times over the threshold a typical rider is.
    public var margin: Float { threshold > 0 ? typicalContrast / threshold : .infinity }

    /// Whether a typical rider stands far enough above the threshold to be timed reliably.
    public var isReliable: Bool { margin >= reliableMargin }

    /// The log line when the view is too dark, nil otherwise: "view too dark to time reliably:
    /// noise σ 7.1 levels, threshold 21 levels, a typical rider shows 17; margin ×0.8 (×2 needed)".
    public var warning: String? {
        isReliable ? nil : "view too dark to time reliably: " + summary
    }

    /// The figures, one phrase: "noise σ 7.1 levels, threshold 21 levels, a typical rider shows
    /// 17; margin ×0.8 (×2 needed)".
    public var summary: String {
        "noise σ " + Self.decimal(noise, 1) + " levels, threshold " + Self.decimal(threshold, threshold < 10 ? 1 : 0)
            + " levels, a typical rider shows " + Self.decimal(typicalContrast, 0) + "; margin ×"
            + Self.decimal(margin, margin < 10 ? 1 : 0) + " (×" + Self.decimal(reliableMargin, 1, trimmed: true) + " needed)"
    }

    /// The margin of `background`, just learnt, on cells of `block` x `block` pixels.
    init(background: BackgroundModel, settings: VisionSettings, block: Int = 2) {
        var noiseHistogram = LevelHistogram(), thresholdHistogram = LevelHistogram()
        var lumaCounts = [Int](repeating: 0, count: 256)
        let n = background.cellCount
        var pooledHistogram = LevelHistogram(), pooledCells = 0
        for i in 0..<n {
            noiseHistogram.add(background.noiseValue(at: i))
            thresholdHistogram.add(background.thresholdValue(at: i))
            let pooled = background.pooledLimit[i]
            if pooled.isFinite { pooledHistogram.add(pooled / 8); pooledCells += 1 }
            lumaCounts[Int(min(255, max(0, background.learntValue(at: i))))] += 1   // clamped before converting
        }
        var seen = 0, medianLuma: Float = 0
        for (level, count) in lumaCounts.enumerated() {
            seen += count
            if seen * 2 >= n { medianLuma = Float(level) + 0.5; break }
        }
        let cellNoise = noiseHistogram.median
        // A region found by its blocks of cells (see `BackgroundModel+PooledEvidence`) needs only
        // the blocks' limit, a cell's share of it.
        let threshold = pooledCells * 2 >= n ? min(thresholdHistogram.median, pooledHistogram.median)
                                             : thresholdHistogram.median
        self.init(noise: Float(block) * cellNoise, threshold: max(0.25, threshold),
                  typicalContrast: settings.typicalRiderContrastFraction * medianLuma,
                  reliableMargin: settings.reliableVisibilityMargin)
    }

    /// `value` with `decimals` places (half away from zero), without Foundation; `trimmed`: no
    /// trailing zeros.
    static func decimal(_ value: Float, _ decimals: Int, trimmed: Bool = false) -> String {
        guard value.isFinite else { return value > 0 ? "inf" : "nan" }
        var scale = 1
        for _ in 0..<max(0, decimals) { scale *= 10 }
        let scaled = Int((Double(value.magnitude) * Double(scale)).rounded(.toNearestOrAwayFromZero))
        var whole = String(scaled / scale)
        if value < 0 && scaled != 0 { whole = "-" + whole }
        guard decimals > 0 else { return whole }
        var fraction = String(scaled % scale)
        while fraction.count < decimals { fraction = "0" + fraction }
        if trimmed {
            while fraction.hasSuffix("0") { fraction.removeLast() }
            if fraction.isEmpty { return whole }
        }
        return whole + "." + fraction
    }
}
